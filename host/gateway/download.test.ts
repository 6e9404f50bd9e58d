import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startSandbox, type Sandbox } from '@sandbox/server.js';
import { startHop } from '../test/gateway-hop.js';
import { downloadFile, type DownloadState } from './download.js';
import { GatewayFailure } from './failure.js';

let sandbox: Sandbox;
let dir: string;
let link: string;
let whole: Buffer;
beforeAll(async () => {
  sandbox = await startSandbox({ speed: 100 });
  dir = mkdtempSync(join(tmpdir(), 'studio-dl-'));
  // A 3 MB file of varied bytes stands in for a result.
  whole = Buffer.alloc(3 * 1024 * 1024);
  for (let i = 0; i < whole.length; i++) whole[i] = (i * 31 + (i >> 10)) & 0xff;
  const rec = sandbox.state.files.put(whole, 'result.bin', 'application/octet-stream');
  link = sandbox.state.files.url(sandbox.url, rec);
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

const admin = (path: string, body: unknown) =>
  fetch(`${sandbox.url}/_sandbox/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const noWait = async () => undefined;

describe('downloading a result file', () => {
  it('streams it to the .part file, checked against its length, with progress', async () => {
    const partPath = join(dir, 'a.part');
    const seen: number[] = [];
    const state = await downloadFile({ url: link, partPath, localOrigins: [sandbox.url], onProgress: (s) => seen.push(s.received) });
    expect(state).toMatchObject({ received: whole.length, total: whole.length });
    expect(readFileSync(partPath).equals(whole)).toBe(true);
    expect(seen.at(-1)).toBe(whole.length);
    expect(seen.length).toBeGreaterThan(2);
  });

  it('resumes with Range after a cut, to the exact bytes', async () => {
    await admin('faults/download', { after_bytes: 1_000_000, count: 2 });
    const partPath = join(dir, 'b.part');
    // Counted where the requests arrive: a hop in front of the sandbox sees each attempt.
    const hop = await startHop(sandbox.url);
    try {
      const state = await downloadFile({ url: link.replace(sandbox.url, hop.url), partPath, sleep: noWait, localOrigins: [hop.url, sandbox.url] });
      expect(state.received).toBe(whole.length);
      expect(hop.seen.map((s) => s.status)).toEqual([200, 206, 206]);
      const ranges = hop.seen.map((s) => s.headers.range);
      expect(ranges[0]).toBeUndefined();
      expect(ranges.slice(1).every((r) => /^bytes=[1-9]\d*-$/.test(r ?? ''))).toBe(true);
      expect(hop.seen.slice(1).every((s) => s.headers['if-range'] !== undefined)).toBe(true);
      expect(readFileSync(partPath).equals(whole)).toBe(true);
    } finally {
      await hop.close();
    }
  });

  it('each attempt starts where the cut left off', async () => {
    await admin('faults/download', { after_bytes: 1_000_000, count: 1 });
    const partPath = join(dir, 'b2.part');
    const starts: number[] = [];
    let last = -1;
    const state = await downloadFile({
      url: link, partPath, sleep: noWait, localOrigins: [sandbox.url],
      // Each attempt reports its starting point first: 0, then the bytes already on disk.
      onProgress: (s) => {
        if (s.received <= last || last === -1) starts.push(s.received);
        last = s.received;
      },
    });
    expect(state.received).toBe(whole.length);
    expect(starts).toHaveLength(2);
    expect(starts[1]).toBeGreaterThan(0);
    expect(readFileSync(partPath).equals(whole)).toBe(true);
  });

  it('follows a redirect to the file, keeping its Range', async () => {
    const ranges: (string | undefined)[] = [];
    const hop = http.createServer((req, res) => {
      ranges.push(req.headers.range);
      res.writeHead(302, { Location: link });
      res.end();
    });
    await new Promise<void>((r) => hop.listen(0, '127.0.0.1', r));
    try {
      const partPath = join(dir, 'r.part');
      writeFileSync(partPath, whole.subarray(0, 5000));
      const etag = (await fetch(link, { method: 'HEAD' })).headers.get('etag')!;
      const state = await downloadFile({ url: `http://127.0.0.1:${(hop.address() as AddressInfo).port}/r`, partPath, state: { received: 5000, validator: etag }, localOrigins: [`http://127.0.0.1:${(hop.address() as AddressInfo).port}`, sandbox.url] });
      expect(state.received).toBe(whole.length);
      expect(ranges).toEqual(['bytes=5000-']);
      expect(readFileSync(partPath).equals(whole)).toBe(true);
    } finally {
      hop.close();
    }
  });

  it('saves the file itself when a server compresses it anyway, though it was asked not to', async () => {
    const asked: (string | undefined)[] = [];
    const zipping = http.createServer((req, res) => {
      asked.push(req.headers['accept-encoding']);
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Encoding': 'gzip' });
      res.end(gzipSync(whole));
    });
    await new Promise<void>((r) => zipping.listen(0, '127.0.0.1', r));
    try {
      const partPath = join(dir, 'z.part');
      const state = await downloadFile({ url: `http://127.0.0.1:${(zipping.address() as AddressInfo).port}/z`, partPath, localOrigins: [`http://127.0.0.1:${(zipping.address() as AddressInfo).port}`] });
      expect(asked).toEqual(['identity']);
      expect(state).toMatchObject({ received: whole.length, total: whole.length });
      expect(readFileSync(partPath).equals(whole)).toBe(true);
    } finally {
      zipping.close();
    }
  });

  it('stops when cancelled, and removes the partial file', async () => {
    const partPath = join(dir, 'x.part');
    const abort = new AbortController();
    const err = await downloadFile({
      url: link, partPath, signal: abort.signal, localOrigins: [sandbox.url],
      onProgress: (s) => {
        if (s.received > 0) abort.abort();
      },
    }).catch((e) => e);
    expect(err).toMatchObject({ code: 'aborted' });
    expect(existsSync(partPath)).toBe(false);
  });

  it('starts over when the file changed (If-Range no longer matches)', async () => {
    const partPath = join(dir, 'c.part');
    writeFileSync(partPath, Buffer.alloc(1000, 9));
    const resumed: DownloadState = { received: 1000, validator: '"not-the-etag"' };
    await downloadFile({ url: link, partPath, state: resumed, sleep: noWait, localOrigins: [sandbox.url] });
    expect(readFileSync(partPath).equals(whole)).toBe(true);
  });

  it('reports an expired link and leaves no partial file', async () => {
    const rec = sandbox.state.files.put(Buffer.from('soon gone'), 'gone.bin', 'application/octet-stream');
    await admin('links/expire', {});
    const partPath = join(dir, 'd.part');
    writeFileSync(partPath, 'partial');
    const err = await downloadFile({ url: sandbox.state.files.url(sandbox.url, rec), partPath, state: { received: 7, validator: 'x' }, localOrigins: [sandbox.url] }).catch((e) => e);
    expect(err).toBeInstanceOf(GatewayFailure);
    expect(err.message).toMatch(/expired/);
    expect(existsSync(partPath)).toBe(false);
  });

  it('says the disk is full, and cleans up', async () => {
    const fresh = sandbox.state.files.put(whole, 'again.bin', 'application/octet-stream');
    const partPath = join(dir, 'full.part');
    // /dev/full answers every write with ENOSPC: a real full disk, through a link we own.
    symlinkSync('/dev/full', partPath);
    const err = await downloadFile({ url: sandbox.state.files.url(sandbox.url, fresh), partPath, sleep: noWait, localOrigins: [sandbox.url] }).catch((e) => e);
    expect(err.message).toMatch(/disk is full/);
    expect(existsSync(partPath)).toBe(false);
    expect(existsSync('/dev/full')).toBe(true);
  });
});
