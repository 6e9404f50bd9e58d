/**
 * A hostile gateway's answers, as the outside audit sent them: a JSON body of hundreds of MB, a
 * small gzip that inflates to that, a streamed reply that never ends, one endless stream line and
 * an error message the size of a book. Each must end as a message, with the host's memory
 * untouched by the excess (docs/robust-host.md, "Limits").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import { readReply } from '../chat/reply-reader.js';
import { GatewayClient } from './client.js';
import { LIMITS } from './limits.js';

const MB = 1024 * 1024;
let server: http.Server;
let base: string;
const closed: string[] = [];
const bomb = gzipSync(Buffer.concat([Buffer.from('{"code":200,"data":{"pad":"'), Buffer.alloc(200 * MB, 0x61), Buffer.from('"}}')]));

/** Writes `chunk` until the client goes away. */
function endless(res: http.ServerResponse, chunk: Buffer) {
  const pump = () => {
    while (!res.destroyed && res.write(chunk));
    if (!res.destroyed) res.once('drain', pump);
  };
  pump();
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.on('close', () => closed.push(req.url ?? ''));
    const path = (req.url ?? '').replace(/^\/v1\//, '');
    if (path === 'huge') {
      // An answer that says it is JSON and never stops: 300 MB and counting.
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"code":200,"data":{"pad":"');
      return endless(res, Buffer.alloc(256 * 1024, 0x61));
    }
    if (path === 'bomb') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
      return res.end(bomb);
    }
    if (path === 'stream') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      const event = Buffer.from(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'word '.repeat(500) } }] })}\n\n`);
      return endless(res, Buffer.concat(Array.from({ length: 64 }, () => event)));
    }
    if (path === 'line') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('data: {"choices":[{"index":0,"delta":{"content":"');
      return endless(res, Buffer.alloc(256 * 1024, 0x62));
    }
    if (path === 'error') {
      res.writeHead(400, { 'Content-Type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: `Bad request: ${'x'.repeat(5 * MB)}`, type: 'invalid_request_error' } }));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const client = () => new GatewayClient({ baseUrl: base, apiKey: 'sk-test-key-0000', retry: { retries: 0 } });
const anything = z.unknown();
const failureOf = (p: Promise<unknown>) => p.then(() => undefined, (e: Error & { code?: string }) => e);

describe('answers over their limits', () => {
  it('stops reading an endless JSON answer of a poll at the JSON limit, and closes the connection', async () => {
    const err = await failureOf(client().json({ method: 'GET', path: '/v1/huge' }, anything));
    expect(err?.code).toBe('bad_response');
    expect(err?.message).toBe(`The gateway's answer was larger than the studio accepts (${LIMITS.jsonBytes / MB} MB), so it was not read.`);
    while (!closed.includes('/v1/huge')) await new Promise((r) => setImmediate(r));
  });

  it('stops an endless JSON answer to a POST too (the fetch path)', async () => {
    const err = await failureOf(client().json({ method: 'POST', path: '/v1/huge', json: {} }, anything));
    expect(err?.message).toMatch(/larger than the studio accepts/);
    // A submission answered this way may have been taken: its fate is unknown, never "refused".
    expect(err).toMatchObject({ maybeReceived: true });
  });

  it('counts a gzip bomb after decompression, on both transports', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const err = await failureOf(client().json({ method, path: '/v1/bomb', ...(method === 'POST' ? { json: {} } : {}) }, anything));
      expect(err?.message).toMatch(/larger than the studio accepts/);
    }
  });

  it('ends a streamed reply that never ends at the reply limit, with a message', async () => {
    const res = await client().send({ method: 'POST', path: '/v1/stream', json: {}, maxBytes: 2 * MB });
    const reply = readReply(res, 'chat', { streamed: true });
    let words = 0;
    const err = await failureOf((async () => {
      for (;;) {
        const next = await reply.next();
        if (next.done) return;
        words += next.value.length;
      }
    })());
    expect(words).toBeGreaterThan(0); // what came before the limit was shown
    expect(err?.message).toBe("The gateway's answer was larger than the studio accepts (2 MB), so it was not read.");
  });

  it('ends a stream whose one line never ends at the event limit', async () => {
    const res = await client().send({ method: 'POST', path: '/v1/line', json: {} });
    const reply = readReply(res, 'chat', { streamed: true });
    const err = await failureOf(reply.next());
    expect(err?.message).toBe(`The gateway's stream event was larger than the studio accepts (${LIMITS.eventBytes / MB} MB), so it was not read.`);
  });

  it("shows a gateway's enormous error message cut to a readable length", async () => {
    const err = await failureOf(client().json({ method: 'POST', path: '/v1/error', json: {} }, anything));
    expect(err?.message).toMatch(/^The gateway refused the request: .*Bad request: x+…$/);
    expect(err!.message.length).toBeLessThan(2_100);
  });
});
