/**
 * How much the studio takes from a gateway (docs/robust-host.md, "Limits"): every body is counted
 * as it arrives, after decompression (transport.ts), and a body over its limit is cut off with a message instead
 * of filling the host's memory. A hostile or broken gateway could otherwise crash the studio with
 * one answer, and again at every start while the job that drew it is resumed.
 */
import { msg } from '@shared/messages/index.js';
import { GatewayFailure } from './failure.js';

const MB = 1024 * 1024;

export const LIMITS = {
  /** A JSON answer: task polls, balances, a chat reply sent whole. */
  jsonBytes: 16 * MB,
  /** A native image answer carries its pictures inline as base64. */
  nativeImageBytes: 128 * MB,
  /** The body of a failing answer: only its message is shown. */
  errorBytes: 64 * 1024,
  /** A streamed reply, all of it. */
  streamBytes: 32 * MB,
  /** One event of a stream (a line the parser must hold until it ends). */
  eventBytes: 4 * MB,
  /** Speech audio. */
  audioBytes: 500 * MB,
} as const;

export const megabytes = (bytes: number) => Math.round(bytes / MB);

const oversized = new WeakSet<GatewayFailure>();

/** What was too large, a piece of the message (shared/messages/en/gateway.ts, `limits`). */
export type Oversized = 'answer' | 'streamEvent' | 'resultFile';

export function tooLarge(maxBytes: number, what: Oversized): GatewayFailure {
  const f = new GatewayFailure('bad_response', msg('gateway.limits.tooLarge', { what: msg(`gateway.limits.${what}`), megabytes: megabytes(maxBytes) }), false);
  oversized.add(f);
  return f;
}

/** Whether a failure is a body over its limit (asking again would only bring it again). */
export const isTooLarge = (f: GatewayFailure) => oversized.has(f);
