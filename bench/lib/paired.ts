/**
 * Ratios that repeat from one full run to the next (docs/performance.md, "Stable verdicts"). The
 * two sides of a ratio are measured as pairs, one right after the other (which goes first
 * alternates), and the verdict is the median of the per-pair ratios: a slow moment of the shared
 * machine falls on both members of a pair and cancels out, where a ratio of two medians (or of two
 * bests) taken over the whole run keeps it whenever it hit one side more than the other.
 */

export interface PairedRatio {
  /** Median of the per-pair ratios. */
  median: number;
  /** Interquartile range of the per-pair ratios: half of them lie inside. */
  q1: number;
  q3: number;
  min: number;
  max: number;
  pairs: number;
}

/** The q-quantile (0…1) of sorted values, linearly interpolated. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

/** `a[i] / b[i]` for every pair, summarised. */
export function pairedRatio(a: readonly number[], b: readonly number[]): PairedRatio {
  if (a.length !== b.length || a.length === 0) throw new Error(`paired ratio: ${a.length} against ${b.length} values`);
  const r = a.map((x, i) => x / b[i]).sort((x, y) => x - y);
  return { median: quantile(r, 0.5), q1: quantile(r, 0.25), q3: quantile(r, 0.75), min: r[0], max: r[r.length - 1], pairs: r.length };
}

/** "IQR 1.10–1.31, range 0.95–1.60, 20 pairs": how far the per-pair ratios spread. */
export function spread(r: PairedRatio, digits = 3): string {
  const f = (x: number) => x.toFixed(digits);
  return `IQR ${f(r.q1)}–${f(r.q3)}, range ${f(r.min)}–${f(r.max)}, ${r.pairs} pairs`;
}
