/**
 * The hostile-gateway faults the studio's robustness tests use: downloads that stall, never end,
 * trickle or inflate to gigabytes, and API answers far larger than any client should accept.
 * Every open body must end when its client leaves and when the sandbox closes.
 */
import { describe, expect, it } from 'vitest';
import { get, type IncomingHttpHeaders } from 'node:http';
import { createGunzip, gunzipSync } from 'node:zlib';
import { sniffImage } from '@media/sniff.js';
import { inspectMp4 } from '@media/mp4-inspect.js';
import { startSandbox } from '../server.js';
import { admin, call, data, pollUntilDone, stats, until, useSandbox } from './harness.js';

const sandbox = useSandbox({ speed: 1000 });
const url = () => sandbox().url;
const MiB = 1024 * 1024;

async function imageLink(base: string): Promise<string> {
  const [{ task_id }] = await data(base, '/v1/images/generations', { body: { model: 'seedream-4-0', prompt: 'a file to break', resolution: '1K' } });
  return (await pollUntilDone(base, `/v1/tasks/${task_id}`)).final.result.images[0].url;
}

const bytesOf = async (link: string) => Buffer.from(await (await fetch(link)).arrayBuffer());

/** The body as sent, not decompressed (fetch would inflate a gzip bomb on its own). */
function rawGet(link: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(link, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** Reads until at least `bytes` arrived (or the body ended); returns what was read. */
async function readAtLeast(reader: ReadableStreamDefaultReader<Uint8Array>, bytes: number): Promise<{ got: Buffer; ended: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  while (size < bytes) {
    const { value, done } = await reader.read();
    if (done) return { got: Buffer.concat(chunks), ended: true };
    chunks.push(Buffer.from(value));
    size += value.length;
  }
  return { got: Buffer.concat(chunks), ended: false };
}

const openBodies = async (base: string) => (await stats(base)).open_fault_bodies;

describe('download faults (POST /_sandbox/faults/download)', () => {
  it('stall: sends after_bytes, then nothing more, and holds the connection until the client gives up', async () => {
    const link = await imageLink(url());
    const whole = await bytesOf(link);
    await admin(url(), 'faults/download', { mode: 'stall', after_bytes: 5000 });
    const abort = new AbortController();
    const res = await fetch(link, { signal: abort.signal });
    expect([res.status, Number(res.headers.get('content-length'))]).toEqual([200, whole.length]);
    const reader = res.body!.getReader();
    const { got } = await readAtLeast(reader, 5000);
    expect(got.equals(whole.subarray(0, 5000))).toBe(true);
    let settled = false;
    const next = reader.read().finally(() => {
      settled = true;
    });
    // Meanwhile the sandbox sends the same file whole to another client: a stall, not a slow server.
    expect((await bytesOf(link)).equals(whole)).toBe(true);
    expect(await openBodies(url())).toBe(1);
    expect(settled).toBe(false);
    abort.abort();
    await expect(next).rejects.toThrow();
    await until('the stalled body to end in the sandbox', async () => (await openBodies(url())) === 0);
  });

  it('endless: the file\'s type, no Content-Length, and bytes that never end until the client aborts', async () => {
    const link = await imageLink(url());
    const whole = await bytesOf(link);
    await admin(url(), 'faults/download', { mode: 'endless' });
    const abort = new AbortController();
    const res = await fetch(link, { signal: abort.signal });
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBeNull();
    const { got, ended } = await readAtLeast(res.body!.getReader(), 16 * MiB);
    expect(ended).toBe(false);
    expect(got.subarray(0, 8).equals(whole.subarray(0, 8))).toBe(true);
    abort.abort();
    await until('the endless body to stop in the sandbox', async () => (await openBodies(url())) === 0);
  });

  it('slow: the whole file at bytes_per_second, Range requests included', async () => {
    const link = await imageLink(url());
    const whole = await bytesOf(link);
    const rate = 100_000;
    await admin(url(), 'faults/download', { mode: 'slow', bytes_per_second: rate, count: 2 });
    const start = Date.now();
    const res = await fetch(link);
    expect(Number(res.headers.get('content-length'))).toBe(whole.length);
    expect(Buffer.from(await res.arrayBuffer()).equals(whole)).toBe(true);
    // A lower bound only (pacing can only make it later): 5,000 bytes per 50 ms tick, the first at once.
    expect(Date.now() - start).toBeGreaterThanOrEqual((Math.ceil(whole.length / 5000) - 1) * 50 - 5);
    const part = await fetch(link, { headers: { Range: 'bytes=1000-' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(1000))).toBe(true);
  });

  it('gzip-bomb: a few MB with Content-Encoding: gzip that inflate to 3 GiB of zeros', async () => {
    const link = await imageLink(url());
    await admin(url(), 'faults/download', { mode: 'gzip-bomb', count: 2 });
    const raw = await rawGet(link);
    expect(raw.headers).toMatchObject({ 'content-encoding': 'gzip', 'content-type': 'image/png', 'content-length': String(raw.body.length) });
    expect(raw.body.length).toBeLessThan(4 * MiB);
    expect(raw.body.readUInt32LE(raw.body.length - 4)).toBe(3 * 1024 * MiB); // gzip's ISIZE trailer
    // A client that trusts Content-Encoding (fetch does) gets far more than was sent.
    const abort = new AbortController();
    const res = await fetch(link, { signal: abort.signal });
    const { got, ended } = await readAtLeast(res.body!.getReader(), 64 * MiB);
    expect(ended).toBe(false);
    expect(got.equals(Buffer.alloc(got.length))).toBe(true);
    abort.abort();
  });

  it('cut still drops the connection after after_bytes (the default mode)', async () => {
    const link = await imageLink(url());
    await admin(url(), 'faults/download', { after_bytes: 3000 });
    const reader = (await fetch(link)).body!.getReader();
    const got: number[] = [];
    await expect((async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        got.push(value.length);
      }
    })()).rejects.toThrow();
    expect(got.reduce((a, b) => a + b, 0)).toBe(3000);
  });

  it('replace: damaged files sent whole, with a matching Content-Length', async () => {
    const link = await imageLink(url());
    const whole = await bytesOf(link);
    const replaced = async (kind: string) => {
      await admin(url(), 'faults/download', { mode: 'replace', kind });
      const res = await fetch(link);
      const body = Buffer.from(await res.arrayBuffer());
      expect([res.status, res.headers.get('content-type'), Number(res.headers.get('content-length'))]).toEqual([200, 'image/png', body.length]);
      return body;
    };
    expect((await replaced('truncated')).equals(whole.subarray(0, Math.floor(whole.length / 2)))).toBe(true);
    expect((await replaced('wrong-magic')).toString('latin1', 0, 15)).toBe('<!DOCTYPE html>');
    expect(await sniffImage(await replaced('huge-dimensions'))).toMatchObject({ format: 'png', width: 65535, height: 65535 });
    expect(await sniffImage(await bytesOf(link))).toMatchObject({ format: 'png', width: 1024, height: 1024 });

    const { task_id } = await data(url(), '/v1/videos/generations', { body: { model: 'modelg3', prompt: 'a clip to break', duration: 5 } });
    const clip = (await pollUntilDone(url(), `/v1/tasks/${task_id}`)).final.result.video_url as string;
    await admin(url(), 'faults/download', { mode: 'replace', kind: 'huge-dimensions' });
    expect(inspectMp4(await bytesOf(clip))).toMatchObject({ width: 65535, height: 65535, codec: expect.stringMatching(/^avc1/) });
  });

  it('refuses unknown modes', async () => {
    const res = await fetch(`${url()}/_sandbox/faults/download`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ mode: 'explode' }) });
    expect(res.status).toBe(400);
  });
});

describe('answer faults (POST /_sandbox/faults/answer)', () => {
  it('huge-json: the next matching answer is a valid envelope of exactly `bytes`, with no Content-Length', async () => {
    await admin(url(), 'faults/answer', { kind: 'huge-json', bytes: 8 * MiB, match: '/v1/account/balance' });
    expect((await data(url(), '/v1/account/token-balance')).token_balance).toBeTypeOf('number');
    const res = await call(url(), '/v1/account/balance');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-length')).toBeNull();
    const text = await res.text();
    expect(text.length).toBe(8 * MiB);
    expect(JSON.parse(text)).toMatchObject({ code: 200, data: { pad: expect.stringMatching(/^x+$/) } });
    expect((await data(url(), '/v1/account/balance')).balance).toBeTypeOf('number');
  });

  it('huge-json is 300 MiB by default, streamed, and ends when the client stops reading', async () => {
    await admin(url(), 'faults/answer', { kind: 'huge-json' });
    const reader = (await call(url(), '/v1/account/balance')).body!.getReader();
    let size = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      size += value.length;
    }
    expect(size).toBe(300 * MiB);

    await admin(url(), 'faults/answer', { kind: 'huge-json' });
    const abort = new AbortController();
    const res = await fetch(`${url()}/v1/account/balance`, { headers: { Authorization: 'Bearer sk-sandbox' }, signal: abort.signal });
    await readAtLeast(res.body!.getReader(), MiB);
    abort.abort();
    await until('the huge answer to stop in the sandbox', async () => (await openBodies(url())) === 0);
  });

  it('gzip-bomb-json: a small gzip body that inflates to a JSON envelope of `bytes`', async () => {
    await admin(url(), 'faults/answer', { kind: 'gzip-bomb-json', bytes: 32 * MiB, match: '/v1/account/' });
    const small = await rawGet(`${url()}/v1/account/balance`);
    expect(small.headers).toMatchObject({ 'content-encoding': 'gzip', 'content-length': String(small.body.length) });
    expect(small.body.length).toBeLessThan(MiB / 8);
    const json = gunzipSync(small.body).toString('utf8');
    expect(json.length).toBe(32 * MiB);
    expect(JSON.parse(json)).toMatchObject({ code: 200, data: { pad: expect.stringMatching(/^x+$/) } });

    await admin(url(), 'faults/answer', { kind: 'gzip-bomb-json' });
    const big = await rawGet(`${url()}/v1/account/balance`);
    expect(big.body.length).toBeLessThan(MiB);
    expect(big.body.readUInt32LE(big.body.length - 4)).toBe(300 * MiB);
    const head = await new Promise<string>((resolve) => {
      const gunzip = createGunzip();
      gunzip.once('data', (c: Buffer) => {
        resolve(c.subarray(0, 30).toString());
        gunzip.destroy();
      });
      gunzip.end(big.body);
    });
    expect(head).toBe('{"code":200,"data":{"pad":"xxx');
  });
});

describe('closing the sandbox with fault bodies open', () => {
  it('returns, and ends a stalled and an endless download', async () => {
    const own = await startSandbox({ speed: 1000, streamPaceMs: 0 });
    const link = await imageLink(own.url);
    await admin(own.url, 'faults/download', { mode: 'stall', after_bytes: 100 });
    await admin(own.url, 'faults/download', { mode: 'endless' });
    const stalled = (await fetch(link)).body!.getReader();
    await readAtLeast(stalled, 100);
    const endless = (await fetch(link)).body!.getReader();
    await readAtLeast(endless, MiB);
    expect(await openBodies(own.url)).toBe(2);
    await own.close();
    await expect(readAtLeast(stalled, 1)).rejects.toThrow();
    await expect(readAtLeast(endless, Number.POSITIVE_INFINITY)).rejects.toThrow();
  });
});
