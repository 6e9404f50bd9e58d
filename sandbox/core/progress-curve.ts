/**
 * The `noisy` progress mode (sandbox/README.md, "Faults on demand"): a task's progress follows a
 * non-linear curve, fast at first and slow at the end, with plateaus and uneven jumps, and its
 * length varies a little from task to task. Everything is drawn from a generator seeded by the
 * task's id, so repeated polls and a restart with `--data-dir` see the same curve.
 */
import { mulberry32 } from './seeded-random.js';

export type ProgressMode = 'linear' | 'noisy';

/** How far a noisy task's length strays from its nominal one, either way. */
export const NOISY_DURATION_SPREAD = 0.04;

/** mulberry32 over an FNV-1a hash of the id: small, fast, and the same on every platform. */
function seeded(id: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return mulberry32(h);
}

/** The task's length in noisy mode: its nominal length times 1 ± NOISY_DURATION_SPREAD. */
export function noisyDurationMs(id: string, nominalMs: number): number {
  const r = seeded(`${id}:duration`)();
  return Math.round(nominalMs * (1 + NOISY_DURATION_SPREAD * (2 * r - 1)));
}

interface Curve { xs: number[]; ys: number[] }
const curves = new Map<string, Curve>();

/**
 * Knots of a monotone piecewise-linear curve from (0, 0) to (1, 1): around a fast-then-slow
 * shape (1 − (1 − x)²), each knot jittered, some held flat (a plateau, then a jump).
 */
function curveOf(id: string): Curve {
  const cached = curves.get(id);
  if (cached) return cached;
  const r = seeded(`${id}:curve`);
  const n = 6 + Math.floor(r() * 5);
  const xs = Array.from({ length: n }, () => 0.05 + 0.9 * r()).sort((a, b) => a - b);
  const ys: number[] = [];
  let last = 0;
  for (const x of xs) {
    const shape = 1 - (1 - x) ** 2;
    const y = r() < 0.3 ? last : Math.min(0.98, Math.max(last, shape + (r() - 0.5) * 0.12));
    ys.push(y);
    last = y;
  }
  const curve = { xs: [0, ...xs, 1], ys: [0, ...ys, 1] };
  if (curves.size > 10_000) curves.clear();
  curves.set(id, curve);
  return curve;
}

/** The fraction done at `x` (fraction of the run elapsed, 0–1): monotone in x for a given id. */
export function noisyFraction(id: string, x: number): number {
  const { xs, ys } = curveOf(id);
  const at = Math.min(1, Math.max(0, x));
  let i = 1;
  while (i < xs.length - 1 && xs[i] < at) i++;
  const [x0, x1, y0, y1] = [xs[i - 1], xs[i], ys[i - 1], ys[i]];
  return x1 === x0 ? y1 : y0 + ((at - x0) / (x1 - x0)) * (y1 - y0);
}
