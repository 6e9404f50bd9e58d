/**
 * The Spend view's two charts as data (docs/ledger.md, "The Spend view"): bars by day and by
 * model, each stacked by modality. Every bar and modality keeps its own money for the table that
 * stands in for the chart; the chart draws cumulative heights (uPlot stacks nothing itself), the
 * tallest first, so each modality shows as its slice. A negative remainder (a refund the studio
 * did not hear of) is drawn below zero on its own, never netted into a slice.
 */
import type { LedgerTotals } from '@shared/contract/ledger.js';
import { MODALITIES, midnight, type Modality } from './spend-filter.js';

export interface ChartData {
  /** One key per bar: a day's local midnight, or a model's name. */
  keys: (number | string)[];
  /** Money per modality and bar, ten-thousandths of a yuan (0 where none). */
  money: Record<Modality, number[]>;
  /** Each bar's total. */
  totals: number[];
  /** The modalities with any money, in the stacking order. */
  shown: Modality[];
}

function empty(n: number): Record<Modality, number[]> {
  return Object.fromEntries(MODALITIES.map((m) => [m, new Array<number>(n).fill(0)])) as Record<Modality, number[]>;
}

function finish(keys: (number | string)[], money: Record<Modality, number[]>): ChartData {
  const totals = keys.map((_, i) => MODALITIES.reduce((s, m) => s + money[m][i], 0));
  const shown = MODALITIES.filter((m) => money[m].some((v) => v !== 0));
  return { keys, money, totals, shown };
}

/** Bars per local day, every day of the range (or of the data, for "all time") present, empty days as 0. */
export function byDayChart(byDay: LedgerTotals['byDay'], range: { from?: number; to?: number }): ChartData {
  const first = range.from ?? byDay[0]?.day;
  const end = range.to ?? (byDay.length ? midnight(byDay[byDay.length - 1].day, 1) : undefined);
  const keys: number[] = [];
  if (first !== undefined && end !== undefined) for (let d = midnight(first); d < end && keys.length < 5000; d = midnight(d, 1)) keys.push(d);
  const index = new Map(keys.map((k, i) => [k, i]));
  const money = empty(keys.length);
  for (const r of byDay) {
    const i = index.get(r.day);
    if (i !== undefined) money[r.modality][i] += r.money;
  }
  return finish(keys, money);
}

/** Bars per model, the costliest first (the remainder's model is ''). */
export function byModelChart(byModel: LedgerTotals['byModel']): ChartData {
  const sums = new Map<string, number>();
  for (const r of byModel) sums.set(r.model, (sums.get(r.model) ?? 0) + r.money);
  const keys = [...sums.keys()].sort((a, b) => sums.get(b)! - sums.get(a)! || a.localeCompare(b));
  const index = new Map(keys.map((k, i) => [k, i]));
  const money = empty(keys.length);
  for (const r of byModel) money[r.modality][index.get(r.model)!] += r.money;
  return finish(keys, money);
}

/**
 * The series uPlot draws, in yuan: for each shown modality its stack's top (the positive parts of
 * it and those below it), listed tallest first so each lower slice is drawn over the one above; a
 * negative remainder last, from zero down.
 */
export function stackedSeries(data: ChartData): { modality: Modality; values: number[]; negative: boolean }[] {
  const running = new Array<number>(data.keys.length).fill(0);
  const tops: { modality: Modality; values: number[]; negative: boolean }[] = [];
  for (const m of data.shown) {
    // A modality with nothing above zero (a remainder that only gave back) has no slice.
    if (!data.money[m].some((v) => v > 0)) continue;
    for (let i = 0; i < running.length; i++) running[i] += Math.max(0, data.money[m][i]);
    tops.push({ modality: m, values: running.map((v) => v / 10_000), negative: false });
  }
  const below = data.money.remainder.map((v) => Math.min(0, v) / 10_000);
  const series = tops.reverse();
  if (below.some((v) => v < 0)) series.push({ modality: 'remainder', values: below, negative: true });
  return series;
}
