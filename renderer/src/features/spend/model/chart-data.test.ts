/**
 * The Spend view's chart data: every day of the range present (empty days as 0, not left out),
 * stacks whose slices add up to each bar's money, a negative remainder drawn below zero rather
 * than netted into a slice, and the rows behind a picked day kept inside the filter's range.
 */
import { describe, expect, it } from 'vitest';
import { byDayChart, byModelChart, stackedSeries } from './chart-data.js';
import { ledgerFilter, midnight, rowsFilter } from './spend-filter.js';

const day = (d: number) => new Date(2026, 5, d).getTime();

describe('the Spend charts’ data', () => {
  it('has a bar for every day of the range, the empty ones 0', () => {
    const chart = byDayChart([{ day: day(3), modality: 'text', money: 500, rows: 2 }], { from: day(1), to: day(5) });
    expect(chart.keys).toEqual([day(1), day(2), day(3), day(4)]);
    expect(chart.totals).toEqual([0, 0, 500, 0]);
    expect(chart.shown).toEqual(['text']);
  });

  it('stacks modalities so the top of each bar is its money, a negative remainder below zero', () => {
    const chart = byModelChart([
      { model: 'a', modality: 'text', money: 30_000, unpriced: 0, rows: 1 },
      { model: 'b', modality: 'image', money: 10_000, unpriced: 0, rows: 1 },
      { model: 'a', modality: 'image', money: 20_000, unpriced: 1, rows: 2 },
      { model: '', modality: 'remainder', money: -5_000, unpriced: 0, rows: 1 },
    ]);
    expect(chart.keys).toEqual(['a', 'b', '']);
    const series = stackedSeries(chart);
    expect(series.map((s) => [s.modality, s.values])).toEqual([
      ['image', [5, 1, 0]],
      ['text', [3, 0, 0]],
      ['remainder', [0, 0, -0.5]],
    ]);
    expect(series[2].negative).toBe(true);
  });

  it('a picked day lists its rows within the filter’s range', () => {
    const now = new Date(2026, 5, 15, 13).getTime();
    const filter = ledgerFilter({ range: 'week', modality: 'speech' }, now);
    expect(filter).toEqual({ from: midnight(now, -6), to: midnight(now, 1), modality: 'speech' });
    expect(rowsFilter(filter, { kind: 'day', day: day(12) })).toEqual({ from: day(12), to: day(13), modality: 'speech' });
    expect(rowsFilter(filter, { kind: 'model', model: 'tts-1' })).toMatchObject({ model: 'tts-1', from: filter.from });
  });
});
