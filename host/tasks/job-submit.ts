/**
 * The submitting POST of a job and what its failure proves (docs/robust-host.md, "The job queue"):
 * a 429 or a connection refused before anything was sent proves the gateway took nothing, so the
 * queue may send it again later; any other failure either refused it for sure or left its fate
 * unknown, and the job is never sent again.
 */
import { z } from 'zod';
import { msg } from '@shared/messages/index.js';
import { MultipartVideoSubmission, VideoSubmission } from '@shared/gateway/wire.js';
import type { CallBilling, GatewayClient } from '../gateway/client.js';
import type { BilledLinks } from '../events.js';
import { GatewayFailure } from '../gateway/failure.js';
import { coreError, textOf } from '../errors.js';
import type { PreparedJob } from './job-spec.js';

// The answers as the spec shapes them, their task ids checked by the caller rather than by the
// schema: an id that cannot be followed fails the job with its own message (gateway-words.ts).
const VideoSubmitted = VideoSubmission.extend({ task_id: z.unknown() });
const ImagesSubmitted = z.array(VideoSubmitted);
const MultipartSubmitted = MultipartVideoSubmission.extend({ task_id: z.unknown() });

/**
 * A job's billed call is known by the job's id (docs/ledger.md, "Rows"). `heard`: the job takes
 * the announcement, to write it with its record's change (job-store.ts, `billed`).
 */
export const jobBilling = (jobId: string, links?: BilledLinks, heard?: CallBilling['heard']): CallBilling => ({ callId: jobId, links: { ...links, jobId }, ...(heard ? { heard } : {}) });

/** Sends the job once (never retried by the client: its fate could be unknown); the task ids answered. */
export async function postJob(client: GatewayClient, prepared: PreparedJob, billing?: CallBilling): Promise<unknown[]> {
  const call = { ...prepared.call, idempotent: false, ...(billing ? { billing } : {}) };
  if (prepared.route === 'multipart') return [(await client.json(call, MultipartSubmitted)).task_id];
  if (prepared.kind === 'image') return (await client.json(call, ImagesSubmitted)).map((t) => t.task_id);
  return [(await client.json(call, VideoSubmitted)).task_id];
}

/** Any failure as a GatewayFailure, keeping whether the request may have reached the gateway. */
export const asFailure = (err: unknown): GatewayFailure => (err instanceof GatewayFailure ? err : coreError('internal', textOf(err)));

/**
 * The gateway's answer proves nothing was bought and asking later may succeed: a 429 (rate
 * limited), or a connection refused before the request left.
 */
export const provedNotTaken = (f: GatewayFailure): boolean =>
  !f.maybeReceived && (f.code === 'rate_limited' || f.code === 'unreachable');

/** Sends the queue tries before the job fails with the last answer. */
export const MAX_SEND_ATTEMPTS = 5;

/** Back-off before attempt `attempts + 1`: the gateway's Retry-After, else 2, 4, 8… s (at most a minute), jittered. */
export function backoffMs(f: GatewayFailure, attempts: number, random: () => number): number {
  if (f.retryAfterMs !== undefined) return f.retryAfterMs;
  const ceiling = Math.min(60_000, 2_000 * 2 ** attempts);
  return Math.round(ceiling * (0.5 + random() / 2));
}

/** A job's record could not be written, so it was not sent: said so, in the disk's own words. */
export function notSent(err: unknown): never {
  if (err instanceof GatewayFailure) throw new GatewayFailure(err.code, msg('jobs.task.notSent', { message: err.text }), err.retryable);
  throw err;
}
