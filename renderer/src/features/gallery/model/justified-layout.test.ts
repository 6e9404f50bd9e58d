import { describe, expect, it } from 'vitest';
import { cellRatio, cellsOf, DEFAULT_RATIO, justify, MAX_RATIO, MIN_RATIO, nearestInRow, rowOf, type JustifiedLayout } from './justified-layout.js';

const OPTIONS = { width: 1000, targetHeight: 200, gap: 10 };

/** Each row's items and how wide the row comes out, px. */
function rows(layout: JustifiedLayout) {
  return Array.from({ length: layout.rowCount }, (_, r) => {
    const cells = cellsOf(layout, r);
    const last = cells[cells.length - 1];
    return { items: cells.map((c) => c.index), height: layout.rowHeight[r], width: last.left + last.width };
  });
}

describe('justified rows', () => {
  it('fill every row but the last to the full width, at one height per row, near the target', () => {
    const ratios = [1.5, 1.5, 1.5, 0.75, 0.75, 1, 1.78, 1.33, 1.5, 1];
    const layout = justify(ratios, ratios.length, OPTIONS);
    const laid = rows(layout);
    expect(laid.flatMap((r) => r.items)).toEqual(ratios.map((_, i) => i));
    for (const row of laid.slice(0, -1)) {
      expect(row.width).toBeCloseTo(1000, 6);
      expect(row.height).toBeGreaterThan(150);
      expect(row.height).toBeLessThan(270);
    }
    // Every picture keeps its shape: width over height is its own ratio.
    for (let r = 0; r < layout.rowCount; r++) {
      for (const c of cellsOf(layout, r)) expect(c.width / layout.rowHeight[r]).toBeCloseTo(ratios[c.index], 9);
    }
  });

  it('break where the row height stays nearest the target', () => {
    // Three 3:2 pictures are 900 + 20 px wide at 200 px: short of 1000. With a 1:2 portrait as well,
    // the row is 194 px high; breaking before it would leave it at 218 px: 194 is nearer.
    const portrait = rows(justify([1.5, 1.5, 1.5, 0.5], 4, OPTIONS));
    expect(portrait[0].items).toEqual([0, 1, 2, 3]);
    expect(portrait[0].height).toBeCloseTo((1000 - 30) / 5, 6);
    // A fourth 3:2 picture would squash the row to 162 px, a 4:1 panorama to 101 px: each starts
    // the next row, and the three are 218 px high.
    for (const next of [1.5, 4]) {
      const laid = rows(justify([1.5, 1.5, 1.5, next], 4, OPTIONS));
      expect(laid[0].items).toEqual([0, 1, 2]);
      expect(laid[0].height).toBeCloseTo((1000 - 20) / 4.5, 6);
      expect(laid[1].items).toEqual([3]);
    }
  });

  it('leave the last row at the target height, not stretched across the grid', () => {
    const layout = justify([1, 1, 1, 1, 1, 1, 1], 7, OPTIONS);
    const laid = rows(layout);
    const last = laid[laid.length - 1];
    expect(last.height).toBe(200);
    expect(last.width).toBeLessThan(1000);
    // A lone item on a row of its own.
    expect(rows(justify([1], 1, OPTIONS))).toEqual([{ items: [0], height: 200, width: 200 }]);
    expect(justify([], 0, OPTIONS).rowCount).toBe(0);
  });

  it('give extreme pictures (1:20 and 20:1) a cell of the nearest allowed shape, and no sliver or tower rows', () => {
    expect(cellRatio(1 / 20)).toBe(MIN_RATIO);
    expect(cellRatio(20)).toBe(MAX_RATIO);
    const layout = justify([20, 1 / 20, 20, 20, 1 / 20, 1 / 20, 1 / 20], 7, OPTIONS);
    for (const row of rows(layout)) {
      expect(row.height).toBeGreaterThan(100);
      expect(row.height).toBeLessThanOrEqual(400);
      expect(row.width).toBeLessThanOrEqual(1000 + 1e-6);
    }
    // A grid narrower than one panorama: the panorama fills its row alone, shorter than the target.
    const narrow = rows(justify([20, 1], 2, { ...OPTIONS, width: 300 }));
    expect(narrow[0]).toEqual({ items: [0], height: 300 / MAX_RATIO, width: 300 });
    // And narrower than a tall strip at the target height: the row is capped, the strip keeps its shape.
    const thin = justify([1 / 20], 1, { ...OPTIONS, width: 50 });
    expect(thin.rowHeight[0]).toBeLessThanOrEqual(400);
    expect(cellsOf(thin, 0)[0].width).toBeLessThanOrEqual(50);
  });

  it('give items of no or zero dimensions (audio, unmeasured, NaN) the default shape, as well as items beyond the known ratios', () => {
    for (const raw of [0, -1, Number.NaN, Infinity, undefined]) expect(cellRatio(raw)).toBe(DEFAULT_RATIO);
    const layout = justify([0, Number.NaN, Infinity, -1], 6, OPTIONS);
    expect([...layout.ratio]).toEqual([1, 1, 1, 1, 1, 1]);
    expect(rows(layout).flatMap((r) => r.items)).toEqual([0, 1, 2, 3, 4, 5]);
    // The layout's clamping is cellRatio's, item by item.
    const raws = [0.1, 0.4, 0.41, 3.99, 4, 9, 1.5];
    expect([...justify(raws, raws.length, OPTIONS).ratio]).toEqual(raws.map((r) => cellRatio(r)));
  });

  it('lay out 100,000 items quickly enough to redo on every resize, and find any item\'s row', () => {
    const count = 100_000;
    const ratios = Array.from({ length: count }, (_, i) => [1.5, 0.67, 1, 1.78, 0, 20, 0.05][i % 7]);
    const started = performance.now();
    const layout = justify(ratios, count, { width: 1400, targetHeight: 180, gap: 12 });
    const took = performance.now() - started;
    // A frame's worth on a slow machine; measured at a few ms.
    expect(took).toBeLessThan(100);
    expect(layout.rowStart[layout.rowCount]).toBe(count);
    for (const index of [0, 1, 5000, 54_321, count - 1]) {
      const row = rowOf(layout, index);
      expect(layout.rowStart[row]).toBeLessThanOrEqual(index);
      expect(layout.rowStart[row + 1]).toBeGreaterThan(index);
    }
  });

  it('move up and down to the item whose middle is nearest', () => {
    // Row 0: [0 wide, 1 narrow, 2 narrow]; row 1: [3 narrow, 4 wide].
    const layout = justify([2.5, 1, 1, 1, 2.5, 1], 6, { width: 1000, targetHeight: 220, gap: 0 });
    const laid = rows(layout);
    expect(laid[0].items).toEqual([0, 1, 2]);
    expect(nearestInRow(layout, 0, 1)).toBe(laid[1].items[0]);
    expect(nearestInRow(layout, 2, 1)).toBe(laid[1].items[laid[1].items.length - 1]);
    // Out of range rows are clamped.
    expect(nearestInRow(layout, 0, -5)).toBe(0);
    expect(rowOf(layout, nearestInRow(layout, 0, 99))).toBe(layout.rowCount - 1);
  });
});
