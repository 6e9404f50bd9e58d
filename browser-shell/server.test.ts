import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventName, EventPayload, Result, StudioHost } from '@shared/contract/index.js';
import { createBrowserShellServer, type BrowserShellServer } from './server.js';
import { signIn, type SignedIn } from './test/sign-in.js';

type Listener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/** A tiny real host across the boundary: records calls, echoes them back, emits on demand. */
function fakeHost() {
  const calls: Array<{ method: string; input: unknown }> = [];
  const listeners = new Set<Listener>();
  const host: StudioHost = {
    async dispatch(method, input): Promise<Result<unknown>> {
      calls.push({ method, input });
      if (method === 'app.info') throw new Error('boom');
      return { ok: true, value: { echoed: input } };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { host, calls, listeners, emit: (event: string, payload: unknown) => listeners.forEach((l) => (l as (e: string, p: unknown) => void)(event, payload)) };
}

interface Reply { status: number; headers: Record<string, string | string[] | undefined>; body: string }

/** Raw node:http, so Host, Origin and odd paths go out exactly as written. */
function send(port: number, opts: { method?: string; path: string; headers?: Record<string, string>; body?: string; setHost?: boolean }): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: opts.method ?? 'GET', path: opts.path, headers: opts.headers, setHost: opts.setHost }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

const TOKEN = 'test-token-0123456789abcdefghijklmnopqrstuv';

describe('browser shell server', () => {
  let dir: string;
  let rendererDir: string;
  let fake: ReturnType<typeof fakeHost>;
  let shell: BrowserShellServer;
  let cookie: string;
  let origin: string;
  let session: SignedIn;
  /** The event stream's address, with the secret the page adds to it. */
  let events: string;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'shell-test-'));
    rendererDir = join(dir, 'renderer');
    mkdirSync(join(rendererDir, 'assets'), { recursive: true });
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Gateway Studio</title>');
    writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(dir, 'secret.txt'), 'TOP-SECRET');
    fake = fakeHost();
    shell = await createBrowserShellServer({ host: fake.host, rendererDir, port: 0, token: TOKEN, heartbeatMs: 50 });
    origin = shell.origin;
    session = await signIn(shell.newLink());
    cookie = session.cookie;
    events = `/api/events?session=${session.api}`;
  });
  afterEach(async () => {
    await shell.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A call as the signed-in page makes it: its cookie, Origin and session secret. */
  const call = (method: string, body: string, headers: Record<string, string> = {}) =>
    send(shell.port, { method: 'POST', path: `/api/call/${method}`, body, headers: { 'Content-Type': 'application/json', ...session.headers, ...headers } });

  it('binds 127.0.0.1 and draws a 256-bit token when none is given', async () => {
    const other = await createBrowserShellServer({ host: fake.host, rendererDir });
    try {
      const url = new URL(other.url);
      expect(url.hostname).toBe('127.0.0.1');
      expect(Buffer.from(url.searchParams.get('token')!, 'base64url').length).toBe(32);
    } finally {
      await other.close();
    }
  });

  it('answers the right token with a cookie and a redirect that drops the token', async () => {
    const r = await send(shell.port, { path: `/?token=${TOKEN}` });
    expect(r.status).toBe(303);
    expect(r.headers.location).toMatch(/^\/#studio-session=[\w-]{43}\.[\w-]{43}$/);
    const setCookie = String(r.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^studio_session_${shell.port}=[\\w-]{43};`));
    expect(setCookie).not.toContain(TOKEN);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\//);
  });

  it('refuses a wrong token, and a request without the cookie', async () => {
    expect((await send(shell.port, { path: '/?token=wrong' })).status).toBe(403);
    expect((await send(shell.port, { path: `/?token=${TOKEN}x` })).status).toBe(403);
    expect((await send(shell.port, { path: '/' })).status).toBe(403);
    expect((await send(shell.port, { path: '/', headers: { Cookie: `${session.cookieName}=nope` } })).status).toBe(403);
    const r = await send(shell.port, { method: 'POST', path: '/api/call/profiles.list', body: '{}', headers: { 'Content-Type': 'application/json', Origin: origin, 'X-Studio-Session': session.api } });
    expect(r.status).toBe(403);
    expect(fake.calls).toEqual([]);
  });

  it('refuses a foreign Host (DNS rebinding) even with the token or cookie', async () => {
    expect((await send(shell.port, { path: `/?token=${TOKEN}`, headers: { Host: `evil.example:${shell.port}` } })).status).toBe(403);
    expect((await send(shell.port, { path: '/', headers: { Host: `127.0.0.1:${shell.port + 1}`, Cookie: cookie } })).status).toBe(403);
    expect((await call('profiles.list', '{}', { Host: `attacker.test:${shell.port}` })).status).toBe(403);
    expect((await send(shell.port, { path: events, headers: { Host: 'localhost', Cookie: cookie } })).status).toBe(403);
    // localhost is the same machine under its other name.
    expect((await send(shell.port, { path: '/', headers: { Host: `localhost:${shell.port}`, Cookie: cookie } })).status).toBe(200);
    expect(fake.calls).toEqual([]);
  });

  it('refuses every other spelling of the Host, and a request without one', async () => {
    for (const host of [
      '127.0.0.1', 'localhost', `127.0.0.1.:${shell.port}`, `LOCALHOST:${shell.port}`, `0x7f.1:${shell.port}`, `2130706433:${shell.port}`,
      `[::1]:${shell.port}`, `127.0.0.1:${shell.port}@attacker.test`, `attacker.test:${shell.port}`, `127.0.0.1.attacker.test:${shell.port}`,
    ]) {
      expect((await call('profiles.list', '{}', { Host: host })).status, host).toBe(403);
    }
    // Node itself answers 400 to an HTTP/1.1 request without a Host.
    const hostless = await send(shell.port, { method: 'POST', path: '/api/call/profiles.list', body: '{}', setHost: false, headers: { 'Content-Type': 'application/json', ...session.headers } });
    expect([400, 403]).toContain(hostless.status);
    expect(fake.calls).toEqual([]);
  });

  it('refuses a foreign Origin on calls and on the event stream', async () => {
    for (const o of ['http://127.0.0.1:1', 'http://evil.example', 'null', `https://127.0.0.1:${shell.port}`]) {
      expect((await call('profiles.list', '{}', { Origin: o })).status).toBe(403);
      expect((await send(shell.port, { path: events, headers: { Cookie: cookie, Origin: o } })).status).toBe(403);
    }
    const crossSite = await call('profiles.list', '{}', { 'Sec-Fetch-Site': 'same-site' });
    expect(crossSite.status).toBe(403);
    expect(fake.calls).toEqual([]);
    expect((await call('profiles.list', '{}', { Origin: origin })).status).toBe(200);
  });

  // What an HTML form on another local site can send: the browser attaches the SameSite cookie
  // (another port of 127.0.0.1 is the same site) and its own Origin.
  const FORMS: Array<[string, string]> = [
    ['application/x-www-form-urlencoded', 'name=pwned&baseUrl=https%3A%2F%2Fevil.example&apiKey=sk-attacker-0000'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\npwned\r\n--x--\r\n'],
    // A text/plain form whose field name and value join into valid JSON.
    ['text/plain', '{"name":"pwned","baseUrl":"https://evil.example","apiKey":"sk-attacker-0000","x":"="}'],
    ['text/plain;charset=UTF-8', '{"name":"pwned"}'],
  ];

  it.each(FORMS)('refuses a cross-site form post (%s) by its Origin', async (type, body) => {
    const r = await call('profiles.save', body, { 'Content-Type': type, Origin: 'http://127.0.0.1:1', 'Sec-Fetch-Site': 'same-site' });
    expect(r.status).toBe(403);
    expect(fake.calls).toEqual([]);
  });

  it.each(FORMS)('refuses a form-encoded call (%s) by its content type, even from the page itself', async (type, body) => {
    // Defence in depth: only a content type that needs a preflight cross-origin is taken.
    expect((await call('profiles.save', body, { 'Content-Type': type })).status).toBe(415);
    expect(fake.calls).toEqual([]);
  });

  it('answers no CORS preflight: another origin cannot even ask', async () => {
    const preflight = await send(shell.port, {
      method: 'OPTIONS',
      path: '/api/call/profiles.save',
      headers: { Origin: 'http://127.0.0.1:1', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type', Cookie: cookie },
    });
    expect(preflight.status).toBe(403);
    expect(Object.keys(preflight.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    const stream = await send(shell.port, { path: events, headers: { Cookie: cookie, 'Sec-Fetch-Site': 'cross-site' } });
    expect(stream.status).toBe(403);
    expect(fake.listeners.size).toBe(0);
  });

  it('takes calls only as JSON, and only for methods of the contract', async () => {
    expect((await call('profiles.list', '{}', { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await call('profiles.list', '{}', { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect((await call('no.such.method', '{}')).status).toBe(404);
    expect((await call('__proto__', '{}')).status).toBe(404);
    expect((await send(shell.port, { path: '/api/call/profiles.list', headers: session.headers })).status).toBe(405);
    const bad = await call('profiles.list', '{not json');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(fake.calls).toEqual([]);
  });

  it('carries a call to the host and its Result back, with no CORS headers', async () => {
    const r = await call('profiles.list', JSON.stringify({ x: 1 }), { 'Content-Type': 'application/json; charset=utf-8' });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toEqual({ ok: true, value: { echoed: { x: 1 } } });
    expect(fake.calls).toEqual([{ method: 'profiles.list', input: { x: 1 } }]);
    expect(Object.keys(r.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it('turns a host that throws into an error Result', async () => {
    const r = await call('app.info', '{}');
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toMatchObject({ ok: false, error: { code: 'internal', retryable: true } });
  });

  it('streams host events over SSE with heartbeats, and unsubscribes when the client goes', async () => {
    const received: string[] = [];
    const req = request({ host: '127.0.0.1', port: shell.port, path: events, headers: { Cookie: cookie } });
    const res = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => req.on('response', resolve).on('error', reject).end());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    res.setEncoding('utf8');
    res.on('data', (c: string) => received.push(c));
    await expect.poll(() => fake.listeners.size).toBe(1);
    fake.emit('balance.changed', { remaining: 42 });
    await expect.poll(() => received.join('')).toContain('data: {"event":"balance.changed","payload":{"remaining":42}}\n\n');
    await expect.poll(() => received.join('')).toContain(': heartbeat\n\n');
    req.destroy();
    await expect.poll(() => fake.listeners.size).toBe(0);
  });

  it('greets each event stream with this run of the host and its heartbeat, the same run on every connection', async () => {
    const hello = async () => {
      const req = request({ host: '127.0.0.1', port: shell.port, path: events, headers: { Cookie: cookie } });
      const res = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => req.on('response', resolve).on('error', reject).end());
      res.setEncoding('utf8');
      let text = '';
      res.on('data', (c: string) => (text += c));
      await expect.poll(() => /event: hello\ndata: (.*)\n\n/.exec(text)?.[1]).toBeTruthy();
      req.destroy();
      return JSON.parse(/event: hello\ndata: (.*)\n\n/.exec(text)![1]) as { bootId: string; heartbeatMs: number };
    };
    const first = await hello();
    expect(first).toEqual({ bootId: expect.stringMatching(/^[\w-]{16,}$/), heartbeatMs: 50 });
    expect((await hello()).bootId).toBe(first.bootId);
  });

  it('serves the renderer with CSP and safety headers, index.html for app routes', async () => {
    const r = await send(shell.port, { path: '/', headers: { Cookie: cookie } });
    expect(r.status).toBe(200);
    expect(r.body).toContain('Gateway Studio');
    expect(r.headers['content-security-policy']).toContain("script-src 'self'");
    expect(r.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    expect(r.headers['cache-control']).toBe('no-store');
    expect((await send(shell.port, { path: '/settings', headers: { Cookie: cookie } })).body).toContain('Gateway Studio');
    const js = await send(shell.port, { path: '/assets/app.js', headers: { Cookie: cookie } });
    expect(js.headers['content-type']).toMatch(/^text\/javascript/);
    expect((await send(shell.port, { path: '/assets/missing.js', headers: { Cookie: cookie } })).status).toBe(404);
  });

  it('refuses symlinks in the renderer folder that lead out of it', async () => {
    symlinkSync(join(dir, 'secret.txt'), join(rendererDir, 'assets', 'leak.js'));
    symlinkSync(dir, join(rendererDir, 'up'));
    for (const path of ['/assets/leak.js', '/up/secret.txt']) {
      const r = await send(shell.port, { path, headers: { Cookie: cookie } });
      expect(r.body, path).not.toContain('TOP-SECRET');
      expect(r.status, path).toBe(403);
    }
  });

  it('refuses paths that escape the renderer folder', async () => {
    for (const path of [
      '/../secret.txt', '/..%2fsecret.txt', '/%2e%2e/secret.txt', '/%2E%2E%2Fsecret.txt', '/assets/..%2f..%2fsecret.txt', '/..%5csecret.txt',
      '/..\\secret.txt', '/%252e%252e/secret.txt', '/%00', '/index.html%00.js', `/${encodeURIComponent(join(dir, 'secret.txt'))}`,
    ]) {
      const r = await send(shell.port, { path, headers: { Cookie: cookie } });
      expect(r.body, path).not.toContain('TOP-SECRET');
      expect([400, 403, 404], path).toContain(r.status);
    }
    expect((await send(shell.port, { path: '/..%2fsecret.txt', headers: { Cookie: cookie } })).status).toBe(403);
  });
});
