/**
 * The client's light transport for JSON GETs (http-json.ts), and its fetch path where they
 * differ, against small local servers that do what the sandbox never does: compress, redirect,
 * drop a kept-alive connection, cut an answer short.
 */
import { afterEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { CashBalance } from '@shared/gateway/wire.js';
import { GatewayClient } from './client.js';

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

describe('gateway client: the light transport of JSON GETs', () => {
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
    expect((await balanceOf(client)).currency).toBe('CNY');
    expect(connections).toBe(1);
    expect(seen[0]).toMatchObject({ authorization: 'Bearer sk-light', accept: 'application/json, text/event-stream, */*', 'user-agent': 'node' });
  });

  it('leaves every request to an injected fetch', async () => {
    let requests = 0;
    const server = http.createServer((_req, res) => res.end(JSON.stringify(BALANCE)));
    const base = await listen(server);
    const counting: typeof fetch = (input, init) => {
      requests += 1;
      return fetch(input, init);
    };
    await balanceOf(new GatewayClient({ baseUrl: base, apiKey: 'k', fetch: counting }));
    expect(requests).toBe(1);
  });

  it('decodes a gzip answer and drops a byte order mark, as fetch does', async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
      res.end(gzipSync(Buffer.from(`\uFEFF${JSON.stringify(BALANCE)}`)));
    });
    expect((await balanceOf(new GatewayClient({ baseUrl: await listen(server), apiKey: 'k' }))).balance).toBe(12.5);
  });

  it('follows a redirect (through fetch)', async () => {
    const server = http.createServer((req, res) => {
      if (req.url === '/v1/account/balance') {
        res.writeHead(302, { Location: '/moved/balance' });
        return res.end();
      }
      res.end(JSON.stringify(BALANCE));
    });
    expect((await balanceOf(new GatewayClient({ baseUrl: await listen(server), apiKey: 'k' }))).balance).toBe(12.5);
  });

  it('maps failing statuses, with Retry-After, like the fetch path', async () => {
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
    await balanceOf(client);
    expect((await balanceOf(client)).balance).toBe(12.5);
    expect(connections).toBe(2);
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

  it('through fetch too: a submission whose answer is cut may have reached the gateway', async () => {
    const server = net.createServer((socket) => {
      socket.once('data', () => {
        socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"code":200,');
        setTimeout(() => socket.destroy(), 20);
      });
    });
    const client = new GatewayClient({ baseUrl: await listen(server), apiKey: 'k', fetch: (input, init) => fetch(input, init) });
    const f = await client.json({ method: 'POST', path: '/v1/videos/generations', json: { model: 'm' } }, CashBalance).catch((e: unknown) => e);
    expect(f).toMatchObject({ code: 'unreachable', maybeReceived: true });
  });
});
