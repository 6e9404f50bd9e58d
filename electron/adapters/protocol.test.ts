import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCore, type Core } from '@host/index.js';
import { resolveLibraryFile, type MediaLookup } from '@host/library/media-file.js';
import { escapePaths, makeEscapeFixture, SECRET } from '@host/library/test/escapes.js';
import { rawPathOf, SECRET_KEY, seedKnownLibrary, type KnownLibrary } from '@host/library/test/known-library.js';
import { testPorts } from '@host/test/file-ports.js';

const fake = vi.hoisted(() => ({ privileged: [] as any[], handlers: new Map<string, (r: Request) => Promise<Response>>() }));
vi.mock('electron', () => ({
  protocol: {
    registerSchemesAsPrivileged: (schemes: any[]) => fake.privileged.push(...schemes),
    handle: (scheme: string, handler: any) => fake.handlers.set(scheme, handler),
  },
}));

const { MEDIA_SCHEME, MEDIA_SCHEME_PRIVILEGES, handleMediaProtocol, resolveMediaPath } = await import('./protocol.js');

// Real files and real symlinks (see escapes.ts), served as if the library knew every path (as a
// hostile index could claim): the confinement alone must refuse what leads out.
const fixture = makeEscapeFixture();
const { dir, root } = fixture;
let libraryRoot = root;
const knowingAll = (at: string): MediaLookup => (raw) => resolveLibraryFile(at, raw, () => true);
let serve: (url: string, init?: RequestInit) => Promise<Response>;

/** Registers the scheme with `mediaFile` and returns its handler, as Electron would call it. */
function handlerFor(mediaFile: MediaLookup): (url: string, init?: RequestInit) => Promise<Response> {
  handleMediaProtocol(mediaFile);
  const handler = fake.handlers.get(MEDIA_SCHEME)!;
  return (url, init) => handler(new Request(url, init));
}

beforeAll(() => {
  serve = handlerFor((raw) => knowingAll(libraryRoot)(raw));
});
afterAll(() => fixture.cleanup());

describe('studio-media scheme', () => {
  it('is privileged (standard, secure, stream) so media elements can load and seek', () => {
    // Registered together with the app scheme, in Electron's one call (app-scheme.test.ts).
    expect(MEDIA_SCHEME_PRIVILEGES).toEqual(
      expect.objectContaining({ scheme: 'studio-media', privileges: expect.objectContaining({ standard: true, secure: true, stream: true }) }),
    );
  });

  it('serves a file under the library with its content type', async () => {
    const res = await serve('studio-media://library/images/2024/cat%20one.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe('PNGDATA0123456789');
  });

  it("lets the app's own page read a file with fetch(), and no other origin", async () => {
    const url = 'studio-media://library/images/2024/cat%20one.png';
    const own = await serve(url, { headers: { Origin: 'studio-app://bundle' } });
    expect(own.headers.get('access-control-allow-origin')).toBe('studio-app://bundle');
    expect(await own.text()).toBe('PNGDATA0123456789');
    for (const origin of ['http://127.0.0.1:5173', 'null', 'studio-app://other']) {
      expect((await serve(url, { headers: { Origin: origin } })).headers.get('access-control-allow-origin')).toBeNull();
    }
    expect((await serve(url)).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers Range requests so video can seek', async () => {
    const res = await serve('studio-media://library/clip.mp4', { headers: { Range: 'bytes=2-5' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('content-range')).toBe('bytes 2-5/10');
    expect(await res.text()).toBe('2345');
    expect((await serve('studio-media://library/clip.mp4', { headers: { Range: 'bytes=20-' } })).status).toBe(416);
  });

  it('follows symlinks that stay inside the library, and a library that is itself a symlink', async () => {
    expect(await (await serve('studio-media://library/alias.mp4')).text()).toBe('0123456789');
    expect(await (await serve('studio-media://library/pictures/2024/cat%20one.png')).text()).toBe('PNGDATA0123456789');
    libraryRoot = fixture.linkedRoot;
    try {
      expect(await (await serve('studio-media://library/images/2024/cat%20one.png')).text()).toBe('PNGDATA0123456789');
      expect(await resolveMediaPath(knowingAll(fixture.linkedRoot), 'studio-media://library/up/secret.txt')).toBeUndefined();
    } finally {
      libraryRoot = root;
    }
  });

  it.each(escapePaths(fixture))('refuses %j (%s)', async (raw) => {
    // The raw text, as a compromised renderer could hand it over, and as a request would carry it.
    expect(await resolveMediaPath(knowingAll(root), `studio-media://library/${raw}`)).toBeUndefined();
    const res = await serve(`studio-media://library/${raw}`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain(SECRET);
  });

  it.each([
    ['studio-media://other/secret.txt', 'another host'],
    ['studio-media://library', 'no path'],
    ['https://library/secret.txt', 'another scheme'],
  ])('refuses %s (%s)', async (url) => {
    expect(await resolveMediaPath(knowingAll(dir), url)).toBeUndefined();
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
    expect(await resolveMediaPath(knowingAll(other), 'studio-media://library/new.png')).toBeDefined();
    expect(await resolveMediaPath(knowingAll(root), 'studio-media://library/new.png')).toBeUndefined();
  });
});

describe('studio-media scheme on a real library (docs/architecture.md, "Library-known media")', () => {
  const ports = testPorts();
  let core: Core;
  let seeded: KnownLibrary;
  let serveCore: (url: string, init?: RequestInit) => Promise<Response>;
  beforeAll(async () => {
    seeded = await seedKnownLibrary(ports.dataDir);
    core = await createCore(ports);
    // As main.ts wires it: the core's answer, whichever folder is current.
    serveCore = handlerFor((raw) => core.mediaFile(raw));
  });
  afterAll(async () => {
    await core.close();
    ports.cleanup();
  });

  it("serves a saved item's file, thumbnail and poster frame", async () => {
    const { picture, video } = seeded;
    for (const [rel, type] of [[picture.file, 'image/png'], [picture.thumb!, 'image/'], [video.file, 'video/mp4'], [video.thumb!, 'image/']]) {
      const res = await serveCore(`studio-media://library/${rawPathOf(rel)}`);
      expect(res.status, rel).toBe(200);
      expect(res.headers.get('content-type'), rel).toMatch(new RegExp(`^${type}`));
    }
  });

  it('answers 404 for every file under the library that no item names, and for the key file above it', async () => {
    for (const [raw, what] of seeded.strays) {
      const res = await serveCore(`studio-media://library/${raw}`);
      expect(res.status, what).toBe(404);
      expect(await res.text(), what).not.toContain(SECRET_KEY);
    }
  });
});
