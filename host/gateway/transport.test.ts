/**
 * The host's one transport (transport.ts), under the gateway client and the downloads, against
 * small local servers that do what the sandbox never does: compress every way, redirect, drop a
 * kept-alive connection, cut an answer short, never answer.
 */
import { afterEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { CashBalance } from '@shared/gateway/wire.js';
import { GatewayClient } from './client.js';
import { open, readText, TimedOut } from './transport.js';

const BALANCE = { code: 200, data: { balance: 12.5, currency: 'CNY', total_charged: 20, total_used: 7.5, credit_balance: 0 } };

const servers: { close(): void }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

function listen(server: http.Server | net.Server): Promise<string> {
  servers.push({ close: () => { server.close(); (server as http.Server).closeAllConnections?.(); } });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

const balanceOf = (c: GatewayClient) => c.json({ method: 'GET', path: '/v1/account/balance', idempotent: false }, CashBalance);

describe('the transport of every gateway call', () => {
  it('sends the auth and fetch-like headers, and keeps one connection alive across calls', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    let connections = 0;
    const server = http.createServer((req, res) => {
      seen.push(req.headers);
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(BALANCE));
    });
    server.on('connection', () => (connections += 1));
    const client = new GatewayClient({ baseUrl: await listen(server), apiKey: 'sk-light' });
    expect((await balanceOf(client)).balance).toBe(12.5);
    // undici checks a kept-alive socket for a close already on its way before it reuses it (one
    // turn of the event loop); a call sent within that turn would take a new socket.
    await new Promise((resolve) => setImmediate(resolve));
    expect((await balanceOf(client)).currency).toBe('CNY');
    expect(connections).toBe(1);
    expect(seen[0]).toMatchObject({ authorization: 'Bearer sk-light', accept: 'application/json, text/event-stream, */*', 'user-agent': 'node', 'accept-encoding': 'gzip, deflate, br' });
  });

  it('decodes gzip, deflate (wrapped or raw) and brotli answers, and drops a byte order mark, as fetch does', async () => {
    const plain = Buffer.from(`\uFEFF${JSON.stringify(BALANCE)}`);
    const encoded: Record<string, Buffer> = { gzip: gzipSync(plain), deflate: deflateSync(plain), 'deflate-raw': deflateRawSync(plain), br: brotliCompressSync(plain) };
    const server = http.createServer((req, res) => {
      const name = req.url!.slice(1);
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': name.replace('-raw', '') });
      res.end(encoded[name]);
    });
    const base = await listen(server);
    for (const name of Object.keys(encoded)) {
      const client = new GatewayClient({ baseUrl: `${base}/${name}`, apiKey: 'k' });
      expect(await client.json({ method: 'GET', path: '' }, CashBalance)).toMatchObject({ balance: 12.5 });
    }
  });

  it('refuses to open a link of another scheme, in words the creator can act on', async () => {
    const refused = await open({ url: 'ftp://files.example/result.png', method: 'GET', headers: {}, timeoutMs: 5_000, maxBytes: 1024, what: 'resultFile' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'invalid_request', message: 'Only http and https links can be fetched (got ftp:).' });
  });

  it('follows a redirect on the same origin', async () => {
    const server = http.createServer((req, res) => {
      if (req.url === '/v1/account/balance') {
        res.writeHead(302, { Location: '/moved/balance' });
        return res.end();
      }
      res.end(JSON.stringify(BALANCE));
    });
    expect((await balanceOf(new GatewayClient({ baseUrl: await listen(server), apiKey: 'k' }))).balance).toBe(12.5);
  });

  it('maps failing statuses, with Retry-After', async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '3' });
      res.end(JSON.stringify({ error: { code: 429, message: 'slow down', type: 'rate_limit_exceeded' } }));
    });
    const client = new GatewayClient({ baseUrl: await listen(server), apiKey: 'k' });
    const f = await balanceOf(client).catch((e: unknown) => e);
    expect(f).toMatchObject({ code: 'rate_limited', status: 429, retryAfterMs: 3000 });
    expect((f as Error).message).toMatch(/slow down/);
  });

  it('tries once more on a fresh connection when a kept-alive one turns out closed', async () => {
    // A raw server that answers the first request of each connection and resets the
    // connection on its second: what a server closing an idle socket looks like to a client.
    let connections = 0;
    const body = JSON.stringify(BALANCE);
    const server = net.createServer((socket) => {
      connections += 1;
      let requests = 0;
      socket.on('data', (d) => {
        if (!d.includes('\r\n\r\n')) return;
        requests += 1;
        if (requests > 1) return socket.resetAndDestroy();
        socket.write(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n${body}`);
      });
    });
    // No retries: the poller's calls are not retried by the client either.
    const client = new GatewayClient({ baseUrl: await listen(server), apiKey: 'k', retry: { retries: 0 } });
    for (let i = 0; i < 3; i++) expect((await balanceOf(client)).balance).toBe(12.5);
    expect(connections).toBe(3);
  });

  it('reports an answer cut short as unreachable', async () => {
    const server = net.createServer((socket) => {
      socket.once('data', () => {
        socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"code":200,');
        setImmediate(() => socket.destroy());
      });
    });
    const client = new GatewayClient({ baseUrl: await listen(server), apiKey: 'k', retry: { retries: 0 } });
    expect(await balanceOf(client).catch((e: unknown) => e)).toMatchObject({ code: 'unreachable', retryable: true });
  });

  it('a submission whose answer is cut may have reached the gateway', async () => {
    const server = net.createServer((socket) => {
      socket.once('data', () => {
        socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"code":200,');
        setImmediate(() => socket.destroy());
      });
    });
    const client = new GatewayClient({ baseUrl: await listen(server), apiKey: 'k' });
    const f = await client.json({ method: 'POST', path: '/v1/videos/generations', json: { model: 'm' } }, CashBalance).catch((e: unknown) => e);
    expect(f).toMatchObject({ code: 'unreachable', maybeReceived: true });
  });

  it('ends a call at its time limit when the headers never come, and one whose body stops', async () => {
    // The server never answers (or stops after the headers): only the limit can end these calls.
    const server = http.createServer((req, res) => {
      if (req.url === '/headers-then-nothing') res.writeHead(200, { 'Content-Type': 'application/json' }).write('{"code":');
    });
    const base = await listen(server);
    const silent = await open({ url: `${base}/never`, method: 'GET', headers: {}, timeoutMs: 150, maxBytes: 1024, what: 'answer' }).catch((e: unknown) => e);
    expect(silent).toBeInstanceOf(TimedOut);
    const stalled = await open({ url: `${base}/headers-then-nothing`, method: 'GET', headers: {}, timeoutMs: 150, deadline: 'body', maxBytes: 1024, what: 'answer' });
    expect(stalled.status).toBe(200);
    expect(await readText(stalled.body).catch((e: unknown) => e)).toBeInstanceOf(TimedOut);
    const client = new GatewayClient({ baseUrl: base, apiKey: 'k', timeoutMs: 150 });
    expect(await client.json({ method: 'POST', path: '/headers-then-nothing', json: {} }, CashBalance).catch((e: unknown) => e)).toMatchObject({ code: 'timeout', maybeReceived: true });
  });

  it('ends a call, its body included, when its signal is aborted', async () => {
    const server = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/event-stream' }).write('data: 1\n\n'));
    const stop = new AbortController();
    const client = new GatewayClient({ baseUrl: await listen(server), apiKey: 'k' });
    const res = await client.send({ method: 'POST', path: '/stream', json: {}, signal: stop.signal });
    const first = await new Promise((resolve) => res.body.once('data', resolve));
    expect(String(first)).toBe('data: 1\n\n');
    const ended = new Promise((resolve) => res.body.once('close', resolve));
    stop.abort();
    await ended;
    expect(res.body.destroyed).toBe(true);
    expect(await client.send({ method: 'POST', path: '/stream', json: {}, signal: stop.signal }).catch((e: unknown) => e)).toMatchObject({ code: 'aborted' });
  });
});
