/**
 * Spec §4.9's polling cadence: first check after 2 s; image jobs every 2–5 s for up to
 * 5 minutes, video jobs every 5–10 s for up to 30 minutes. Without an idea of when a job ends,
 * the studio polls near the slow end of each range (jittered so hundreds of jobs do not poll in
 * lockstep). With one (finish-estimate.ts), it spaces the checks still to come evenly so the
 * last lands just after the likely end: never more checks than the slow end would make, each
 * interval inside the spec's range (docs/gateway-rules.md, "Polling cadence").
 */
import { POLLING } from '@shared/gateway/catalog.js';

export interface Cadence {
  firstCheckMs: number;
  image: { minIntervalMs: number; maxIntervalMs: number; maxWaitMs: number };
  video: { minIntervalMs: number; maxIntervalMs: number; maxWaitMs: number };
}

export const SPEC_CADENCE: Cadence = POLLING;

/**
 * The longest and shortest intervals the poller sets: 3 % of the range's width inside it (150 ms
 * for videos, 90 ms for images), since the gateway sees the gap between two requests' arrivals,
 * which a late timer or a busy host stretches or shrinks (latency benchmark).
 */
export function ceilingMs(c: Cadence, kind: 'image' | 'video'): number {
  const r = c[kind];
  return Math.round(r.maxIntervalMs - (r.maxIntervalMs - r.minIntervalMs) * 0.03);
}

export function floorMs(c: Cadence, kind: 'image' | 'video'): number {
  const r = c[kind];
  return Math.round(r.minIntervalMs + (r.maxIntervalMs - r.minIntervalMs) * 0.03);
}

export function nextIntervalMs(c: Cadence, kind: 'image' | 'video', random: () => number): number {
  const r = c[kind];
  return Math.round(ceilingMs(c, kind) - (r.maxIntervalMs - r.minIntervalMs) * 0.1 * random());
}

/** After failed checks: exponential backoff with jitter, capped at four slow intervals. */
export function backoffMs(c: Cadence, kind: 'image' | 'video', streak: number, random: () => number, retryAfterMs?: number): number {
  const r = c[kind];
  if (retryAfterMs !== undefined) return Math.max(retryAfterMs, r.minIntervalMs);
  const ceiling = Math.min(r.maxIntervalMs * 4, r.maxIntervalMs * 2 ** Math.min(streak, 6));
  return Math.round(ceiling * (0.5 + random() / 2));
}

/**
 * Added to every aim beyond the estimate's own spread: the answer's trip and the timer's
 * lateness. A miss costs far more (the next check cannot come sooner than the minimum interval).
 */
export const AIM_MARGIN_MS = 100;

/**
 * The interval to the next check of a job likely to end at `end`, aimed at `target` (the end
 * plus a margin): with R the time left, k = ceil(R / max) checks spaced R / k, each clamped to
 * the kind's [floor, ceiling] range. k counts to the end itself, not the margin: a wide margin early
 * on (the estimate still rough) spaces the checks at the slow end, never closer, and the checks
 * narrow in as the estimate firms up. `now` is when the last request was sent: the gateway
 * measures the interval between requests, not from an answer.
 */
export function aimedIntervalMs(c: Cadence, kind: 'image' | 'video', now: number, end: number, target: number): number {
  const ceiling = ceilingMs(c, kind);
  const floor = floorMs(c, kind);
  const left = target - now;
  if (!(left > floor)) return floor;
  const checks = Math.max(1, Math.ceil((end - now) / ceiling));
  return Math.round(Math.min(ceiling, Math.max(floor, left / checks)));
}
