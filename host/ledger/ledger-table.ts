/**
 * The ledger's rows in the studio database (docs/ledger.md, "Rows"): one row per billed call,
 * keyed by its call id, so a `billed` heard twice, or a job's row written again at a start,
 * writes nothing more (`INSERT OR IGNORE`). A balance window's "not attributed" remainder is a
 * row of its own (`kind = 'remainder'`): the rows' money, remainders included, sums to the
 * gateway's `total_used` change since the first read.
 *
 * Money is integer ten-thousandths of a yuan (money.ts). `money` NULL with `basis` NULL: not
 * attributed yet (its balance read is due); `basis = 'unpriced'`: nothing is known, never 0.
 */
import type { Db, DomainMigrations } from '../db/migrations.js';
import type { BilledLinks } from '../events.js';
import type { Basis } from './attribution.js';
import type { BilledUnits, LedgerRoute } from './units.js';
import { ledgerDaysMigration } from './ledger-days.js';

export const ledgerMigrations: DomainMigrations = {
  domain: 'ledger',
  migrations: [
    {
      version: 1,
      name: 'ledger rows',
      up: (db) => db.exec(`
        CREATE TABLE ledger_rows (
          call_id TEXT PRIMARY KEY,
          kind TEXT NOT NULL,
          at REAL NOT NULL,
          profile_id TEXT NOT NULL,
          route TEXT NOT NULL,
          model TEXT NOT NULL,
          modality TEXT NOT NULL,
          units TEXT,
          outcome TEXT NOT NULL,
          links TEXT NOT NULL,
          money INTEGER,
          basis TEXT,
          range_low INTEGER,
          range_high INTEGER,
          refund_money INTEGER,
          refund_basis TEXT
        ) STRICT;
        CREATE INDEX ledger_rows_at ON ledger_rows (at);
        CREATE INDEX ledger_rows_profile_at ON ledger_rows (profile_id, at);
      `),
    },
    {
      version: 2,
      name: 'last balance read per profile',
      up: (db) => db.exec(`
        CREATE TABLE ledger_balances (
          profile_id TEXT PRIMARY KEY,
          total_used INTEGER NOT NULL,
          at REAL NOT NULL
        ) STRICT;
      `),
    },
    ledgerDaysMigration,
  ],
};

export type Modality = 'text' | 'image' | 'video' | 'speech';
/** `failed`: the job failed and the gateway kept its charge (as far as the balance shows). */
export type Outcome = 'succeeded' | 'failed' | 'refunded';

export interface LedgerRow {
  callId: string;
  kind: 'call' | 'remainder';
  at: number;
  profileId: string;
  route: LedgerRoute | 'remainder';
  model: string;
  modality: Modality | 'remainder';
  units?: BilledUnits;
  outcome: Outcome;
  links: BilledLinks & { libraryIds?: string[] };
  money?: number;
  basis?: Basis;
  range?: { low: number; high: number };
  refund?: { money?: number; basis: Basis };
}

interface RawRow {
  call_id: string; kind: string; at: number; profile_id: string; route: string; model: string; modality: string;
  units: string | null; outcome: string; links: string; money: number | null; basis: string | null;
  range_low: number | null; range_high: number | null; refund_money: number | null; refund_basis: string | null;
}

const parse = <T>(text: string | null, fallback: T): T => {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

export function rowOf(r: RawRow): LedgerRow {
  const units = parse<BilledUnits | undefined>(r.units, undefined);
  return {
    callId: r.call_id, kind: r.kind as LedgerRow['kind'], at: r.at, profileId: r.profile_id, route: r.route as LedgerRow['route'],
    model: r.model, modality: r.modality as LedgerRow['modality'], ...(units ? { units } : {}), outcome: r.outcome as Outcome,
    links: parse(r.links, {}),
    ...(r.money !== null ? { money: r.money } : {}),
    ...(r.basis !== null ? { basis: r.basis as Basis } : {}),
    ...(r.range_low !== null && r.range_high !== null ? { range: { low: r.range_low, high: r.range_high } } : {}),
    ...(r.refund_basis !== null ? { refund: { basis: r.refund_basis as Basis, ...(r.refund_money !== null ? { money: r.refund_money } : {}) } } : {}),
  };
}

export interface RowQuery {
  profileId?: string;
  modality?: LedgerRow['modality'];
  model?: string;
  from?: number;
  to?: number;
  /** Rows older than this (`at`, then call id) come next: the page's cursor. */
  before?: { at: number; callId: string };
  limit: number;
}

/** The statements of the ledger's table; every one bounded by an index or a key. */
export class LedgerTable {
  private readonly insert;
  private readonly byId;
  private readonly setMoney;
  private readonly setRefund;
  private readonly setOutcome;
  private readonly setLinks;
  private readonly exactRows;
  private readonly lastTotal;
  private readonly unread;
  private readonly saveTotal;

  constructor(readonly db: Db) {
    this.insert = db.prepare(`INSERT OR IGNORE INTO ledger_rows (call_id, kind, at, profile_id, route, model, modality, units, outcome, links, money, basis)
      VALUES (@callId, @kind, @at, @profileId, @route, @model, @modality, @units, @outcome, @links, @money, @basis)`);
    this.byId = db.prepare('SELECT * FROM ledger_rows WHERE call_id = ?');
    this.setMoney = db.prepare('UPDATE ledger_rows SET money = ?, basis = ?, range_low = ?, range_high = ? WHERE call_id = ?');
    this.setRefund = db.prepare("UPDATE ledger_rows SET refund_money = ?, refund_basis = ?, outcome = 'refunded' WHERE call_id = ?");
    this.setOutcome = db.prepare("UPDATE ledger_rows SET outcome = ? WHERE call_id = ? AND outcome != 'refunded'");
    this.setLinks = db.prepare('UPDATE ledger_rows SET links = ? WHERE call_id = ?');
    this.unread = db.prepare("UPDATE ledger_rows SET basis = 'unpriced' WHERE kind = 'call' AND basis IS NULL");
    this.lastTotal = db.prepare('SELECT total_used FROM ledger_balances WHERE profile_id = ?').pluck();
    this.saveTotal = db.prepare(`INSERT INTO ledger_balances (profile_id, total_used, at) VALUES (?, ?, ?)
      ON CONFLICT (profile_id) DO UPDATE SET total_used = excluded.total_used, at = excluded.at`);
    this.exactRows = db.prepare("SELECT * FROM ledger_rows WHERE basis = 'exact' AND units IS NOT NULL ORDER BY at DESC LIMIT ?");
  }

  /** Writes the row unless its call id has one; true when written. */
  add(row: LedgerRow): boolean {
    return this.insert.run({
      callId: row.callId, kind: row.kind, at: row.at, profileId: row.profileId, route: row.route, model: row.model,
      modality: row.modality, units: row.units ? JSON.stringify(row.units) : null, outcome: row.outcome,
      links: JSON.stringify(row.links), money: row.money ?? null, basis: row.basis ?? null,
    }).changes > 0;
  }

  get(callId: string): LedgerRow | undefined {
    const r = this.byId.get(callId) as RawRow | undefined;
    return r && rowOf(r);
  }

  money(callId: string, money: number | undefined, basis: Basis, range?: { low: number; high: number }): void {
    this.setMoney.run(money ?? null, basis, range?.low ?? null, range?.high ?? null, callId);
  }

  refund(callId: string, money: number | undefined, basis: Basis): void {
    this.setRefund.run(money ?? null, basis, callId);
  }

  outcome(callId: string, outcome: Outcome): void {
    this.setOutcome.run(outcome, callId);
  }

  links(callId: string, links: LedgerRow['links']): void {
    this.setLinks.run(JSON.stringify(links), callId);
  }

  /** Rows an earlier session never read the balance for: unpriced (the gap between sessions holds their money). */
  unreadAsUnpriced(): number {
    return this.unread.run().changes;
  }

  /** The `total_used` the last read of the profile's balance gave, in any earlier session. */
  lastRead(profileId: string): number | undefined {
    return this.lastTotal.get(profileId) as number | undefined;
  }

  savedRead(profileId: string, total: number, at: number): void {
    this.saveTotal.run(profileId, total, at);
  }

  /** The newest exact rows, for the learner at start. */
  exact(limit: number): LedgerRow[] {
    return (this.exactRows.all(limit) as RawRow[]).map(rowOf);
  }

  /** A page of rows, newest first, by the filters. */
  rows(q: RowQuery): LedgerRow[] {
    const { where, params } = whereOf(q);
    if (q.before) {
      where.push('(at < @beforeAt OR (at = @beforeAt AND call_id < @beforeId))');
      params.beforeAt = q.before.at;
      params.beforeId = q.before.callId;
    }
    const sql = `SELECT * FROM ledger_rows ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY at DESC, call_id DESC LIMIT @limit`;
    return (this.db.prepare(sql).all({ ...params, limit: q.limit }) as RawRow[]).map(rowOf);
  }

  /**
   * Sums of money (a charge and its refund together; remainders their own) grouped by day (from
   * `dayStart` of each row's time, given as an offset in ms) and model, within the filters.
   */
  sums(q: Omit<RowQuery, 'limit' | 'before'>, dayOffsetMs: number): { day: number; model: string; modality: string; money: number; unpriced: number; rows: number }[] {
    const { where, params } = whereOf(q);
    const sql = `SELECT CAST((at + @offset) / 86400000 AS INTEGER) AS day, model, modality,
        SUM(COALESCE(money, 0) + COALESCE(refund_money, 0)) AS money,
        SUM(CASE WHEN kind = 'call' AND (basis = 'unpriced' OR basis IS NULL) THEN 1 ELSE 0 END) AS unpriced,
        COUNT(*) AS rows
      FROM ledger_rows ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      GROUP BY day, model, modality ORDER BY day`;
    return this.db.prepare(sql).all({ ...params, offset: dayOffsetMs }) as { day: number; model: string; modality: string; money: number; unpriced: number; rows: number }[];
  }
}

function whereOf(q: Omit<RowQuery, 'limit' | 'before'>): { where: string[]; params: Record<string, unknown> } {
  const where: string[] = [];
  const params: Record<string, unknown> = {};
  const columns = { profileId: 'profile_id = @profileId', modality: 'modality = @modality', model: 'model = @model', from: 'at >= @from', to: 'at < @to' } as const;
  for (const [key, clause] of Object.entries(columns)) {
    const value = q[key as keyof typeof columns];
    if (value === undefined) continue;
    where.push(clause);
    params[key] = value;
  }
  return { where, params };
}
