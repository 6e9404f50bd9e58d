/**
 * Spec §4.9's polling cadence: first check after 2 s; image jobs every 2–5 s for up to
 * 5 minutes, video jobs every 5–10 s for up to 30 minutes. The studio polls near the slow end
 * of each range (jittered so hundreds of jobs do not poll in lockstep): a job rarely finishes
 * sooner, and the gateway sees no more requests than the spec's cadence allows.
 */
import { POLLING } from '@shared/gateway/catalog.js';

export interface Cadence {
  firstCheckMs: number;
  image: { minIntervalMs: number; maxIntervalMs: number; maxWaitMs: number };
  video: { minIntervalMs: number; maxIntervalMs: number; maxWaitMs: number };
}

export const SPEC_CADENCE: Cadence = POLLING;

export function nextIntervalMs(c: Cadence, kind: 'image' | 'video', random: () => number): number {
  const r = c[kind];
  return Math.round(r.maxIntervalMs - (r.maxIntervalMs - r.minIntervalMs) * 0.1 * random());
}

/** After failed checks: exponential backoff with jitter, capped at four slow intervals. */
export function backoffMs(c: Cadence, kind: 'image' | 'video', streak: number, random: () => number, retryAfterMs?: number): number {
  const r = c[kind];
  if (retryAfterMs !== undefined) return Math.max(retryAfterMs, r.minIntervalMs);
  const ceiling = Math.min(r.maxIntervalMs * 4, r.maxIntervalMs * 2 ** Math.min(streak, 6));
  return Math.round(ceiling * (0.5 + random() / 2));
}
