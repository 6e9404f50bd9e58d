/**
 * A hostile gateway redirects the studio's calls to a listener of its own on another origin, and
 * a result link redirects its download elsewhere. The key never arrives anywhere but the base
 * URL: a call is not followed to another origin (redirects.ts), and a download carries no key on
 * any hop, whatever a caller passes (docs/security.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { failureOf } from '../test/failure-of.js';
import { json, keyHeadersOf, listen, type Listener } from '../test/listener.js';
import { GatewayClient, type CallSpec } from './client.js';
import { downloadFile } from './download.js';
import { RedirectRefused } from './redirects.js';
import { open, RedirectStopped } from './transport.js';

const KEY = 'sk-Redirect-0123456789abcdefXYZ';
const FILE = Buffer.from('the result file, byte for byte');
const BALANCE = { balance: 1, currency: 'CNY', total_charged: 1, total_used: 0, credit_balance: 0 };

/** The attacker's other origin: answers anything, as if it were the gateway, and keeps what it got. */
let other: Listener;
let gateway: Listener;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'studio-key-redirect-'));
  other = await listen((req, res) => {
    if (req.path.startsWith('/cdn/')) return void res.writeHead(200, { 'Content-Length': FILE.length }).end(FILE);
    json(res, { code: 200, data: BALANCE });
  });
  gateway = await listen((req, res, self) => {
    const [, route, status, ...rest] = req.path.split('/');
    const redirect = (location: string) => void res.writeHead(Number(status), { Location: location }).end('moved');
    if (route === 'elsewhere') return redirect(`${other.url}/${rest.join('/')}`);
    if (route === 'otherhost') return redirect(`http://localhost:${self.port}/to/${rest.join('/')}`);
    if (route === 'https') return redirect(`https://127.0.0.1:${self.port}/to/${rest.join('/')}`);
    if (route === 'same') return redirect(`/to/${rest.join('/')}`);
    if (route === 'loop') return void res.writeHead(302, { Location: req.path }).end();
    if (route === 'files') return void res.writeHead(302, { Location: `${other.url}/cdn/${status}` }).end();
    // `/to/…`: what arrived after a same-origin hop.
    json(res, { code: 200, data: { method: req.method, body: req.body, bearer: req.headers.authorization ?? null, goog: req.headers['x-goog-api-key'] ?? null } });
  });
});
afterAll(async () => {
  await other.close();
  await gateway.close();
  rmSync(dir, { recursive: true, force: true });
});

const client = () => new GatewayClient({ baseUrl: gateway.url, apiKey: KEY, retry: { retries: 0 } });

describe('a gateway call redirected to another origin', () => {
  const form = () => {
    const f = new FormData();
    f.set('prompt', 'a kite');
    return f;
  };
  const calls: [string, CallSpec][] = [
    ['a chat POST with its Bearer key (307)', { method: 'POST', path: '/elsewhere/307/v1/chat/completions', json: { model: 'm', messages: [] } }],
    ['a native image POST with x-goog-api-key (302)', { method: 'POST', path: '/elsewhere/302/v1beta/models/x:generateContent', json: {}, auth: 'goog' }],
    ['a multipart upload (308)', { method: 'POST', path: '/elsewhere/308/v1/videos', form: form() }],
    ['a poll (301)', { method: 'GET', path: '/elsewhere/301/v1/tasks/t1' }],
    ['a poll with x-goog-api-key (303)', { method: 'GET', path: '/elsewhere/303/v1/tasks/t1', auth: 'goog' }],
    ['another host on the same port (302)', { method: 'GET', path: '/otherhost/302/v1/account/balance' }],
    ['the same host over https (301)', { method: 'POST', path: '/https/301/v1/images/generations', json: {} }],
  ];

  it.each(calls)('%s is not followed: a clear error names the new address, and nothing reaches it', async (_name, spec) => {
    const before = other.heard.length;
    const onGateway = gateway.heard.length;
    const f = await failureOf(client().json(spec, z.unknown()));
    expect(f).toMatchObject({ code: 'bad_response', retryable: false, maybeReceived: false });
    expect(f.status).toBeGreaterThanOrEqual(301);
    expect(f.message).toMatch(/^The gateway sent this request on to another address \(https?:\/\/(127\.0\.0\.1|localhost):\d+\)\..*base URL/);
    expect(other.heard.length - before).toBe(0);
    // Every request the gateway itself got was one of the calls (none is the hop to localhost).
    expect(gateway.heard.slice(onGateway).every((h) => h.path === spec.path)).toBe(true);
  });

  it('is not followed by a streamed call either (`send`)', async () => {
    const f = await failureOf(client().send({ method: 'POST', path: '/elsewhere/307/v1/chat/completions', json: { stream: true } }));
    expect(f.message).toContain(`(${other.url})`);
    expect(other.heard).toEqual([]);
  });

  it('never carried a key to the other origin, in any header', () => {
    expect(other.heard.flatMap((h) => keyHeadersOf(h, KEY))).toEqual([]);
  });
});

describe('a gateway call redirected on its own origin', () => {
  it('is followed with its key: a GET, a POST 307/308 with its body', async () => {
    for (const auth of ['bearer', 'goog'] as const) {
      const got = await client().json({ method: 'GET', path: '/same/302/v1/account/balance', auth }, z.any());
      expect(got).toMatchObject({ method: 'GET', ...(auth === 'goog' ? { goog: KEY } : { bearer: `Bearer ${KEY}` }) });
    }
    for (const status of [307, 308]) {
      const got = await client().json({ method: 'POST', path: `/same/${status}/v1/videos/generations`, json: { prompt: 'a kite' } }, z.any());
      expect(got).toEqual({ method: 'POST', body: '{"prompt":"a kite"}', bearer: `Bearer ${KEY}`, goog: null });
    }
  });

  it('turns a POST into a GET without its body after a 302 or 303, as fetch does', async () => {
    for (const status of [302, 303]) {
      const got = await client().json({ method: 'POST', path: `/same/${status}/v1/x`, json: { prompt: 'a kite' } }, z.any());
      expect(got).toEqual({ method: 'GET', body: '', bearer: `Bearer ${KEY}`, goog: null });
      const hop = gateway.heard.findLast((h) => h.path === '/to/v1/x')!;
      expect(hop.headers['content-type']).toBeUndefined();
    }
  });

  it('gives up on a redirect loop with a clear error', async () => {
    const f = await failureOf(client().json({ method: 'GET', path: '/loop/302/v1/account/balance' }, z.unknown()));
    expect(f).toMatchObject({ code: 'bad_response', message: 'The gateway redirected this request too many times.' });
  });
});

describe('a result link that redirects its download elsewhere', () => {
  it('carries no key on either hop, and keeps the Range of a resumed download', async () => {
    const start = { gateway: gateway.heard.length, other: other.heard.length };
    const partPath = join(dir, 'a.part');
    writeFileSync(partPath, FILE.subarray(0, 5));
    await downloadFile({ url: `${gateway.url}/files/a.png`, partPath, state: { received: 5, validator: '"v1"' }, localOrigins: [gateway.url, other.url] });
    expect(readFileSync(partPath)).toEqual(FILE);
    const hops = [...gateway.heard.slice(start.gateway), ...other.heard.slice(start.other)];
    expect(hops.map((h) => h.path)).toEqual(['/files/a.png', '/cdn/a.png']);
    expect(hops.flatMap((h) => keyHeadersOf(h, KEY))).toEqual([]);
    expect(hops.map((h) => h.headers.range)).toEqual(['bytes=5-', 'bytes=5-']);
  });

  it('is refused by the transport itself when a caller does pass a key along', async () => {
    const before = other.heard.length;
    const keyed = { Authorization: `Bearer ${KEY}`, 'X-Goog-Api-Key': KEY };
    const err = await open({ url: `${gateway.url}/files/c.png`, method: 'GET', headers: keyed, maxBytes: Infinity, what: 'resultFile' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RedirectStopped);
    expect((err as RedirectStopped).cause).toMatchObject({ elsewhere: true });
    expect((err as RedirectStopped).cause).toBeInstanceOf(RedirectRefused);
    expect(other.heard.length).toBe(before);
  });

  it('is saved from where it leads', async () => {
    const partPath = join(dir, 'b.part');
    await downloadFile({ url: `${gateway.url}/files/b.png`, partPath, localOrigins: [gateway.url, other.url] });
    expect(readFileSync(partPath)).toEqual(FILE);
    expect(other.heard.flatMap((h) => keyHeadersOf(h, KEY))).toEqual([]);
  });
});
