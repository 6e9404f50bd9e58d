import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StudioHost } from '@shared/contract/index.js';
import { resolveLibraryFile } from '@host/library/media-file.js';
import { escapePaths, makeEscapeFixture, SECRET } from '@host/library/test/escapes.js';
import { createBrowserShellServer, type BrowserShellServer } from './server.js';
import { signIn, type SignedIn } from './test/sign-in.js';

const host: StudioHost = { dispatch: async () => ({ ok: true, value: {} }), subscribe: () => () => undefined };

// Real files and real symlinks (see escapes.ts); the renderer folder sits beside the library. The
// library answers as if it knew every path (as a hostile index could claim): the confinement alone
// must refuse what leads out. Only known files are served: library-attacks.test.ts.
const fixture = makeEscapeFixture();
let libraryRoot = fixture.root;
let server: BrowserShellServer;
let session: SignedIn;
beforeAll(async () => {
  const rendererDir = join(fixture.dir, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>studio</title>');
  server = await createBrowserShellServer({ host, rendererDir, mediaFile: (raw) => resolveLibraryFile(libraryRoot, raw, () => true) });
  session = await signIn(server.url);
});
afterAll(async () => {
  await server.close();
  fixture.cleanup();
});

/**
 * Raw node:http, so the path goes out exactly as written (no client-side normalising), with the
 * session's cookie and media secret, as the page's <img> sends them.
 */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  const withSecret = `${path}${path.includes('?') ? '&' : '?'}m=${session.media}`;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path: withSecret, headers: { Host: `127.0.0.1:${server.port}`, Cookie: session.cookie, ...headers } }, (res) => {
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
    const whole = await get('/media/images/2024/cat%20one.png');
    expect([whole.status, whole.body, whole.headers['content-type']]).toEqual([200, 'PNGDATA0123456789', 'image/png']);
    const part = await get('/media/images/2024/cat%20one.png', { Range: 'bytes=2-4' });
    expect([part.status, part.body, part.headers['content-range']]).toEqual([206, 'GDA', 'bytes 2-4/17']);
    expect((await get('/media/.thumbs/t1.jpg')).body).toBe('thumb');
    // Other sites' pages may not embed or read it (the browser enforces this header).
    expect(whole.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('follows symlinks that stay inside the library, and a library that is itself a symlink', async () => {
    expect((await get('/media/alias.mp4')).body).toBe('0123456789');
    expect((await get('/media/pictures/2024/cat%20one.png')).body).toBe('PNGDATA0123456789');
    libraryRoot = fixture.linkedRoot;
    try {
      expect((await get('/media/images/2024/cat%20one.png')).body).toBe('PNGDATA0123456789');
      expect((await get('/media/up/secret.txt')).status).toBe(404);
    } finally {
      libraryRoot = fixture.root;
    }
  });

  it.each(escapePaths(fixture))('refuses /media/%s (%s)', async (raw) => {
    const r = await get(`/media/${raw}`);
    expect(r.body).not.toContain(SECRET);
    expect([400, 403, 404]).toContain(r.status);
  });

  it('refuses anything but GET and HEAD', async () => {
    const post = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, method: 'POST', path: `/media/clip.mp4?m=${session.media}`, headers: { Host: `127.0.0.1:${server.port}`, Cookie: session.cookie } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end('x');
    });
    expect(post).toBe(405);
  });

  it('needs the session cookie like everything else', async () => {
    expect((await get('/media/images/2024/cat%20one.png', { Cookie: '' })).status).toBe(403);
  });
});
