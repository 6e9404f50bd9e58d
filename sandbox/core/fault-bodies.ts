/**
 * What a broken or hostile gateway sends, for the download and answer faults: bodies cut short,
 * stalled, endless, trickling, or inflating to gigabytes. Every one ends when its client goes
 * away or the sandbox closes (close() destroys the sockets), so none outlives its connection.
 */
import type { ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import type { AnswerRule, Faults, ReplaceKind } from './faults.js';
import { JSON_PAD_HEAD, JSON_PAD_TAIL, jsonBomb } from './gzip-bomb.js';
import { drained } from './http.js';
import { childBoxes, readBoxes, type Mp4Box } from '@media/mp4-inspect.js';

const CHUNK = 64 * 1024;

/** Counts a fault body as open until its connection closes (`GET /_sandbox/stats` shows it). */
export function trackOpen(faults: Faults, res: ServerResponse): void {
  faults.openBodies++;
  res.once('close', () => {
    faults.openBodies--;
  });
}

/** Resolves when the connection closes or `ms` have passed, whichever comes first. */
function pause(res: ServerResponse, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      res.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    res.once('close', done);
  });
}

/**
 * Waits for room in the socket's buffer, and always for the next turn of the event loop: a
 * loopback client that reads as fast as we write would otherwise keep a write loop running on
 * microtasks alone, freezing the loop the studio shares.
 */
function room(res: ServerResponse, full: boolean): Promise<void> {
  if (!full || res.destroyed) return new Promise((resolve) => setImmediate(resolve));
  return drained(res);
}

type Write = (chunk: Buffer, cb?: () => void) => boolean;

/** Sends exactly `limit` body bytes, then drops the connection, as a broken network would. */
export function cutAfter(res: ServerResponse, limit: number): void {
  const write = res.write.bind(res) as Write;
  let sent = 0;
  res.write = ((chunk: Buffer) => {
    const left = limit - sent;
    if (left <= 0) return false;
    if (chunk.length < left) {
      sent += chunk.length;
      return write(chunk);
    }
    sent = limit;
    write(chunk.subarray(0, left), () => res.destroy());
    return false;
  }) as typeof res.write;
}

/**
 * Sends `limit` body bytes, then nothing more while keeping the connection open: the body is
 * never ended, so the client waits until it gives up (or the sandbox closes).
 */
export function stallAfter(res: ServerResponse, limit: number): void {
  const write = res.write.bind(res) as Write;
  let sent = 0;
  res.write = ((chunk: Buffer) => {
    const left = limit - sent;
    if (left <= 0) return false; // and no 'drain' follows: the file stream stays paused
    if (chunk.length < left) {
      sent += chunk.length;
      return write(chunk);
    }
    sent = limit;
    write(chunk.subarray(0, left));
    return false;
  }) as typeof res.write;
  res.end = (() => res) as typeof res.end;
}

/** Trickles the body at `bytesPerSecond` (real time: a slow network, not the simulated clock). */
export function paceWrites(res: ServerResponse, bytesPerSecond: number): void {
  const write = res.write.bind(res) as Write;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  const tickMs = 50;
  const perTick = Math.max(1, Math.round((bytesPerSecond * tickMs) / 1000));
  let queue = Promise.resolve();
  res.write = ((chunk: Buffer) => {
    queue = queue.then(async () => {
      for (let at = 0; at < chunk.length && !res.destroyed; at += perTick) {
        write(chunk.subarray(at, at + perTick));
        await pause(res, tickMs);
      }
    });
    // The source (send's file stream) pauses on `false` and reads on once this chunk is out.
    void queue.then(() => !res.destroyed && res.emit('drain'));
    return false;
  }) as typeof res.write;
  res.end = ((...args: unknown[]) => {
    void queue.then(() => !res.destroyed && end(...args));
    return res;
  }) as typeof res.end;
}

/** A body that never ends: the file's first bytes, then zeros, until the client disconnects. */
export async function sendEndless(res: ServerResponse, contentType: string, head: Buffer, headOnly: boolean): Promise<void> {
  // No Content-Length: chunked, so only the client's own limit can stop it.
  res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  // A HEAD answer has no body: writes would be dropped and the loop below would never end.
  if (headOnly) return void res.end();
  let full = !res.write(head);
  const zeros = Buffer.alloc(CHUNK);
  while (!res.destroyed) {
    await room(res, full);
    if (res.destroyed) break;
    full = !res.write(zeros);
  }
}

/** A small gzip body (`Content-Encoding: gzip`) that inflates to gigabytes. */
export function sendGzipBomb(res: ServerResponse, contentType: string, gzip: Buffer, head: boolean): void {
  res.writeHead(200, { 'Content-Type': contentType, 'Content-Encoding': 'gzip', 'Content-Length': String(gzip.length) });
  res.end(head ? undefined : gzip);
}

const HUGE = 65535;

/** The path of boxes below `box`, e.g. ['mdia', 'minf', 'stbl', 'stsd'] (first match each). */
function boxAt(bytes: Buffer, box: Mp4Box, path: string[]): Mp4Box | undefined {
  let at: Mp4Box | undefined = box;
  for (const type of path) at = at && childBoxes(bytes, at).find((b) => b.type === type);
  return at;
}

/**
 * Claims 65535×65535 pixels: in a PNG's IHDR (CRC fixed, so it still parses), or in an MP4's
 * video track header (tkhd) and sample entry (avc1), the two places readers take the size from.
 */
function hugeDimensions(bytes: Buffer): void {
  if (bytes.length >= 33 && bytes.toString('latin1', 12, 16) === 'IHDR') {
    bytes.writeUInt32BE(HUGE, 16);
    bytes.writeUInt32BE(HUGE, 20);
    bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
    return;
  }
  const moov = readBoxes(bytes).find((b) => b.type === 'moov');
  for (const trak of moov ? childBoxes(bytes, moov).filter((b) => b.type === 'trak') : []) {
    const tkhd = boxAt(bytes, trak, ['tkhd']);
    if (tkhd) {
      const p = tkhd.start + tkhd.headerSize;
      const at = p + (bytes[p] === 1 ? 88 : 76);
      // 16.16 fixed point; audio tracks say 0×0 and are left so.
      if (bytes.readUInt32BE(at) > 0) {
        bytes.writeUInt32BE(HUGE * 65536, at);
        bytes.writeUInt32BE(HUGE * 65536, at + 4);
      }
    }
    const stsd = boxAt(bytes, trak, ['mdia', 'minf', 'stbl', 'stsd']);
    // stsd: version/flags and entry count, then the sample entry: 24 bytes of fields, then width and height.
    const entry = stsd && childBoxes(bytes, stsd, 8)[0];
    if (entry && /^(avc|hvc|hev)/.test(entry.type)) {
      bytes.writeUInt16BE(HUGE, entry.start + entry.headerSize + 24);
      bytes.writeUInt16BE(HUGE, entry.start + entry.headerSize + 26);
    }
  }
}

/** A damaged copy of a stored file, sent whole: the transfer succeeds, the file does not. */
export async function sendReplaced(res: ServerResponse, path: string, contentType: string, kind: ReplaceKind): Promise<void> {
  let body = await readFile(path);
  if (kind === 'truncated') body = body.subarray(0, Math.floor(body.length / 2));
  // What a captive portal or proxy error page looks like when saved under the file's name.
  if (kind === 'wrong-magic') Buffer.from('<!DOCTYPE html>\n').copy(body, 0);
  if (kind === 'huge-dimensions') hugeDimensions(body);
  if (res.destroyed) return;
  res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': String(body.length) });
  res.end(body);
}

/** `{"code":200,"data":{"pad":"xxx…"}}` of exactly `total` bytes, streamed, never held whole. */
async function sendHugeJson(res: ServerResponse, total: number): Promise<void> {
  // No Content-Length: a client has to bound what it reads, not trust a header.
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
  let full = !res.write(JSON_PAD_HEAD);
  const xs = Buffer.alloc(CHUNK, 'x');
  let left = Math.max(0, total - JSON_PAD_HEAD.length - JSON_PAD_TAIL.length);
  while (left > 0 && !res.destroyed) {
    await room(res, full);
    if (res.destroyed) return;
    const n = Math.min(left, CHUNK);
    full = !res.write(n === CHUNK ? xs : xs.subarray(0, n));
    left -= n;
  }
  if (!res.destroyed) res.end(JSON_PAD_TAIL);
}

/** The `faults/answer` fault: the API's answer is an oversized or decompression-bomb JSON body. */
export function sendAnswerFault(faults: Faults, res: ServerResponse, rule: AnswerRule): void {
  trackOpen(faults, res);
  if (rule.kind === 'huge-json') {
    void sendHugeJson(res, rule.bytes);
    return;
  }
  sendGzipBomb(res, 'application/json; charset=utf-8', jsonBomb(rule.bytes), false);
}
