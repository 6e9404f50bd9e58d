import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => ({ privileged: [] as any[], handlers: new Map<string, (r: Request) => Promise<Response>>() }));
vi.mock('electron', () => ({
  protocol: {
    registerSchemesAsPrivileged: (schemes: any[]) => fake.privileged.push(...schemes),
    handle: (scheme: string, handler: any) => fake.handlers.set(scheme, handler),
  },
}));

const { MEDIA_SCHEME, handleMediaProtocol, registerMediaScheme, resolveMediaPath } = await import('./protocol.js');

// Real files and real symlinks: <tmp>/library is the root, <tmp>/secret.txt sits beside it.
const dir = mkdtempSync(join(tmpdir(), 'studio-media-'));
const root = join(dir, 'library');
let serve: (url: string, init?: RequestInit) => Promise<Response>;

beforeAll(() => {
  mkdirSync(join(root, 'images', '2024'), { recursive: true });
  writeFileSync(join(root, 'images', '2024', 'cat one.png'), Buffer.from('PNGDATA0123456789'));
  writeFileSync(join(root, 'clip.mp4'), Buffer.from('0123456789'));
  writeFileSync(join(dir, 'secret.txt'), 'TOP SECRET');
  symlinkSync(join(dir, 'secret.txt'), join(root, 'escape.txt'));
  symlinkSync(dir, join(root, 'up'));
  symlinkSync(join(root, 'clip.mp4'), join(root, 'alias.mp4'));
  registerMediaScheme();
  handleMediaProtocol(() => root);
  serve = (url, init) => fake.handlers.get(MEDIA_SCHEME)!(new Request(url, init));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('studio-media scheme', () => {
  it('is registered privileged (standard, secure, stream) so media elements can load and seek', () => {
    expect(fake.privileged).toEqual([
      expect.objectContaining({ scheme: 'studio-media', privileges: expect.objectContaining({ standard: true, secure: true, stream: true }) }),
    ]);
  });

  it('serves a file under the library with its content type', async () => {
    const res = await serve('studio-media://library/images/2024/cat%20one.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe('PNGDATA0123456789');
  });

  it('answers Range requests so video can seek', async () => {
    const res = await serve('studio-media://library/clip.mp4', { headers: { Range: 'bytes=2-5' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('content-range')).toBe('bytes 2-5/10');
    expect(await res.text()).toBe('2345');
    expect((await serve('studio-media://library/clip.mp4', { headers: { Range: 'bytes=20-' } })).status).toBe(416);
  });

  it('follows a symlink that stays inside the library', async () => {
    const res = await serve('studio-media://library/alias.mp4');
    expect(await res.text()).toBe('0123456789');
  });

  it.each([
    ['studio-media://library/../secret.txt', 'dot-dot'],
    ['studio-media://library/images/../../secret.txt', 'nested dot-dot'],
    ['studio-media://library/%2e%2e/secret.txt', 'percent-encoded dot-dot'],
    ['studio-media://library/%2E%2E/secret.txt', 'upper-case percent-encoded dot-dot'],
    ['studio-media://library/.%2e/secret.txt', 'half-encoded dot-dot'],
    ['studio-media://library/..%2fsecret.txt', 'encoded slash'],
    ['studio-media://library/..%5csecret.txt', 'encoded backslash'],
    [`studio-media://library/${encodeURIComponent(join(dir, 'secret.txt'))}`, 'absolute path, encoded'],
    [`studio-media://library/${join(dir, 'secret.txt')}`, 'absolute path'],
    ['studio-media://library//etc/passwd', 'empty segment'],
    ['studio-media://library/escape.txt', 'symlink to a file outside'],
    ['studio-media://library/up/secret.txt', 'symlinked folder outside'],
    ['studio-media://other/secret.txt', 'another host'],
    ['studio-media://library/images', 'a folder'],
    ['studio-media://library/missing.png', 'a missing file'],
    ['studio-media://library/%E0%A4%A', 'malformed encoding'],
  ])('refuses %s (%s)', async (url) => {
    expect(await resolveMediaPath(root, url)).toBeUndefined();
    const res = await serve(url);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('TOP SECRET');
  });

  it('refuses anything but GET and HEAD', async () => {
    expect((await serve('studio-media://library/clip.mp4', { method: 'POST', body: 'x' })).status).toBe(405);
    const head = await serve('studio-media://library/clip.mp4', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('10');
  });

  it('follows the library root when it changes', async () => {
    const other = join(dir, 'library-2');
    mkdirSync(other);
    writeFileSync(join(other, 'new.png'), 'NEW');
    expect(await resolveMediaPath(other, 'studio-media://library/new.png')).toBeDefined();
    expect(await resolveMediaPath(root, 'studio-media://library/new.png')).toBeUndefined();
  });
});
