/**
 * The app icon at `/favicon.ico`, the one path answered without a session: browsers fetch it
 * without cookies. It must not become a way around the session, nor a way to read another file.
 */
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioHost } from '@shared/contract/index.js';
import { CONTENT_SECURITY_POLICY } from '@shared/csp.js';
import { DEFAULT_FAVICON } from './main.js';
import { createBrowserShellServer, type BrowserShellServer } from './server.js';
import { signIn } from './test/sign-in.js';

const TOKEN = 'favicon-token-0123456789abcdefghijklmnopqrstu';
const calls: string[] = [];
const host: StudioHost = {
  async dispatch(method) {
    calls.push(method);
    return { ok: true, value: null };
  },
  subscribe: () => () => undefined,
};

let dir: string;
let shell: BrowserShellServer;
let bare: BrowserShellServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'shell-favicon-'));
  const rendererDir = join(dir, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Gateway Studio</title>');
  writeFileSync(join(rendererDir, 'favicon.ico'), 'THE-RENDERER-FILE');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(dir, 'secret.txt'), 'TOP-SECRET');
  shell = await createBrowserShellServer({ host, rendererDir, port: 0, token: TOKEN, favicon: DEFAULT_FAVICON });
  bare = await createBrowserShellServer({ host, rendererDir, port: 0 });
});
afterAll(async () => {
  await shell.close();
  await bare.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Reply { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

/** Raw node:http, so odd paths and Host headers go out exactly as written; no cookie unless given. */
function send(port: number, path: string, opts: { method?: string; headers?: Record<string, string> } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: opts.method ?? 'GET', path, headers: { Host: `127.0.0.1:${port}`, ...opts.headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the favicon', () => {
  it('is the app icon, without a cookie, cached, under the same headers as every answer', async () => {
    const icon = readFileSync(DEFAULT_FAVICON);
    const res = await send(shell.port, '/favicon.ico');
    expect(res.status).toBe(200);
    expect(res.body.equals(icon)).toBe(true);
    expect(res.body.subarray(0, 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-length']).toBe(String(icon.byteLength));
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // The page's policy lets it be shown: icons are images of the page's own origin.
    expect(CONTENT_SECURITY_POLICY).toMatch(/img-src 'self'/);
    const head = await send(shell.port, '/favicon.ico', { method: 'HEAD' });
    expect([head.status, head.body.byteLength, head.headers['content-length']]).toEqual([200, 0, String(icon.byteLength)]);
  });

  it('takes nothing but GET and HEAD, and is still refused to a foreign Host or Origin', async () => {
    const post = await send(shell.port, '/favicon.ico', { method: 'POST' });
    expect([post.status, post.headers.allow]).toEqual([405, 'GET, HEAD']);
    expect((await send(shell.port, '/favicon.ico', { headers: { Host: `evil.example:${shell.port}` } })).status).toBe(403);
    expect((await send(shell.port, '/favicon.ico', { headers: { Origin: 'http://127.0.0.1:1' } })).status).toBe(403);
  });

  it('opens nothing else without a session: the app, its files and the API are still refused', async () => {
    for (const path of ['/', '/index.html', '/assets/app.js', '/favicon.png', '/FAVICON.ICO', '/favicon.ico/', '/favicon.ico/../index.html', '/assets/favicon.ico', '/api/call/app.info']) {
      const res = await send(shell.port, path);
      expect([path, res.status]).toEqual([path, 403]);
    }
    expect(calls).toEqual([]);
  });

  it.each([
    '/favicon.ico/../../secret.txt',
    '/%2e%2e/secret.txt?x=/favicon.ico',
    '/favicon.ico%2f..%2f..%2fsecret.txt',
    '/favicon.ico%00.txt',
    '/favicon.ico/%2e%2e/%2e%2e/secret.txt',
    '/..%5csecret.txt#/favicon.ico',
    '/favicon.ico?../../secret.txt',
    '/favicon.ico?path=../secret.txt',
  ])('gives no file but the icon for %s', async (path) => {
    const res = await send(shell.port, path);
    expect(res.body.toString('latin1')).not.toContain('TOP-SECRET');
    expect(res.body.toString('latin1')).not.toContain('THE-RENDERER-FILE');
    if (res.status === 200) expect(res.body.equals(readFileSync(DEFAULT_FAVICON))).toBe(true);
    else expect(res.status).toBe(403);
  });

  it('does not spend a sign-in link sent along with it', async () => {
    expect((await send(shell.port, `/favicon.ico?token=${TOKEN}`)).status).toBe(200);
    await expect(signIn(shell.url)).resolves.toMatchObject({ origin: shell.origin });
  });

  it('is a plain 404 where the shell names no icon, still without serving the renderer’s file', async () => {
    const res = await send(bare.port, '/favicon.ico');
    expect(res.status).toBe(404);
    expect(res.body.toString('latin1')).not.toContain('THE-RENDERER-FILE');
  });
});
