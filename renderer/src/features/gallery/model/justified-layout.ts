/**
 * Justified rows for the gallery (as Google Photos and Flickr lay out pictures): every row is as
 * wide as the grid and its pictures share one height, each as wide as its aspect ratio makes it,
 * so nothing is cropped. Rows are closed greedily, at the break that keeps the row's height
 * nearest the target; the last row keeps the target height and does not stretch.
 *
 * Pure and allocation-light: the whole library's rows are computed at once from one number per
 * item (`library.shapes`), into typed arrays, so 100,000 items take a few milliseconds and the
 * grid can virtualize by rows. Ratios outside [MIN_RATIO, MAX_RATIO] (a 1:20 strip, a 20:1
 * panorama) get a cell of the nearest allowed shape and are letterboxed in it (gallery.css),
 * so one extreme picture never makes a row a sliver or a tower.
 */

/** The Gallery grid's row height aim and the space between cells and rows, px. */
export const ROW_HEIGHT = 180;
export const GAP = 12;

/** Items of unknown shape (audio, a picture never measured): a square cell. */
export const DEFAULT_RATIO = 1;
export const MIN_RATIO = 0.4;
export const MAX_RATIO = 4;

export interface LayoutOptions {
  /** The grid's content width, px. */
  width: number;
  /** The height rows aim for, px. */
  targetHeight: number;
  /** Between cells and between rows, px. */
  gap: number;
  /** No row is taller than this (a very narrow grid, a row of tall pictures); default 2× the target. */
  maxHeight?: number;
}

export interface JustifiedLayout {
  count: number;
  rowCount: number;
  /** The first item of each row; `rowStart[rowCount]` is `count`. */
  rowStart: Int32Array;
  /** Each row's height, px. */
  rowHeight: Float64Array;
  /** Each item's cell ratio (width over height), after defaults and clamping. */
  ratio: Float64Array;
  gap: number;
}

/** The cell ratio of a raw ratio: unknown (0, absent, not a number) gets the default, extremes are clamped. */
export function cellRatio(raw: number | undefined): number {
  if (raw === undefined || !Number.isFinite(raw) || raw <= 0) return DEFAULT_RATIO;
  return Math.min(MAX_RATIO, Math.max(MIN_RATIO, raw));
}

/** `count` items (ratios beyond `ratios.length` unknown yet: default shape) in justified rows. */
export function justify(ratios: ArrayLike<number>, count: number, options: LayoutOptions): JustifiedLayout {
  const run = startLayout(ratios, count, options);
  run.advance(count);
  return run.layout();
}

/** A layout made a slice at a time: the same rows as `justify`, for a library too big for one task. */
export interface LayoutRun {
  /** Lays out up to `items` more items; true once every item is placed. */
  advance(items: number): boolean;
  readonly done: boolean;
  /** The rows of the items placed so far, the last of them at the target height until it is closed. */
  layout(): JustifiedLayout;
}

export function startLayout(ratios: ArrayLike<number>, count: number, options: LayoutOptions): LayoutRun {
  const { width, targetHeight: target, gap } = options;
  const maxHeight = options.maxHeight ?? target * 2;
  const ratio = new Float64Array(count);
  const known = Math.min(count, ratios.length);
  // At most one row per item; trimmed by layout().
  const starts = new Int32Array(count + 1);
  const heights = new Float64Array(count);
  // Where the rows stand between slices. advance() works on local copies: variables a closure
  // shares live in its context, and reading and writing them there in the loop made it slower cold.
  let rowsAt = 0;
  let startAt = 0;
  let sumAt = 0;
  let placed = 0;

  const advance = (items: number): boolean => {
    const end = Math.min(count, placed + Math.max(0, items));
    let rows = rowsAt;
    let start = startAt;
    let sum = sumAt;
    // One pass, with no call per item: the first layout of a 100,000-item library runs cold, as
    // the Gallery opens, and cellRatio() and two closures per item made it about twice as slow
    // there (16–25 → 10 ms in a fresh Node process).
    for (let i = placed; i < end; i++) {
      const raw = i < known ? ratios[i] : 0;
      // cellRatio(), inline: NaN, unknown (0, negative) and Infinity fail the test and get the default.
      const r = raw > 0 && raw < Infinity ? (raw < MIN_RATIO ? MIN_RATIO : raw > MAX_RATIO ? MAX_RATIO : raw) : DEFAULT_RATIO;
      ratio[i] = r;
      const n = i - start;
      // Wide enough with this item, at the target height?
      if ((sum + r) * target + gap * n < width) {
        sum += r;
        continue;
      }
      const withIt = (width - gap * n) / (sum + r);
      const without = n > 0 ? (width - gap * (n - 1)) / sum : Infinity;
      // Which height is nearer the target, as a factor (|log(h / target)|, without the logarithm).
      if (n > 0 && (without > target ? without / target : target / without) < (withIt > target ? withIt / target : target / withIt)) {
        // Break before it: this row is a little taller than the target, and the item starts the next.
        starts[rows] = start;
        heights[rows++] = Math.min(maxHeight, without);
        start = i;
        sum = r;
        if (r * target < width) continue;
        // A single item that alone fills a row.
        starts[rows] = i;
        heights[rows++] = Math.min(maxHeight, width / r);
        start = i + 1;
        sum = 0;
      } else {
        starts[rows] = start;
        heights[rows++] = Math.min(maxHeight, withIt);
        start = i + 1;
        sum = 0;
      }
    }
    rowsAt = rows;
    startAt = start;
    sumAt = sum;
    placed = end;
    return placed === count;
  };

  const layout = (): JustifiedLayout => {
    // The open row (the last, not yet full) keeps the target height and does not stretch.
    const rows = rowsAt;
    const start = startAt;
    const open = start < placed ? 1 : 0;
    const rowStart = new Int32Array(rows + open + 1);
    rowStart.set(starts.subarray(0, rows));
    const rowHeight = new Float64Array(rows + open);
    rowHeight.set(heights.subarray(0, rows));
    if (open) {
      rowStart[rows] = start;
      rowHeight[rows] = Math.min(maxHeight, target);
    }
    rowStart[rows + open] = placed;
    return { count: placed, rowCount: rows + open, rowStart, rowHeight, ratio, gap };
  };

  return {
    advance,
    get done() {
      return placed === count;
    },
    layout,
  };
}

/** How many items the rows starting within `height` px of the top hold: a first screenful. */
export function itemsWithin(layout: JustifiedLayout, height: number): number {
  let top = 0;
  let row = 0;
  while (row < layout.rowCount && top < height) top += layout.rowHeight[row++] + layout.gap;
  return layout.rowStart[row];
}

/** The row holding item `index` (clamped to the items there are). */
export function rowOf(layout: JustifiedLayout, index: number): number {
  let lo = 0;
  let hi = layout.rowCount - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (layout.rowStart[mid] <= index) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export interface PlacedCell {
  index: number;
  left: number;
  width: number;
}

/** The cells of one row with their horizontal place, px. */
export function cellsOf(layout: JustifiedLayout, row: number): PlacedCell[] {
  const height = layout.rowHeight[row];
  const cells: PlacedCell[] = [];
  let left = 0;
  for (let i = layout.rowStart[row]; i < layout.rowStart[row + 1]; i++) {
    const width = layout.ratio[i] * height;
    cells.push({ index: i, left, width });
    left += width + layout.gap;
  }
  return cells;
}

/**
 * Where a vertical arrow key goes: the item of `row` whose middle is nearest the middle of item
 * `from`, so moving down and back up returns to the same picture in most rows.
 */
export function nearestInRow(layout: JustifiedLayout, from: number, row: number): number {
  if (layout.rowCount === 0) return 0;
  const target = Math.min(Math.max(0, row), layout.rowCount - 1);
  const own = cellsOf(layout, rowOf(layout, from)).find((c) => c.index === from);
  const middle = own ? own.left + own.width / 2 : 0;
  let best = layout.rowStart[target];
  let distance = Infinity;
  for (const c of cellsOf(layout, target)) {
    const d = Math.abs(c.left + c.width / 2 - middle);
    if (d < distance) {
      distance = d;
      best = c.index;
    }
  }
  return best;
}
