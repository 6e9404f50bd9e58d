/**
 * Downloads against links that misbehave as a hostile or broken server would: one that never
 * answers, one that stops sending, one that never ends, a gzip bomb, a file over the size limit,
 * and a cancel in the middle. Each ends the download with a message and no file left behind;
 * none may hang or grow without bound (docs/robust-host.md, "Downloads").
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { downloadFile } from './download.js';

const MB = 1024 * 1024;
let dir: string;
let server: http.Server;
let base: string;
/** Every request the server saw, and whether its connection was closed by the client. */
let seen: { path: string; closed: boolean }[] = [];
// 64 MB of zeros, gzipped to about 64 KB: a small body that inflates far past any limit.
const bomb = gzipSync(Buffer.alloc(64 * MB));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'studio-dl-limits-'));
  server = http.createServer((req, res) => {
    const entry = { path: req.url ?? '', closed: false };
    seen.push(entry);
    res.on('close', () => (entry.closed = true));
    const chunk = Buffer.alloc(64 * 1024, 7);
    switch (req.url) {
      case '/silent': return; // never answers
      case '/stall':
        res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': String(10 * MB) });
        res.write(chunk); // then nothing, connection held open
        return;
      case '/endless': {
        res.writeHead(200, { 'Content-Type': 'video/mp4' });
        const pump = () => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once('drain', pump);
        };
        return pump();
      }
      case '/bomb':
        res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Encoding': 'gzip' });
        return res.end(bomb);
      case '/big':
        res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': String(512 * MB) });
        return res.end(chunk);
      default: {
        res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': String(8 * MB) });
        let left = 128;
        const slow = setInterval(() => {
          if (res.destroyed || left-- <= 0) return clearInterval(slow);
          res.write(chunk);
        }, 5);
      }
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => (seen = []));
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

const noWait = async () => undefined;
const attempt = (path: string, extra: Partial<Parameters<typeof downloadFile>[0]> = {}) => {
  const partPath = join(dir, `${path.slice(1)}-${Math.random()}.part`);
  return { partPath, done: downloadFile({ url: `${base}${path}`, partPath, sleep: noWait, attempts: 2, localOrigins: [base], ...extra }).then(() => undefined, (e: Error & { code?: string }) => e) };
};
/** Resolves once the server has seen the client hang up on every request so far. */
const allClosed = async () => {
  while (!seen.every((s) => s.closed)) await new Promise((r) => setImmediate(r));
};

describe('a download that cannot wedge', () => {
  it('gives up on a link that never answers, after its open limit, on every attempt', async () => {
    const { partPath, done } = attempt('/silent', { openTimeoutMs: 150 });
    const err = await done;
    expect(err?.message).toMatch(/could not start: no answer within/);
    expect(seen).toHaveLength(2);
    await allClosed();
    expect(existsSync(partPath)).toBe(false);
  });

  it('gives up on a body that stops arriving, after its idle limit, keeping what came for a resume', async () => {
    const { partPath, done } = attempt('/stall', { idleTimeoutMs: 150 });
    const err = await done;
    expect(err?.code).toBe('timeout');
    expect(err?.message).toMatch(/stalled: nothing arrived/);
    await allClosed();
    // Retryable: the bytes that came stay for the next save to resume from.
    expect(statSync(partPath).size).toBe(64 * 1024);
  });

  it('cuts off a body that never ends at the size limit, and removes what it wrote', async () => {
    const { partPath, done } = attempt('/endless', { maxBytes: 4 * MB });
    const err = await done;
    expect(err?.code).toBe('bad_response');
    expect(err?.message).toMatch(/larger than the studio accepts \(4 MB\)/);
    expect(seen).toHaveLength(1); // not retried: it would only be too large again
    await allClosed();
    expect(existsSync(partPath)).toBe(false);
  });

  it('counts a compressed body after decompression: a gzip bomb stops at the limit', async () => {
    const { partPath, done } = attempt('/bomb', { maxBytes: 8 * MB });
    const err = await done;
    expect(err?.message).toMatch(/larger than the studio accepts \(8 MB\)/);
    expect(existsSync(partPath)).toBe(false);
  });

  it('refuses a file whose announced length is over the limit before reading it', async () => {
    const { partPath, done } = attempt('/big', { maxBytes: 100 * MB });
    const err = await done;
    expect(err?.message).toMatch(/larger than the studio accepts \(100 MB\)/);
    expect(existsSync(partPath)).toBe(false);
  });

  it('stops a transfer at once when cancelled: the connection closes and the partial file goes', async () => {
    const abort = new AbortController();
    const { partPath, done } = attempt('/slow', {
      signal: abort.signal,
      onProgress: (s) => {
        if (s.received >= 256 * 1024) abort.abort();
      },
    });
    const err = await done;
    expect(err?.code).toBe('aborted');
    await allClosed();
    expect(seen).toHaveLength(1);
    expect(existsSync(partPath)).toBe(false);
  });
});
