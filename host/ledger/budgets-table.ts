/**
 * Budgets in the studio database (docs/ledger.md, "Budgets"; docs/data.md): each profile's limits
 * and hard stop, and the warnings already given, one row per budget, period and level, so a
 * restart never gives one twice. The spend is read from the ledger's own rows (`spendOf`).
 */
import type { BudgetKind, BudgetLevel, BudgetLimits } from '@shared/contract/budgets.js';
import { BudgetLimits as LimitsSchema } from '@shared/contract/budgets.js';
import type { Db, DomainMigrations } from '../db/migrations.js';

export const budgetsMigrations: DomainMigrations = {
  domain: 'budgets',
  migrations: [
    {
      version: 1,
      name: 'budgets and the warnings given',
      up: (db) => db.exec(`
        CREATE TABLE budgets_config (
          profile_id TEXT PRIMARY KEY,
          limits TEXT NOT NULL,
          hard_stop INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE budgets_warnings (
          profile_id TEXT NOT NULL,
          kind TEXT NOT NULL,
          period_start REAL NOT NULL,
          level INTEGER NOT NULL,
          at REAL NOT NULL,
          PRIMARY KEY (profile_id, kind, period_start, level)
        ) STRICT;
      `),
    },
  ],
};

export interface StoredBudgets {
  limits: BudgetLimits;
  hardStop: boolean;
}

/** What a profile's calls used in a period, from the ledger's rows. */
export interface PeriodSpend {
  /** The calls' money, charges less refunds (the "not attributed" remainder is not a call's). */
  money: number;
  /** Calls whose money is not known: unpriced, or waiting for their balance read. */
  unpriced: number;
  /** Of those, the ones waiting for their balance read. */
  pending: number;
  /** Text tokens in, out and thinking. */
  tokens: number;
}

export class BudgetsTable {
  private readonly getConfig;
  private readonly putConfig;
  private readonly given;
  private readonly give;
  private readonly forget;
  private readonly prune;
  private readonly withBudgets;

  constructor(db: Db) {
    this.getConfig = db.prepare('SELECT limits, hard_stop FROM budgets_config WHERE profile_id = ?');
    this.putConfig = db.prepare(`INSERT INTO budgets_config (profile_id, limits, hard_stop) VALUES (?, ?, ?)
      ON CONFLICT (profile_id) DO UPDATE SET limits = excluded.limits, hard_stop = excluded.hard_stop`);
    this.given = db.prepare('SELECT level FROM budgets_warnings WHERE profile_id = ? AND kind = ? AND period_start = ? ORDER BY level').pluck();
    this.give = db.prepare('INSERT OR IGNORE INTO budgets_warnings (profile_id, kind, period_start, level, at) VALUES (?, ?, ?, ?, ?)');
    this.forget = db.prepare('DELETE FROM budgets_warnings WHERE profile_id = ? AND kind = ?');
    this.prune = db.prepare('DELETE FROM budgets_warnings WHERE period_start < ?');
    this.withBudgets = db.prepare("SELECT profile_id FROM budgets_config WHERE limits != '{}'").pluck();
  }

  config(profileId: string): StoredBudgets {
    const row = this.getConfig.get(profileId) as { limits: string; hard_stop: number } | undefined;
    if (!row) return { limits: {}, hardStop: false };
    // A row a newer version wrote, or damaged by hand, reads as no budget rather than a crash.
    let limits: BudgetLimits = {};
    try {
      const parsed = LimitsSchema.safeParse(JSON.parse(row.limits));
      if (parsed.success) limits = parsed.data;
    } catch {
      limits = {};
    }
    return { limits, hardStop: row.hard_stop === 1 };
  }

  /** The profiles with a budget set. */
  profiles(): string[] {
    return this.withBudgets.all() as string[];
  }

  save(profileId: string, config: StoredBudgets): void {
    this.putConfig.run(profileId, JSON.stringify(config.limits), config.hardStop ? 1 : 0);
  }

  warned(profileId: string, kind: BudgetKind, periodStart: number): BudgetLevel[] {
    return this.given.all(profileId, kind, periodStart) as BudgetLevel[];
  }

  /** Notes a warning as given; false when it already was. */
  warn(profileId: string, kind: BudgetKind, periodStart: number, level: BudgetLevel, at: number): boolean {
    return this.give.run(profileId, kind, periodStart, level, at).changes > 0;
  }

  /** A budget whose limit changed starts its warnings again. */
  forgetWarnings(profileId: string, kind: BudgetKind): void {
    this.forget.run(profileId, kind);
  }

  /** Warnings of periods long over are of no use. */
  pruneBefore(t: number): void {
    this.prune.run(t);
  }
}

/** The ledger's rows of one profile in `[from, to)`, summed through the `(profile_id, at)` index. */
export function spendReader(ledgerDb: Db): (profileId: string, from: number, to: number) => PeriodSpend {
  const sum = ledgerDb.prepare(`SELECT
      COALESCE(SUM(COALESCE(money, 0) + COALESCE(refund_money, 0)), 0) AS money,
      COALESCE(SUM(CASE WHEN basis IS NULL OR basis = 'unpriced' THEN 1 ELSE 0 END), 0) AS unpriced,
      COALESCE(SUM(CASE WHEN basis IS NULL THEN 1 ELSE 0 END), 0) AS pending,
      COALESCE(SUM(CASE WHEN json_extract(units, '$.kind') = 'text'
        THEN json_extract(units, '$.input') + json_extract(units, '$.output') + json_extract(units, '$.thinking') ELSE 0 END), 0) AS tokens
    FROM ledger_rows WHERE profile_id = ? AND at >= ? AND at < ? AND kind = 'call'`);
  return (profileId, from, to) => sum.get(profileId, from, to) as PeriodSpend;
}
