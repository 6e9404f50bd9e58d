/**
 * The Spend view's filters as the creator sets them (a date preset or custom dates, a profile, a
 * kind, a model) and as the host reads them: whole local days, from inclusive and to exclusive,
 * which the host answers from its day sums (docs/ledger.md, "The Spend view").
 */
import type { LedgerFilter } from '@shared/contract/ledger.js';

export const MODALITIES = ['text', 'image', 'video', 'speech', 'remainder'] as const;
export type Modality = (typeof MODALITIES)[number];

export const RANGES = ['week', 'month', 'quarter', 'year', 'all', 'custom'] as const;
export type RangeKey = (typeof RANGES)[number];
const RANGE_DAYS: Record<Exclude<RangeKey, 'all' | 'custom'>, number> = { week: 7, month: 30, quarter: 90, year: 365 };

export interface SpendFilter {
  range: RangeKey;
  /** Local dates `YYYY-MM-DD` of a custom range, both days included. */
  fromDate?: string;
  toDate?: string;
  profileId?: string;
  modality?: Modality;
  model?: string;
}

export const DEFAULT_FILTER: SpendFilter = { range: 'month' };

/** Local midnight `days` calendar days after `t`'s (a daylight-saving day has 23 or 25 hours). */
export function midnight(t: number, days = 0): number {
  const d = new Date(t);
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() + days);
  return d.getTime();
}

/** A `YYYY-MM-DD` from a date input as its local midnight; undefined when it is no date. */
export function dateStart(text: string | undefined): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text ?? '');
  if (!m) return undefined;
  const t = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).getTime();
  return Number.isNaN(t) ? undefined : t;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const dateText = (t: number): string => {
  const d = new Date(t);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** The range in ms (whole local days): what the host's calls take. */
export function rangeOf(f: SpendFilter, now: number): { from?: number; to?: number } {
  if (f.range === 'all') return {};
  if (f.range === 'custom') {
    const from = dateStart(f.fromDate);
    const last = dateStart(f.toDate);
    return { ...(from !== undefined ? { from } : {}), ...(last !== undefined ? { to: midnight(last, 1) } : {}) };
  }
  return { from: midnight(now, 1 - RANGE_DAYS[f.range]), to: midnight(now, 1) };
}

export function ledgerFilter(f: SpendFilter, now: number): LedgerFilter {
  return {
    ...rangeOf(f, now),
    ...(f.profileId ? { profileId: f.profileId } : {}),
    ...(f.modality ? { modality: f.modality } : {}),
    ...(f.model !== undefined ? { model: f.model } : {}),
  };
}

/** A bar the creator picked: its rows are listed. */
export type Pick = { kind: 'day'; day: number } | { kind: 'model'; model: string };

/** The rows behind a bar: the filter narrowed to its day or its model. */
export function rowsFilter(filter: LedgerFilter, pick: Pick | undefined): LedgerFilter {
  if (!pick) return filter;
  if (pick.kind === 'model') return { ...filter, model: pick.model };
  const from = Math.max(pick.day, filter.from ?? -Infinity);
  const to = Math.min(midnight(pick.day, 1), filter.to ?? Infinity);
  return { ...filter, from, to };
}
