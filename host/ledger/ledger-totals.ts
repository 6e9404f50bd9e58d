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
import { daySums, type DaySum } from './ledger-days.js';
import type { LedgerTable } from './ledger-table.js';

type Sum = LedgerTotals['today'];
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

const total = (rows: readonly { money: number; unpriced: number; rows: number }[]): Sum => ({
  money: rows.reduce((n, r) => n + r.money, 0),
  unpriced: rows.reduce((n, r) => n + r.unpriced, 0),
  rows: rows.reduce((n, r) => n + r.rows, 0),
});

export function ledgerTotals(table: LedgerTable, filter: LedgerFilter, now: number): LedgerTotals {
  const { from, to, ...rest } = filter;
  const today = dayStart(now);
  const monthStart = new Date(today);
  monthStart.setDate(1);
  const byDays = (start?: number, end?: number): (DaySum & { start: number })[] =>
    daySums(table.db, { ...rest, ...(start !== undefined ? { fromDay: dayLabel(start) } : {}), ...(end !== undefined ? { toDay: dayLabel(end) } : {}) })
      .map((r) => ({ ...r, start: labelStart(r.day) }));
  const byRows = (start?: number, end?: number) => {
    const offset = -new Date(now).getTimezoneOffset() * 60_000;
    return table.sums({ ...rest, ...(start !== undefined ? { from: start } : {}), ...(end !== undefined ? { to: end } : {}) }, offset)
      .map((r) => ({ ...r, start: dayStart(r.day * 86_400_000 - offset) }));
  };
  const inRange = isMidnight(from) && isMidnight(to) ? byDays(from, to) : byRows(from, to);
  const byDay = new Map<string, LedgerTotals['byDay'][number]>();
  const byModel = new Map<string, LedgerTotals['byModel'][number]>();
  for (const r of inRange) {
    const modality = r.modality as Modality;
    const d = byDay.get(`${r.start} ${modality}`) ?? { day: r.start, modality, money: 0, rows: 0 };
    byDay.set(`${r.start} ${modality}`, { ...d, money: d.money + r.money, rows: d.rows + r.rows });
    const m = byModel.get(`${r.model} ${modality}`) ?? { model: r.model, modality, money: 0, unpriced: 0, rows: 0 };
    byModel.set(`${r.model} ${modality}`, { ...m, money: m.money + r.money, unpriced: m.unpriced + r.unpriced, rows: m.rows + r.rows });
  }
  return {
    today: total(byDays(today)),
    week: total(byDays(daysFrom(today, -6))),
    month: total(byDays(monthStart.getTime())),
    remainder: inRange.filter((r) => r.modality === 'remainder').reduce((n, r) => n + r.money, 0),
    byDay: [...byDay.values()].sort((a, b) => a.day - b.day),
    byModel: [...byModel.values()].sort((a, b) => b.money - a.money),
  };
}
