/**
 * Saves one result file (issue 4.3): streamed to a `.part` file with backpressure (memory stays
 * flat: part-writer.ts), resumed with Range / If-Range after a cut, checked against the announced
 * length. Links are public, so no key is sent. An expired link (404/410) is reported as such.
 * The link is opened with node:http unless a `fetch` is injected (download-source.ts).
 */
import { statSync, rmSync } from 'node:fs';
import { openWithFetch, openWithHttp, type OpenedBody } from './download-source.js';
import { GatewayFailure } from './failure.js';
import { writeBody } from './part-writer.js';

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
  /** Opens the link instead of node:http (tests observe or break requests with it). */
  fetch?: typeof fetch;
  /** Called as bytes arrive (throttle in the caller). */
  onProgress?(s: DownloadState): void;
  attempts?: number;
  sleep?(ms: number): Promise<void>;
}

const DISK_ERRORS: Record<string, string> = {
  ENOSPC: 'The disk is full: free some space, then retry the download.',
  EDQUOT: 'Your disk quota is used up: free some space, then retry the download.',
  EACCES: 'The studio may not write to the download folder (permission denied).',
  EPERM: 'The studio may not write to the download folder (permission denied).',
  EROFS: 'The download folder is on a read-only disk.',
};

function diskFailure(err: unknown): GatewayFailure | undefined {
  const code = (err as NodeJS.ErrnoException)?.code;
  return code && DISK_ERRORS[code] ? new GatewayFailure('internal', DISK_ERRORS[code], false) : undefined;
}

const partSize = (path: string) => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

async function once(o: DownloadOptions, state: DownloadState): Promise<DownloadState> {
  const have = partSize(o.partPath);
  const resume = have > 0 && state.validator ? have : 0;
  const headers: Record<string, string> = resume ? { Range: `bytes=${resume}-`, 'If-Range': state.validator! } : {};
  let res: OpenedBody;
  try {
    res = o.fetch ? await openWithFetch(o.fetch, o.url, headers, o.signal) : await openWithHttp(o.url, headers, o.signal);
  } catch (err) {
    if (o.signal?.aborted) throw new GatewayFailure('aborted', 'Cancelled.', false);
    throw new GatewayFailure('unreachable', `The download could not start: ${(err as Error).message}.`, true);
  }
  if (res.status !== 200 && res.status !== 206) res.body.destroy();
  if (res.status === 404 || res.status === 410) {
    throw new GatewayFailure('not_found', 'The result link has expired (links last 24 hours), so this file can no longer be saved.', false, res.status);
  }
  if (res.status !== 200 && res.status !== 206) throw new GatewayFailure('server_error', `The download failed (HTTP ${res.status}).`, res.status >= 500, res.status);
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
  o.onProgress?.(next);
  try {
    await writeBody(res.body, o.partPath, start, (n) => {
      next.received += n;
      o.onProgress?.(next);
    });
  } catch (err) {
    const disk = diskFailure(err);
    if (disk) throw disk;
    if (o.signal?.aborted) throw new GatewayFailure('aborted', 'Cancelled.', false);
    // A cut: keep what arrived and its validator, so the next attempt resumes.
    Object.assign(state, { ...next, received: partSize(o.partPath) });
    throw new GatewayFailure('unreachable', 'The download was interrupted.', true);
  }
  const size = partSize(o.partPath);
  if (next.total !== undefined && size !== next.total) {
    Object.assign(state, { ...next, received: size });
    throw new GatewayFailure('bad_response', `The download ended early (${size} of ${next.total} bytes).`, true);
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
      const f = err instanceof GatewayFailure ? err : diskFailure(err) ?? new GatewayFailure('internal', (err as Error).message, false);
      if (!f.retryable || i + 1 >= attempts) {
        // Nothing half-written is left behind when the download cannot finish.
        if (f.code !== 'aborted' && (f.code === 'internal' || f.code === 'not_found')) rmSync(o.partPath, { force: true });
        throw f;
      }
      await (o.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))))(Math.min(8_000, 250 * 2 ** i));
    }
  }
}
