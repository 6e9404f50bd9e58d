/**
 * The ledger's sums per local day, profile, model and modality (docs/ledger.md, "The Spend
 * view"), kept by triggers in the same statement as every write to `ledger_rows`: an insert, a
 * money or refund written later by a balance read, a row removed. So the Spend view's totals read
 * a few thousand sums instead of grouping up to a million rows, and no writer (the host, the job
 * sender, a restore) can forget to keep them: SQLite does it, in the writer's own transaction.
 *
 * The day is the row's local date as SQLite's `localtime` gives it (the process's time zone, the
 * same one the renderer's dates use). Days counted in another zone are counted again at open
 * (`rebuildDaysIfZoneChanged`): the sums are only a faster way to read the rows.
 */
import type { Db, Migration } from '../db/migrations.js';

const DAY = "date(X.at / 1000, 'unixepoch', 'localtime')";
/** The money a row counts for: its charge and its refund together (a remainder its own). */
const MONEY = 'COALESCE(X.money, 0) + COALESCE(X.refund_money, 0)';
/** A call whose money is not known: unpriced, or waiting for its balance read. */
const UNPRICED = "(X.kind = 'call' AND (X.basis IS NULL OR X.basis = 'unpriced'))";

const add = (row: 'NEW' | 'OLD', sign: 1 | -1) => {
  const x = (sql: string) => sql.replaceAll('X.', `${row}.`);
  return `INSERT INTO ledger_days (day, profile_id, model, modality, money, unpriced, rows)
    VALUES (${x(DAY)}, ${row}.profile_id, ${row}.model, ${row}.modality, ${sign} * (${x(MONEY)}), ${sign} * ${x(UNPRICED)}, ${sign})
    ON CONFLICT (day, profile_id, model, modality) DO UPDATE
      SET money = money + excluded.money, unpriced = unpriced + excluded.unpriced, rows = rows + excluded.rows;`;
};

const FILL = `INSERT INTO ledger_days (day, profile_id, model, modality, money, unpriced, rows)
  SELECT ${DAY.replaceAll('X.', '')}, profile_id, model, modality, SUM(${MONEY.replaceAll('X.', '')}), SUM(${UNPRICED.replaceAll('X.', '')}), COUNT(*)
  FROM ledger_rows GROUP BY 1, 2, 3, 4`;

export const ledgerDaysMigration: Migration = {
  version: 3,
  name: 'sums per day for the Spend view',
  up: (db) => db.exec(`
    CREATE TABLE ledger_days (
      day TEXT NOT NULL,
      profile_id TEXT NOT NULL,
      model TEXT NOT NULL,
      modality TEXT NOT NULL,
      money INTEGER NOT NULL,
      unpriced INTEGER NOT NULL,
      rows INTEGER NOT NULL,
      PRIMARY KEY (day, profile_id, model, modality)
    ) STRICT, WITHOUT ROWID;
    CREATE TABLE ledger_days_zone (zone TEXT NOT NULL) STRICT;
    CREATE TRIGGER ledger_days_insert AFTER INSERT ON ledger_rows BEGIN ${add('NEW', 1)} END;
    CREATE TRIGGER ledger_days_delete AFTER DELETE ON ledger_rows BEGIN ${add('OLD', -1)} END;
    CREATE TRIGGER ledger_days_update AFTER UPDATE OF at, profile_id, model, modality, kind, money, basis, refund_money ON ledger_rows
      BEGIN ${add('OLD', -1)} ${add('NEW', 1)} END;
    ${FILL};
    CREATE INDEX ledger_rows_model_at ON ledger_rows (model, at);
    CREATE INDEX ledger_rows_modality_at ON ledger_rows (modality, at);
  `),
};

/** The time zone the day sums are counted in now. */
export const currentZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';

/**
 * Counts the days again when the studio starts in another time zone than the sums were counted
 * in (a creator who travelled): one grouping pass over the rows, once. True when it did.
 */
export function rebuildDaysIfZoneChanged(db: Db, zone: string = currentZone()): boolean {
  const stored = db.prepare('SELECT zone FROM ledger_days_zone').pluck().get() as string | undefined;
  if (stored === zone) return false;
  db.transaction(() => {
    db.exec('DELETE FROM ledger_days_zone');
    db.prepare('INSERT INTO ledger_days_zone (zone) VALUES (?)').run(zone);
    if (stored === undefined) return;
    db.exec('DELETE FROM ledger_days');
    db.exec(FILL);
  })();
  return stored !== undefined;
}

export interface DayQuery {
  profileId?: string;
  modality?: string;
  model?: string;
  /** Local dates `YYYY-MM-DD`, from inclusive, to exclusive. */
  fromDay?: string;
  toDay?: string;
}

export interface Sums { money: number; unpriced: number; rows: number }

function whereOf(q: DayQuery): { where: string; params: Record<string, string> } {
  const where: string[] = [];
  const clauses = { profileId: 'profile_id = @profileId', modality: 'modality = @modality', model: 'model = @model', fromDay: 'day >= @fromDay', toDay: 'day < @toDay' } as const;
  const params: Record<string, string> = {};
  for (const [key, clause] of Object.entries(clauses)) {
    const value = q[key as keyof typeof clauses];
    if (value === undefined) continue;
    where.push(clause);
    params[key] = value;
  }
  return { where: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
}

const SUMS = 'SUM(money) AS money, SUM(unpriced) AS unpriced, SUM(rows) AS rows';

/**
 * The day sums within the filters, three ways: per day and modality (the chart by day), per model
 * and modality (the chart by model), and in all. Each groups a few thousand sums, never the rows.
 */
export function daySums(db: Db, q: DayQuery): {
  byDay: (Sums & { day: string; modality: string })[];
  byModel: (Sums & { model: string; modality: string })[];
} {
  const { where, params } = whereOf(q);
  return {
    byDay: db.prepare(`SELECT day, modality, ${SUMS} FROM ledger_days ${where} GROUP BY day, modality HAVING SUM(rows) > 0 ORDER BY day`).all(params) as (Sums & { day: string; modality: string })[],
    byModel: db.prepare(`SELECT model, modality, ${SUMS} FROM ledger_days ${where} GROUP BY model, modality HAVING SUM(rows) > 0`).all(params) as (Sums & { model: string; modality: string })[],
  };
}

export function dayTotal(db: Db, q: DayQuery): Sums {
  const { where, params } = whereOf(q);
  const r = db.prepare(`SELECT ${SUMS} FROM ledger_days ${where}`).get(params) as { money: number | null; unpriced: number | null; rows: number | null };
  return { money: r.money ?? 0, unpriced: r.unpriced ?? 0, rows: r.rows ?? 0 };
}
