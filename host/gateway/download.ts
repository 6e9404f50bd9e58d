/**
 * Saves one result file: streamed to a `.part` file with backpressure (memory stays
 * flat: part-writer.ts), resumed with Range / If-Range after a cut, checked against the announced
 * length. Links are public, so no key is sent. An expired link (404/410) is reported as such.
 * The link is opened on the host's one transport (transport.ts); no key goes along to it, nor to
 * any hop it redirects to (redirects.ts `withoutKey`, docs/security.md).
 */
import { statSync, rmSync } from 'node:fs';
import { msg, type Message } from '@shared/messages/index.js';
import { GatewayFailure } from './failure.js';
import { RedirectRefused, withoutKey } from './redirects.js';
import { open, RedirectStopped, type Incoming } from './transport.js';
import { writeBody } from './part-writer.js';
import { PrivateAddressRefused } from './private-address.js';
import { tooLarge } from './limits.js';

export interface DownloadState {
  received: number;
  total?: number;
  validator?: string;
}

export interface DownloadOptions {
  url: string;
  partPath: string;
  /** What the previous attempt left (for resuming). */
  state?: DownloadState;
  signal?: AbortSignal;
  /** Called as bytes arrive (throttle in the caller). */
  onProgress?(s: DownloadState): void;
  attempts?: number;
  sleep?(ms: number): Promise<void>;
  /** Until the answer's headers must have come (docs/robust-host.md, "Downloads"). */
  openTimeoutMs?: number;
  /** How long the body may send nothing before the attempt is given up (and resumed). */
  idleTimeoutMs?: number;
  /** The largest file taken; a body past it is cut off and the partial file removed. */
  maxBytes?: number;
  /**
   * The only origins where a link may reach this computer or the local network (private-address.ts):
   * the gateway's that gave the link (the profile's own; the embedded sandbox is on 127.0.0.1).
   */
  localOrigins: readonly string[];
}

export const DOWNLOAD_TIMEOUTS = { openMs: 30_000, idleMs: 30_000 };

const DISK_ERRORS: Record<string, () => Message> = {
  ENOSPC: () => msg('gateway.download.diskFull'),
  EDQUOT: () => msg('gateway.download.quotaUsed'),
  EACCES: () => msg('gateway.download.noPermission'),
  EPERM: () => msg('gateway.download.noPermission'),
  EROFS: () => msg('gateway.download.readOnly'),
};

function diskFailure(err: unknown): GatewayFailure | undefined {
  const code = (err as NodeJS.ErrnoException)?.code;
  const text = code ? DISK_ERRORS[code] : undefined;
  return text ? new GatewayFailure('internal', text(), false) : undefined;
}

const partSize = (path: string) => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

/** The host a refused link led to, when `err` is that refusal (thrown by the lookup or the transport). */
function privateHost(err: unknown): string | undefined {
  for (let e = err; e instanceof Error; e = e.cause) if (e instanceof PrivateAddressRefused) return e.host;
  return undefined;
}

const cancelled = () => new GatewayFailure('aborted', msg('gateway.network.cancelled'), false);
const idle = (ms: number) => new GatewayFailure('timeout', msg('gateway.download.stalled', { seconds: Math.round(ms / 1000) }), true);

async function once(o: DownloadOptions, state: DownloadState): Promise<DownloadState> {
  const have = partSize(o.partPath);
  const resume = have > 0 && state.validator ? have : 0;
  const headers: Record<string, string> = resume ? { Range: `bytes=${resume}-`, 'If-Range': state.validator! } : {};
  const openMs = o.openTimeoutMs ?? DOWNLOAD_TIMEOUTS.openMs;
  const idleMs = o.idleTimeoutMs ?? DOWNLOAD_TIMEOUTS.idleMs;
  const maxBytes = o.maxBytes ?? Infinity;
  // One controller ends this attempt whatever the reason: the caller's cancel or a time limit.
  const attempt = new AbortController();
  let stopped: GatewayFailure | undefined;
  let body: Incoming['body'] | undefined;
  const stop = (why: GatewayFailure) => {
    stopped ??= why;
    attempt.abort(why);
    body?.destroy(why);
  };
  const onCancel = () => stop(cancelled());
  if (o.signal?.aborted) throw cancelled();
  o.signal?.addEventListener('abort', onCancel, { once: true });
  let timer = setTimeout(() => stop(new GatewayFailure('timeout', msg('gateway.download.noAnswerWithin', { seconds: Math.round(openMs / 1000) }), true)), openMs);
  try {
    let res: Incoming;
    try {
      // A file is saved byte for byte: `identity` keeps Content-Length and Range about the file itself.
      res = await open({
        url: o.url, method: 'GET', headers: withoutKey(headers), signal: attempt.signal, maxBytes: Infinity, what: 'resultFile', encoding: 'identity',
        publicUnlessFrom: o.localOrigins.map((u) => new URL(u).origin),
      });
    } catch (err) {
      if (stopped) throw stopped;
      const local = privateHost(err);
      if (local !== undefined) throw new GatewayFailure('invalid_request', msg('gateway.download.privateAddress', { host: local }), false);
      // A refused redirect says why in words of ours; anything else in Node's, verbatim.
      const refused = err instanceof RedirectStopped && err.cause instanceof RedirectRefused ? err.cause.text : undefined;
      throw new GatewayFailure('unreachable', msg('gateway.download.couldNotStart', { message: refused ?? (err as Error).message }), true);
    }
    clearTimeout(timer);
    body = res.body;
    if (stopped) res.body.destroy(stopped);
    // The idle clock is one timer re-armed per check, not per chunk: chunks come by the thousand.
    let lastByteAt = Date.now();
    const checkIdle = () => {
      const quiet = Date.now() - lastByteAt;
      if (quiet >= idleMs) stop(idle(idleMs));
      else timer = setTimeout(checkIdle, idleMs - quiet);
    };
    timer = setTimeout(checkIdle, idleMs);
    return await receive(o, state, res, resume, maxBytes, () => stopped, (n) => {
      lastByteAt = Date.now();
      if (n > maxBytes) stop(tooLarge(maxBytes, 'resultFile'));
    });
  } finally {
    clearTimeout(timer);
    o.signal?.removeEventListener('abort', onCancel);
  }
}

async function receive(
  o: DownloadOptions, state: DownloadState, res: Incoming, resume: number, maxBytes: number,
  stopped: () => GatewayFailure | undefined, onBytes: (received: number) => void,
): Promise<DownloadState> {
  if (res.status !== 200 && res.status !== 206) res.body.destroy();
  if (res.status === 404 || res.status === 410) {
    throw new GatewayFailure('not_found', msg('gateway.download.linkExpired'), false, res.status);
  }
  if (res.status !== 200 && res.status !== 206) throw new GatewayFailure('server_error', msg('gateway.download.failed', { status: res.status }), res.status >= 500, res.status);
  const append = res.status === 206;
  const start = append ? resume : 0;
  const length = res.decoded ? NaN : Number(res.header('content-length') ?? NaN);
  const rangeTotal = Number(/\/(\d+)$/.exec(res.header('content-range') ?? '')?.[1] ?? NaN);
  const next: DownloadState = {
    received: start,
    total: Number.isFinite(rangeTotal) ? rangeTotal : Number.isFinite(length) ? start + length : undefined,
    // A decoded body cannot be resumed by byte ranges of the encoded one: a cut starts over.
    validator: res.decoded ? undefined : res.header('etag') ?? res.header('last-modified') ?? undefined,
  };
  if (next.total !== undefined && next.total > maxBytes) {
    res.body.destroy();
    throw tooLarge(maxBytes, 'resultFile');
  }
  o.onProgress?.(next);
  try {
    await writeBody(res.body, o.partPath, start, (n) => {
      next.received += n;
      onBytes(next.received);
      o.onProgress?.(next);
    });
  } catch (err) {
    const disk = diskFailure(err);
    if (disk) throw disk;
    const why = stopped();
    if (why?.code === 'aborted' || why?.code === 'bad_response') throw why;
    // A cut or a stall: keep what arrived and its validator, so the next attempt resumes.
    Object.assign(state, { ...next, received: partSize(o.partPath) });
    throw why ?? new GatewayFailure('unreachable', msg('gateway.download.interrupted'), true);
  }
  const size = partSize(o.partPath);
  if (next.total !== undefined && size !== next.total) {
    Object.assign(state, { ...next, received: size });
    throw new GatewayFailure('bad_response', msg('gateway.download.endedEarly', { size, total: next.total }), true);
  }
  return { ...next, received: size, total: size };
}

/** Downloads with resumption; throws a GatewayFailure (code `not_found` = expired). */
export async function downloadFile(o: DownloadOptions): Promise<DownloadState> {
  const state: DownloadState = { received: 0, ...o.state };
  const attempts = o.attempts ?? 5;
  for (let i = 0; ; i++) {
    try {
      return await once(o, state);
    } catch (err) {
      const f = err instanceof GatewayFailure ? err : diskFailure(err) ?? new GatewayFailure('internal', msg('app.calls.untranslated', { text: (err as Error).message }), false);
      if (!f.retryable || i + 1 >= attempts || o.signal?.aborted) {
        // Nothing half-written is left behind when the download cannot finish, or is cancelled
        // (a cancel means "stop and clean up"; a saving resumed later asks for a fresh link anyway).
        if (['aborted', 'internal', 'not_found', 'bad_response'].includes(f.code) || o.signal?.aborted) rmSync(o.partPath, { force: true });
        throw o.signal?.aborted ? cancelled() : f;
      }
      await (o.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))))(Math.min(8_000, 250 * 2 ** i));
    }
  }
}
