/**
 * The ledger's totals (docs/ledger.md, "Rows"): today, the last 7 days and this calendar month,
 * and the filter's range by local day and by model, every figure including the remainder rows, so
 * each equals the gateway's `total_used` change over the same time.
 */
import type { LedgerFilter, LedgerTotals } from '@shared/contract/ledger.js';
import type { LedgerTable } from './ledger-table.js';

const DAY_MS = 86_400_000;

/** The local midnight of `t`'s day. */
const dayStart = (t: number) => {
  const d = new Date(t);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
};

export function ledgerTotals(table: LedgerTable, filter: LedgerFilter, now: number): LedgerTotals {
  const { from, to, ...rest } = filter;
  const offset = -new Date(now).getTimezoneOffset() * 60_000;
  const today = dayStart(now);
  const monthStart = new Date(today);
  monthStart.setDate(1);
  const sum = (start: number) => {
    const rows = table.sums({ ...rest, from: start }, offset);
    return {
      money: rows.reduce((n, r) => n + r.money, 0),
      unpriced: rows.reduce((n, r) => n + r.unpriced, 0),
      rows: rows.reduce((n, r) => n + r.rows, 0),
    };
  };
  const inRange = table.sums({ ...rest, ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}) }, offset);
  const byDay = new Map<string, LedgerTotals['byDay'][number]>();
  const byModel = new Map<string, LedgerTotals['byModel'][number]>();
  for (const r of inRange) {
    const modality = r.modality as LedgerTotals['byDay'][number]['modality'];
    const day = r.day * DAY_MS - offset;
    const d = byDay.get(`${day} ${modality}`) ?? { day, modality, money: 0, rows: 0 };
    byDay.set(`${day} ${modality}`, { ...d, money: d.money + r.money, rows: d.rows + r.rows });
    const m = byModel.get(`${r.model} ${modality}`) ?? { model: r.model, modality, money: 0, unpriced: 0, rows: 0 };
    byModel.set(`${r.model} ${modality}`, { ...m, money: m.money + r.money, unpriced: m.unpriced + r.unpriced, rows: m.rows + r.rows });
  }
  return {
    today: sum(today),
    week: sum(today - 6 * DAY_MS),
    month: sum(monthStart.getTime()),
    remainder: inRange.filter((r) => r.modality === 'remainder').reduce((n, r) => n + r.money, 0),
    byDay: [...byDay.values()].sort((a, b) => a.day - b.day),
    byModel: [...byModel.values()].sort((a, b) => b.money - a.money),
  };
}
