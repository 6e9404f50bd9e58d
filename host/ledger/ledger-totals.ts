/**
 * The ledger's totals (docs/ledger.md, "Rows" and "The Spend view"): today, the last 7 days and
 * this calendar month, and the filter's range by local day and by model, every figure including
 * the remainder rows, so each equals the gateway's `total_used` change over the same time.
 *
 * A range of whole local days (what the Spend view asks) is read from the day sums
 * (ledger-days.ts), a few thousand rows however long the ledger; a range cut inside a day is
 * summed from the rows themselves.
 */
import type { LedgerFilter, LedgerTotals } from '@shared/contract/ledger.js';
import { daySums, dayTotal } from './ledger-days.js';
import type { LedgerTable } from './ledger-table.js';

type Modality = LedgerTotals['byDay'][number]['modality'];

/** The local midnight of `t`'s day. */
const dayStart = (t: number) => {
  const d = new Date(t);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
};

const pad = (n: number) => String(n).padStart(2, '0');
/** `t`'s local date as SQLite's `date(…, 'localtime')` writes it. */
export const dayLabel = (t: number): string => {
  const d = new Date(t);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
const labelStart = (label: string): number => {
  const [y, m, d] = label.split('-').map(Number);
  return new Date(y, m - 1, d).getTime();
};
/** Local midnight `days` days before (or after) `t`'s, counted in calendar days (a daylight-saving day has 23 or 25 hours). */
const daysFrom = (t: number, days: number) => {
  const d = new Date(t);
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() + days);
  return d.getTime();
};

const isMidnight = (t: number | undefined) => t === undefined || dayStart(t) === t;

interface Grouped {
  byDay: LedgerTotals['byDay'];
  byModel: LedgerTotals['byModel'];
}

/** From the day sums: a range of whole days. */
function fromDays(table: LedgerTable, rest: Omit<LedgerFilter, 'from' | 'to'>, from?: number, to?: number): Grouped {
  const sums = daySums(table.db, { ...rest, ...(from !== undefined ? { fromDay: dayLabel(from) } : {}), ...(to !== undefined ? { toDay: dayLabel(to) } : {}) });
  return {
    byDay: sums.byDay.map((r) => ({ day: labelStart(r.day), modality: r.modality as Modality, money: r.money, rows: r.rows })),
    byModel: sums.byModel.map((r) => ({ model: r.model, modality: r.modality as Modality, money: r.money, unpriced: r.unpriced, rows: r.rows })),
  };
}

/** From the rows: a range cut inside a day. */
function fromRows(table: LedgerTable, rest: Omit<LedgerFilter, 'from' | 'to'>, now: number, from?: number, to?: number): Grouped {
  const offset = -new Date(now).getTimezoneOffset() * 60_000;
  const rows = table.sums({ ...rest, ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}) }, offset);
  const byDay = new Map<string, LedgerTotals['byDay'][number]>();
  const byModel = new Map<string, LedgerTotals['byModel'][number]>();
  for (const r of rows) {
    const modality = r.modality as Modality;
    const day = dayStart(r.day * 86_400_000 - offset);
    const d = byDay.get(`${day} ${modality}`) ?? { day, modality, money: 0, rows: 0 };
    byDay.set(`${day} ${modality}`, { ...d, money: d.money + r.money, rows: d.rows + r.rows });
    const m = byModel.get(`${r.model} ${modality}`) ?? { model: r.model, modality, money: 0, unpriced: 0, rows: 0 };
    byModel.set(`${r.model} ${modality}`, { ...m, money: m.money + r.money, unpriced: m.unpriced + r.unpriced, rows: m.rows + r.rows });
  }
  return { byDay: [...byDay.values()], byModel: [...byModel.values()] };
}

export function ledgerTotals(table: LedgerTable, filter: LedgerFilter, now: number): LedgerTotals {
  const { from, to, ...rest } = filter;
  const today = dayStart(now);
  const monthStart = new Date(today);
  monthStart.setDate(1);
  const since = (start: number) => dayTotal(table.db, { ...rest, fromDay: dayLabel(start) });
  const { byDay, byModel } = isMidnight(from) && isMidnight(to) ? fromDays(table, rest, from, to) : fromRows(table, rest, now, from, to);
  return {
    today: since(today),
    week: since(daysFrom(today, -6)),
    month: since(monthStart.getTime()),
    remainder: byModel.filter((r) => r.modality === 'remainder').reduce((n, r) => n + r.money, 0),
    byDay: byDay.sort((a, b) => a.day - b.day),
    byModel: byModel.sort((a, b) => b.money - a.money),
  };
}
