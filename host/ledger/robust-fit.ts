/**
 * The robust fits the price learner runs (docs/ledger.md, "How prices are learned"): a median of
 * ratios for a call billed by one unit, and non-negative least squares with Huber reweighting
 * for text, billed by three. Both reject outliers (a balance read that caught another client's
 * spend) before the final estimate and say how sure they are (standard error, samples kept).
 * Plain arithmetic on a few hundred samples at most: no library is needed, nothing is slow.
 */

export interface Sample { x: readonly number[]; y: number }

export interface Fit {
  /** Money per unit of each column; undefined where the samples say nothing about it. */
  beta: (number | undefined)[];
  /** Standard error of each known price. */
  stderr: (number | undefined)[];
  /** Samples kept after rejecting outliers. */
  kept: number;
  outliers: number;
}

/** Below one ten-thousandth of a yuan a residual is the gateway's rounding, never an outlier. */
const ROUNDING = 1;
/** A residual beyond this many robust standard deviations is rejected. */
const REJECT_AT = 4;
const HUBER_K = 1.345;

export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** The robust spread of residuals (1.4826 × MAD estimates σ for normal noise), floored at rounding. */
const robustScale = (residuals: readonly number[]) => Math.max(1.4826 * median(residuals.map(Math.abs)), ROUNDING / 2);

/** One unit kind: the median of `y / x` picks the inliers; their ratio of sums is the price. */
export function fitRate(samples: readonly Sample[]): Fit {
  const usable = samples.filter((s) => s.x[0] > 0);
  if (usable.length === 0) return { beta: [undefined], stderr: [undefined], kept: 0, outliers: 0 };
  const mid = median(usable.map((s) => s.y / s.x[0]));
  const scale = robustScale(usable.map((s) => s.y / s.x[0] - mid));
  const kept = usable.filter((s) => Math.abs(s.y - mid * s.x[0]) <= Math.max(REJECT_AT * scale * s.x[0], ROUNDING));
  const q = kept.reduce((n, s) => n + s.x[0], 0);
  const rate = kept.reduce((n, s) => n + s.y, 0) / q;
  const sq = kept.reduce((n, s) => n + s.x[0] ** 2, 0);
  const sse = kept.reduce((n, s) => n + (s.y - rate * s.x[0]) ** 2, 0);
  const stderr = kept.length > 1 ? Math.sqrt(sse / (kept.length - 1) / sq) : Number.POSITIVE_INFINITY;
  return { beta: [rate], stderr: [stderr], kept: kept.length, outliers: usable.length - kept.length };
}

/** Solves `A·b = c` (A small, symmetric); undefined when A is too near singular to trust. */
function solve(a: number[][], c: number[]): number[] | undefined {
  const n = c.length;
  const m = a.map((row, i) => [...row, c[i]]);
  const diag = Math.max(...a.map((row, i) => Math.abs(row[i])), Number.MIN_VALUE);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r][col]) > Math.abs(m[pivot][col])) pivot = r;
    if (Math.abs(m[pivot][col]) <= diag * 1e-10) return undefined;
    [m[col], m[pivot]] = [m[pivot], m[col]];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r][col] / m[col][col];
      for (let k = col; k <= n; k++) m[r][k] -= f * m[col][k];
    }
  }
  return m.map((row, i) => row[n] / row[i]);
}

/** The weighted normal equations over every column at once: XᵀWX, XᵀWy and yᵀWy, in one pass. */
function gram(samples: readonly Sample[], weights: readonly number[], width: number) {
  const a = Array.from({ length: width }, () => Array<number>(width).fill(0));
  const c = Array<number>(width).fill(0);
  let yy = 0;
  for (let i = 0; i < samples.length; i++) {
    const { x, y } = samples[i];
    const w = weights[i];
    yy += w * y * y;
    for (let p = 0; p < width; p++) {
      if (x[p] === 0) continue;
      c[p] += w * x[p] * y;
      for (let q = 0; q < width; q++) a[p][q] += w * x[p] * x[q];
    }
  }
  return { a, c, yy };
}

/** Column scaling, so a 1e9-token call and a 10-token call meet the same singularity test. */
function scaled(samples: readonly Sample[], width: number): { samples: Sample[]; norms: number[] } {
  const norms = Array.from({ length: width }, (_, j) => Math.sqrt(samples.reduce((n, s) => n + s.x[j] ** 2, 0)) || 1);
  return { samples: samples.map((s) => ({ x: s.x.map((v, j) => v / norms[j]), y: s.y })), norms };
}

/**
 * Non-negative least squares over few columns, exactly: every support set is tried and the best
 * one whose prices are all ≥ 0 wins. With three unknowns that is seven 3×3 solves on the normal
 * equations, whose weighted squared error is yᵀWy − 2bᵀc + bᵀAb: no further pass over the samples.
 */
function nnls(samples: readonly Sample[], weights: readonly number[], active: readonly number[], width: number): { beta: number[]; support: number[] } | undefined {
  const full = gram(samples, weights, width);
  let best: { beta: number[]; support: number[]; sse: number } | undefined;
  for (let mask = 1; mask < 1 << active.length; mask++) {
    const support = active.filter((_, i) => mask & (1 << i));
    const b = solve(support.map((p) => support.map((q) => full.a[p][q])), support.map((p) => full.c[p]));
    if (!b || b.some((v) => v < 0)) continue;
    const beta = Array.from({ length: width }, () => 0);
    support.forEach((p, i) => { beta[p] = b[i]; });
    let quad = 0;
    for (const p of support) for (const q of support) quad += beta[p] * full.a[p][q] * beta[q];
    const sse = full.yy - 2 * support.reduce((n, p) => n + beta[p] * full.c[p], 0) + quad;
    if (!best || sse < best.sse - 1e-12 * Math.abs(sse)) best = { beta, support, sse };
  }
  return best;
}

function predict(s: Sample, beta: readonly number[]): number {
  let n = 0;
  for (let j = 0; j < beta.length; j++) n += s.x[j] * beta[j];
  return n;
}

/**
 * Several unit kinds at once (text: in, out, thinking): Huber-reweighted NNLS, then the samples
 * beyond REJECT_AT robust deviations are dropped and the rest fitted plainly. A column no sample
 * uses (thinking, for a model that never thinks) stays unknown rather than guessed.
 */
export function fitLinear(raw: readonly Sample[], width: number): Fit {
  const unknown: Fit = { beta: Array(width).fill(undefined), stderr: Array(width).fill(undefined), kept: 0, outliers: 0 };
  const { samples, norms } = scaled(raw, width);
  const active = Array.from({ length: width }, (_, j) => j).filter((j) => samples.some((s) => s.x[j] > 0));
  if (active.length === 0 || samples.length < active.length + 1) return unknown;

  let weights = samples.map(() => 1);
  let fit = nnls(samples, weights, active, width);
  for (let round = 0; fit && round < 30; round++) {
    const residuals = samples.map((s) => s.y - predict(s, fit!.beta));
    const k = HUBER_K * robustScale(residuals);
    weights = residuals.map((r) => (Math.abs(r) <= k ? 1 : k / Math.abs(r)));
    const next = nnls(samples, weights, active, width);
    const moved = next ? Math.max(...next.beta.map((b, j) => Math.abs(b - fit!.beta[j]) / Math.max(Math.abs(b), 1e-12))) : 0;
    fit = next;
    if (moved < 1e-7) break;
  }
  if (!fit) return unknown;

  const residuals = samples.map((s) => s.y - predict(s, fit!.beta));
  const scale = robustScale(residuals);
  const kept = samples.filter((_, i) => Math.abs(residuals[i]) <= Math.max(REJECT_AT * scale, ROUNDING));
  if (kept.length < active.length + 1) return unknown;
  const final = nnls(kept, kept.map(() => 1), active, width);
  if (!final) return unknown;

  // Standard errors from σ²·(XᵀX)⁻¹ over the support, column by column.
  const dof = Math.max(kept.length - final.support.length, 1);
  const sigma2 = kept.reduce((n, s) => n + (s.y - predict(s, final.beta)) ** 2, 0) / dof;
  const all = gram(kept, kept.map(() => 1), width).a;
  const a = final.support.map((p) => final.support.map((q) => all[p][q]));
  const stderr: (number | undefined)[] = Array(width).fill(undefined);
  final.support.forEach((p, i) => {
    const e = a.map((_, r) => (r === i ? 1 : 0));
    const col = solve(a, e);
    stderr[p] = col ? Math.sqrt(Math.max(sigma2 * col[i], 0)) / norms[p] : Number.POSITIVE_INFINITY;
  });
  const beta = Array.from({ length: width }, (_, j) => (active.includes(j) ? final.beta[j] / norms[j] : undefined));
  active.filter((j) => !final.support.includes(j)).forEach((j) => { stderr[j] = 0; });
  return { beta, stderr, kept: kept.length, outliers: samples.length - kept.length };
}
