/**
 * The retry rules (docs/gateway-rules.md, "Retries"): only idempotent calls (GETs) are retried, on
 * 408/409/429/5xx and connection errors, with exponential backoff and full jitter, honouring
 * Retry-After. A job-submitting POST whose fate is unknown is never retried, and 402 never is.
 */
import type { GatewayFailure } from './failure.js';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  random: () => number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 3, baseDelayMs: 500, maxDelayMs: 30_000, random: Math.random };

const RETRIED = new Set(['timeout', 'conflict', 'rate_limited', 'server_error', 'unreachable']);

export function shouldRetry(failure: GatewayFailure, idempotent: boolean, attempt: number, policy: RetryPolicy): boolean {
  // Asking again before the gateway's Retry-After would not honour it; so long a wait is the
  // creator's to choose, and the failure's message says how long it is.
  if (failure.retryAfterMs !== undefined && failure.retryAfterMs > policy.maxDelayMs) return false;
  return idempotent && attempt < policy.retries && RETRIED.has(failure.code);
}

/** Delay before retry number `attempt` (0-based): Retry-After when given, else jittered backoff. */
export function retryDelayMs(failure: GatewayFailure, attempt: number, policy: RetryPolicy): number {
  if (failure.retryAfterMs !== undefined) return failure.retryAfterMs;
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(ceiling * (0.5 + policy.random() / 2));
}
