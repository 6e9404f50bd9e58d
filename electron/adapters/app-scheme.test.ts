import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '@shared/csp.js';
import { escapePaths, makeEscapeFixture, SECRET } from '@host/library/test/escapes.js';

const fake = vi.hoisted(() => ({ privileged: [] as any[][], handlers: new Map<string, (r: Request) => Promise<Response>>() }));
vi.mock('electron', () => ({
  protocol: {
    registerSchemesAsPrivileged: (schemes: any[]) => fake.privileged.push(schemes),
    handle: (scheme: string, handler: any) => fake.handlers.set(scheme, handler),
  },
}));

const { APP_SCHEME_PRIVILEGES, handleAppProtocol, registerPrivilegedSchemes, resolveBundlePath } = await import('./app-scheme.js');

// The built renderer is played by the confinement fixture's root (real files, real symlinks out:
// see escapes.ts), with a page and a script added; the secret sits beside it.
const fixture = makeEscapeFixture();
const { root } = fixture;
const PAGE = '<!doctype html><script type="module" src="./assets/index.js"></script>';
let serve: (url: string, init?: RequestInit) => Promise<Response>;

beforeAll(() => {
  writeFileSync(join(root, 'index.html'), PAGE);
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets', 'index.js'), 'export const studio = 1;');
  symlinkSync(fixture.secretFile, join(root, 'assets', 'chunk.js'));
  // A sibling whose name starts like the bundle's: a prefix check alone would let it through.
  mkdirSync(`${root}-evil`);
  writeFileSync(join(`${root}-evil`, 'x.js'), SECRET);
  handleAppProtocol(root);
  serve = (url, init) => fake.handlers.get('studio-app')!(new Request(url, init));
});
afterAll(() => fixture.cleanup());

/** The answer's body, after checking it holds nothing from outside the bundle. */
async function refused(res: Response): Promise<void> {
  expect(res.status).toBe(404);
  expect(await res.text()).not.toContain(SECRET);
}

describe('studio-app scheme', () => {
  it('grants both schemes their privileges in the one call Electron allows', () => {
    registerPrivilegedSchemes();
    expect(fake.privileged).toHaveLength(1);
    const [schemes] = fake.privileged;
    expect(schemes.map((s: any) => s.scheme).sort()).toEqual(['studio-app', 'studio-media']);
    expect(APP_SCHEME_PRIVILEGES.privileges).toMatchObject({ standard: true, secure: true, supportFetchAPI: true, corsEnabled: true });
    // Nothing that would put the page above its policy or let a worker outlive it.
    for (const scheme of schemes) {
      expect(scheme.privileges, scheme.scheme).not.toHaveProperty('bypassCSP');
      expect(scheme.privileges, scheme.scheme).not.toHaveProperty('allowServiceWorkers');
    }
  });

  it('serves index.html with the strict CSP, and the bare origin is the page too', async () => {
    for (const url of ['studio-app://bundle/index.html', 'studio-app://bundle/', 'studio-app://bundle/index.html#/chat']) {
      const res = await serve(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await res.text()).toBe(PAGE);
    }
  });

  it('serves the bundle\'s scripts as JavaScript (module scripts need the type)', async () => {
    const res = await serve('studio-app://bundle/assets/index.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await res.text()).toBe('export const studio = 1;');
  });

  it('keeps media working from the new origin: the policy lets studio-media: in, and nothing else from outside', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("img-src 'self' data: studio-media: https:");
    expect(CONTENT_SECURITY_POLICY).toContain("media-src 'self' studio-media:");
    // 'self' is now studio-app://bundle: scripts come from the bundle and from nowhere else.
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self';");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/file:|unsafe|studio-app:/);
  });

  it.each([
    ['studio-app://bundle/../../etc/passwd', 'dot-dot to the system'],
    ['studio-app://bundle/%2e%2e/%2e%2e/etc/passwd', 'percent-encoded dot-dot'],
    ['studio-app://bundle/..%2f..%2fetc%2fpasswd', 'encoded slashes'],
    ['studio-app://bundle/../secret.txt', 'dot-dot to the file beside the bundle'],
    ['studio-app://bundle/assets/chunk.js', 'a symlink out of the bundle, named like a chunk'],
    ['studio-app://bundle/escape.txt', 'a symlink to a file outside'],
    ['studio-app://bundle/up/secret.txt', 'a symlinked folder outside'],
    ['studio-app://bundle/system/etc/passwd', 'a symlink to the file system root'],
    ['studio-app://bundle/../library-evil/x.js', 'a sibling folder with the same prefix'],
    ['studio-app://evil/index.html', 'another host of the scheme'],
    ['studio-app://bundle.attacker.example/index.html', 'a host that starts like the bundle'],
    ['studio-app://bundle/assets/missing.js', 'a missing file'],
    ['studio-app://bundle/assets', 'a folder'],
  ])('refuses %s (%s)', async (url) => {
    const res = await serve(url);
    await refused(res);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  // The bare origin is the page, so these two of the shared list mean index.html here.
  const escapes = escapePaths(fixture).filter(([raw]) => raw !== '' && raw !== '.');
  it.each(escapes)('refuses %j (%s)', async (raw) => {
    // The raw text, as it could reach the handler unfolded, and as a request would carry it.
    expect(await resolveBundlePath(root, `studio-app://bundle/${raw}`)).toBeUndefined();
    await refused(await serve(`studio-app://bundle/${raw}`));
  });

  it.each([
    ['studio-media://library/index.html', 'the media scheme'],
    ['https://bundle/index.html', 'another scheme'],
    ['studio-app:/bundle/index.html', 'no host'],
  ])('resolves nothing for %s (%s)', async (url) => {
    expect(await resolveBundlePath(root, url)).toBeUndefined();
  });

  it('follows a bundle folder that is itself a symlink (a linked checkout or install)', async () => {
    const linked = fixture.linkedRoot;
    expect(await resolveBundlePath(linked, 'studio-app://bundle/index.html')).toBeDefined();
    expect(await resolveBundlePath(linked, 'studio-app://bundle/up/secret.txt')).toBeUndefined();
  });

  it('answers GET and HEAD only', async () => {
    expect((await serve('studio-app://bundle/index.html', { method: 'POST', body: 'x' })).status).toBe(405);
    const head = await serve('studio-app://bundle/index.html', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(PAGE.length));
    expect(await head.text()).toBe('');
  });
});
