/**
 * The signed-in page as an attacker of the library (docs/architecture.md, "Library-known media and
 * the move confirmation"): a real browser shell over HTTP, on a library with real saved items. The
 * page may only show what the library knows, and cannot move the library without the code the
 * shell prints to its terminal. The code's expiry is checked on a clock the test turns.
 */
import { request } from 'node:http';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawPathOf, SECRET_KEY, seedKnownLibrary, type KnownLibrary } from '@host/library/test/known-library.js';
import { openCore } from '@host/test/open-core.js';
import { startBrowserShell, type BrowserShell } from './main.js';
import { CODE_LIFETIME_MS, terminalConfirmation } from './confirm-code.js';
import { signIn, type SignedIn } from './test/sign-in.js';

const base = mkdtempSync(join(tmpdir(), 'studio-library-attacks-'));
const dataDir = join(base, 'data');
const lines: string[] = [];
let shell: BrowserShell;
let session: SignedIn;
let seeded: KnownLibrary;

beforeAll(async () => {
  seeded = await seedKnownLibrary(dataDir);
  shell = await startBrowserShell({ dataDir, port: 0, open: false, rendererDir: join(base, 'no-renderer'), log: (line) => lines.push(line), sandbox: { speed: 100, streamPaceMs: 0 } });
  session = await signIn(shell.url);
});
afterAll(async () => {
  await shell.close();
  rmSync(base, { recursive: true, force: true });
});

/** Raw node:http, so the media path goes out exactly as written (`..` included). */
function media(raw: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(session.origin);
    const req = request({ host: '127.0.0.1', port, path: `/media/${raw}?m=${session.media}`, headers: { Cookie: session.cookie } }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A contract call exactly as the page makes it: a script in the page can make any of them. */
async function call(method: string, input: unknown): Promise<any> {
  const res = await fetch(`${session.origin}/api/call/${method}`, { method: 'POST', headers: { ...session.headers, 'Content-Type': 'application/json' }, body: JSON.stringify(input) });
  return res.json();
}

const libraryDir = async () => (await call('settings.get', {})).value.libraryDir as string;
/** The code the shell printed last for moving to `to`. */
const printedCode = (to: string) => lines.filter((l) => l.includes(to)).map((l) => /Settings: (\d{6})/.exec(l)?.[1]).findLast(Boolean);

describe('the /media/ route of a real shell', () => {
  it("serves a saved item's file, thumbnail and poster frame", async () => {
    const { picture, video } = seeded;
    for (const rel of [picture.file, picture.thumb!, video.file, video.thumb!]) expect((await media(rawPathOf(rel))).status, rel).toBe(200);
  });

  it('answers 404 for files under the library that no item names, and for the key file above it', async () => {
    for (const [raw, what] of seeded.strays) {
      const res = await media(raw);
      // A bare `..` is folded away by the server's URL parsing before a route is chosen: it never
      // reaches the media route (which answers 404 to it too: protocol.test.ts).
      if (raw.startsWith('../')) expect(res.status, what).not.toBe(200);
      else expect(res.status, what).toBe(404);
      expect(res.body, what).not.toContain(SECRET_KEY);
    }
  });
});

describe('moving the library from the page of a real shell', () => {
  it('is refused for the data folder and the top of the drive, with no code printed', async () => {
    const before = await libraryDir();
    for (const dir of [dataDir, '/']) {
      expect((await call('settings.update', { libraryDir: dir })).error).toMatchObject({ code: 'invalid_input', param: 'libraryDir' });
    }
    expect(lines.filter((l) => l.includes('enter this code'))).toEqual([]);
    expect(await libraryDir()).toBe(before);
  });

  it('needs the code printed in the terminal, for that folder: not none, not a wrong one, not another folder’s', async () => {
    const before = await libraryDir();
    const target = join(base, 'Moved library');
    const other = join(base, 'Other library');

    const first = await call('settings.update', { libraryDir: target });
    expect(first.error).toMatchObject({ code: 'confirmation_required', param: 'libraryDir' });
    const code = printedCode(target)!;
    expect(code).toMatch(/^\d{6}$/);
    // The page never sees it: only the terminal does.
    expect(JSON.stringify(first)).not.toContain(code);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await call('settings.update', { libraryDir: target, confirmCode: wrong })).error).toMatchObject({ code: 'confirmation_required', param: 'confirmCode' });
    expect((await call('settings.update', { libraryDir: other, confirmCode: code })).error).toMatchObject({ code: 'confirmation_required', param: 'confirmCode' });
    expect(await libraryDir()).toBe(before);

    const moved = await call('settings.update', { libraryDir: target, confirmCode: code });
    expect(moved).toMatchObject({ ok: true, value: { libraryDir: target } });
    expect(await libraryDir()).toBe(target);
    // The library's files moved along: served from the new folder, gone from the old one.
    expect((await media(rawPathOf(seeded.picture.file))).status).toBe(200);
    expect(existsSync(join(target, ...seeded.picture.file.split('/')))).toBe(true);
    expect(existsSync(join(before, ...seeded.picture.file.split('/')))).toBe(false);
  });
});

describe('the terminal code through the core, on a turned clock', () => {
  it('is refused once expired, and a fresh code then moves the library', async () => {
    const printed: string[] = [];
    let clock = 0;
    const c = await openCore({ confirmOutside: terminalConfirmation({ log: (l) => printed.push(l), now: () => clock }) });
    const before = (await c.value('settings.get')).libraryDir;
    const target = join(c.ports.dataDir, 'Moved');
    const codeOf = () => /Settings: (\d{6})/.exec(printed.at(-1) ?? '')![1];

    expect((await c.call('settings.update', { libraryDir: target })).error.code).toBe('confirmation_required');
    const stale = codeOf();
    clock += CODE_LIFETIME_MS;
    const late = await c.call('settings.update', { libraryDir: target, confirmCode: stale });
    expect(late.error).toMatchObject({ code: 'confirmation_required', param: 'confirmCode', message: 'That code has expired. A new one is printed in the terminal where the studio runs.' });
    expect((await c.value('settings.get')).libraryDir).toBe(before);

    expect(codeOf()).not.toBe(stale);
    expect((await c.value('settings.update', { libraryDir: target, confirmCode: codeOf() })).libraryDir).toBe(target);
  });
});
