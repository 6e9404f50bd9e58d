/**
 * How much the studio takes from a gateway (docs/robust-host.md, "Limits"): every body is counted
 * as it arrives, after decompression, and a body over its limit is cut off with a message instead
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

/**
 * The same answer, its body counted as it is read: past `maxBytes` the read fails with `tooLarge`
 * and the connection is closed (the source stream is cancelled).
 */
export function boundedResponse(res: Response, maxBytes: number, what: Oversized): Response {
  if (!res.body) return res;
  let seen = 0;
  const counted = res.body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > maxBytes) controller.error(tooLarge(maxBytes, what));
      else controller.enqueue(chunk);
    },
  }));
  return new Response(counted, { status: res.status, statusText: res.statusText, headers: res.headers });
}

/** At most `maxBytes` of a body as text (the rest is not read); for error bodies, where a part says enough. */
export async function headOfBody(res: Response, maxBytes: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let seen = 0;
  try {
    while (seen < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      seen += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8');
}
