/**
 * What the host and its sender process say over their IPC channel (docs/robust-host.md, "A send
 * that outlives its host"). The key travels here, with each request, never in the sender's argv
 * or environment (docs/security.md): another user of the machine can read those.
 */
import type { HostEvents } from '../../events.js';
import { GatewayFailure } from '../../gateway/failure.js';
import type { PreparedJob } from '../job-spec.js';

/** A prepared job as the channel carries it: a multipart form as its (text) fields. */
export interface WireJob extends Omit<PreparedJob, 'call'> {
  call: { method: 'POST'; path: string; json?: unknown; form?: [string, string][] };
}

export interface SendRequest {
  type: 'send';
  jobId: string;
  /** The studio database, where the hand-off row is claimed and the answer written. */
  db: string;
  endpoint: { baseUrl: string; apiKey: string; profileId?: string; timeoutMs?: number };
  job: WireJob;
}

/**
 * A narration's speech call (spec 4.10), which answers the audio itself: the sender writes it to
 * `file` (a temporary name, then renamed once whole) before it writes the answer into the row, so
 * a host killed meanwhile finds the file at its next start (docs/robust-host.md, "Speech through the sender").
 */
export interface SpeakRequest {
  type: 'speak';
  jobId: string;
  db: string;
  endpoint: SendRequest['endpoint'];
  speech: { json: unknown; file: string; maxBytes: number };
}

/** What the host asks of its sender. */
export type HostRequest = SendRequest | SpeakRequest;

/** The audio a speech call answered, whole on disk: the answer's content type and when it came. */
export interface SpokenAudio {
  file: string;
  mime?: string;
  status: number;
  at: number;
}

export type FailureData = Pick<GatewayFailure, 'code' | 'text' | 'retryable' | 'status' | 'param' | 'retryAfterMs' | 'maybeReceived'>;

/** What the gateway answered a send, as the row keeps it and the host applies it. */
export type SendAnswer = ({ taskIds: unknown[] } | { audio: SpokenAudio } | { failure: FailureData }) & { billed?: HostEvents['billed'] };

export type SenderReply =
  | { type: 'answer'; jobId: string; answer: SendAnswer }
  /** The row was no longer `ready` (taken back by the host): nothing was sent. */
  | { type: 'skipped'; jobId: string }
  | { type: 'log'; line: string }
  /** Its handlers are in place: requests sent before would have been lost while it booted. */
  | { type: 'listening' };

/** Lines a job's prepared call takes over the channel; undefined for a body it cannot carry. */
export function toWire(job: PreparedJob): WireJob | undefined {
  const { call } = job;
  if (call.method !== 'POST') return undefined;
  if (!call.form) return { ...job, call: { method: 'POST', path: call.path, json: call.json } };
  const form: [string, string][] = [];
  for (const [k, v] of call.form.entries()) {
    if (typeof v !== 'string') return undefined; // a file part: sent in-process
    form.push([k, v]);
  }
  return { ...job, call: { method: 'POST', path: call.path, form } };
}

export function fromWire(job: WireJob): PreparedJob {
  const { form, ...call } = job.call;
  if (!form) return { ...job, call };
  const data = new FormData();
  for (const [k, v] of form) data.append(k, v);
  return { ...job, call: { ...call, form: data } };
}

export const failureData = (f: GatewayFailure): FailureData => ({
  code: f.code, text: f.text, retryable: f.retryable, status: f.status, param: f.param, retryAfterMs: f.retryAfterMs, maybeReceived: f.maybeReceived,
});

export const failureOf = (d: FailureData): GatewayFailure =>
  new GatewayFailure(d.code, d.text, d.retryable, d.status, d.param, d.retryAfterMs, d.maybeReceived);
