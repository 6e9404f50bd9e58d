import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StudioHost } from '../../shared/contract/index.js';
import { createBrowserShellServer, TOKEN_COOKIE, type BrowserShellServer } from './server.js';

const TOKEN = 'media-token-0123456789abcdefghijklmnopqrstu';
const host: StudioHost = { dispatch: async () => ({ ok: true, value: {} }), subscribe: () => () => undefined };

let dir: string;
let server: BrowserShellServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'shell-media-'));
  mkdirSync(join(dir, 'renderer'));
  writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><title>studio</title>');
  mkdirSync(join(dir, 'library', '2026-11'), { recursive: true });
  mkdirSync(join(dir, 'library', '.thumbs'));
  writeFileSync(join(dir, 'library', '2026-11', 'a fox.png'), Buffer.from('0123456789'));
  writeFileSync(join(dir, 'library', '.thumbs', 't1.jpg'), Buffer.from('thumb'));
  writeFileSync(join(dir, 'secret.txt'), 'outside the library');
  symlinkSync(join(dir, 'secret.txt'), join(dir, 'library', 'escape.png'));
  server = await createBrowserShellServer({ host, rendererDir: join(dir, 'renderer'), token: TOKEN, mediaRoot: () => join(dir, 'library') });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, headers: { Host: `127.0.0.1:${server.port}`, Cookie: `${TOKEN_COOKIE}=${TOKEN}`, ...headers } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the browser shell /media/ route', () => {
  it('serves library files, thumbnails included, with their type and byte ranges', async () => {
    const whole = await get('/media/2026-11/a%20fox.png');
    expect([whole.status, whole.body, whole.headers['content-type']]).toEqual([200, '0123456789', 'image/png']);
    const part = await get('/media/2026-11/a%20fox.png', { Range: 'bytes=2-4' });
    expect([part.status, part.body, part.headers['content-range']]).toEqual([206, '234', 'bytes 2-4/10']);
    expect((await get('/media/.thumbs/t1.jpg')).body).toBe('thumb');
  });

  it.each([
    '/media/../secret.txt',
    '/media/2026-11/..%2f..%2fsecret.txt',
    '/media/%2e%2e/secret.txt',
    '/media/escape.png',
    '/media//etc/passwd',
    '/media/',
  ])('refuses %s', async (path) => {
    const r = await get(path);
    expect(r.body).not.toContain('outside the library');
    expect([403, 404]).toContain(r.status);
  });

  it('needs the session cookie like everything else', async () => {
    expect((await get('/media/2026-11/a%20fox.png', { Cookie: '' })).status).toBe(403);
  });
});
