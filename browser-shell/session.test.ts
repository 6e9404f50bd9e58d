/**
 * The browser shell's session against someone who has the cookie: any other server on 127.0.0.1
 * the user's browser visits is sent it (cookies are not isolated by port). Each attack replays
 * what such a server could have learned, with every header a non-browser client can forge.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Result, StudioHost } from '@shared/contract/index.js';
import { resolveLibraryFile } from '@host/library/media-file.js';
import { createBrowserShellServer, type BrowserShellServer } from './server.js';
import { signIn, type SignedIn } from './test/sign-in.js';

function recordingHost() {
  const calls: string[] = [];
  let listeners = 0;
  const host: StudioHost = {
    async dispatch(method): Promise<Result<unknown>> {
      calls.push(method);
      return { ok: true, value: { profiles: ['Work gateway'] } };
    },
    subscribe() {
      listeners++;
      return () => void listeners--;
    },
  };
  return { host, calls, listening: () => listeners };
}

describe('browser shell session', () => {
  let dir: string;
  let recorder: ReturnType<typeof recordingHost>;
  let shell: BrowserShellServer;
  let user: SignedIn;
  let signIns = 0;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'shell-session-'));
    mkdirSync(join(dir, 'renderer'));
    writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><title>Gateway Studio</title>');
    mkdirSync(join(dir, 'Library'));
    writeFileSync(join(dir, 'Library', 'cat.png'), 'PNG-BYTES');
    recorder = recordingHost();
    signIns = 0;
    // A library that knows cat.png: the route serves only what the library knows.
    const library = join(dir, 'Library');
    shell = await createBrowserShellServer({
      host: recorder.host, rendererDir: join(dir, 'renderer'), port: 0, onSignIn: () => signIns++,
      mediaFile: (raw) => resolveLibraryFile(library, raw, (rel) => rel === 'cat.png'),
    });
    user = await signIn(shell.url);
  });
  afterEach(async () => {
    await shell.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const callWith = (headers: Record<string, string>) =>
    fetch(`${shell.origin}/api/call/profiles.list`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: '{}' });

  it('lets the signed-in page call, with its cookie, Origin and secret', async () => {
    const answer = await callWith(user.headers);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true, value: { profiles: ['Work gateway'] } });
    expect(signIns).toBe(1);
  });

  it('refuses the stolen cookie replayed from a server, with or without a forged Origin', async () => {
    const stolen = { Cookie: user.cookie };
    const attempts = [
      await callWith(stolen),
      await callWith({ ...stolen, Origin: shell.origin }),
      await callWith({ ...stolen, Origin: shell.origin, 'Sec-Fetch-Site': 'same-origin' }),
      await callWith({ ...stolen, Origin: shell.origin, 'X-Studio-Session': '' }),
      await callWith({ ...stolen, Origin: shell.origin, 'X-Studio-Session': user.cookieValue }),
      // The media secret is not the API secret.
      await callWith({ ...stolen, Origin: shell.origin, 'X-Studio-Session': user.media }),
    ];
    expect(attempts.map((a) => a.status)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(await attempts[1].text()).toMatch(/not signed in/);
    const upload = await fetch(`${shell.origin}/api/upload`, { method: 'POST', headers: { ...stolen, Origin: shell.origin, 'Content-Type': 'application/octet-stream' }, body: 'x' });
    expect(upload.status).toBe(403);
    expect(recorder.calls).toEqual([]);
  });

  it('refuses a call without an Origin, even holding the cookie and the secret', async () => {
    const { Origin: _omitted, ...noOrigin } = user.headers;
    expect((await callWith(noOrigin)).status).toBe(403);
    expect(recorder.calls).toEqual([]);
  });

  it('refuses the event stream to the stolen cookie, and opens it for the page', async () => {
    const stolen = await fetch(`${shell.origin}/api/events`, { headers: { Cookie: user.cookie } });
    const guessed = await fetch(`${shell.origin}/api/events?session=${user.media}`, { headers: { Cookie: user.cookie } });
    expect([stolen.status, guessed.status]).toEqual([403, 403]);
    expect(recorder.listening()).toBe(0);
    const controller = new AbortController();
    const page = await fetch(`${shell.origin}/api/events?session=${user.api}`, { headers: { Cookie: user.cookie }, signal: controller.signal });
    expect(page.status).toBe(200);
    await expect.poll(() => recorder.listening()).toBe(1);
    controller.abort();
  });

  it('serves media only with the media secret', async () => {
    const media = (query: string) => fetch(`${shell.origin}/media/cat.png${query}`, { headers: { Cookie: user.cookie } });
    expect((await media('')).status).toBe(403);
    expect((await media(`?m=${user.api}`)).status).toBe(403);
    const shown = await media(`?m=${user.media}`);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toBe('PNG-BYTES');
  });

  it('lets a launch link sign in once', async () => {
    const again = await fetch(shell.url, { redirect: 'manual' });
    expect(again.status).toBe(403);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(await again.text()).toMatch(/has been used/);
    const fresh = shell.newLink();
    expect(fresh).not.toBe(shell.url);
    const second = await signIn(fresh);
    expect(second.api).not.toBe(user.api);
    expect(signIns).toBe(2);
    await expect(signIn(fresh)).rejects.toThrow(/HTTP 403/);
  });

  it('keeps each tab\'s secret bound to its own cookie', async () => {
    const other = await signIn(shell.newLink());
    expect((await callWith({ ...other.headers, Cookie: user.cookie })).status).toBe(403);
    expect((await callWith({ ...user.headers, Cookie: other.cookie })).status).toBe(403);
    expect((await callWith(other.headers)).status).toBe(200);
    expect((await callWith(user.headers)).status).toBe(200);
  });

  it('names its cookie for its port, so two studios on one machine do not sign each other out', async () => {
    const second = await createBrowserShellServer({ host: recordingHost().host, rendererDir: join(dir, 'renderer'), port: 0 });
    try {
      const there = await signIn(second.url);
      expect(there.cookieName).toBe(`studio_session_${second.port}`);
      expect(user.cookieName).toBe(`studio_session_${shell.port}`);
      // The browser sends both cookies to both ports: each studio reads only its own.
      const both = `${user.cookie}; ${there.cookie}`;
      expect((await callWith({ ...user.headers, Cookie: both })).status).toBe(200);
      const secondCall = await fetch(`${second.origin}/api/call/profiles.list`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...there.headers, Cookie: both }, body: '{}' });
      expect(secondCall.status).toBe(200);
      // And a session of one is nothing to the other.
      const crossed = await fetch(`${second.origin}/api/call/profiles.list`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: `studio_session_${second.port}=${user.cookieValue}`, Origin: second.origin, 'X-Studio-Session': user.api }, body: '{}' });
      expect(crossed.status).toBe(403);
    } finally {
      await second.close();
    }
  });
});

/**
 * The audit's replay: the sign-in redirect's fragment (what the browser's history recorded) and
 * the cookie any other local server is sent, used after the tab that held them is gone. A session
 * lives while its tab's event stream is open, a short grace after it closes (a reload), and
 * otherwise until 30 minutes without a call (docs/security.md, "The browser shell's session").
 * The shell's clock is a fake one the test moves: no test here waits on the wall clock.
 */
describe('a session ends when its tab is gone', () => {
  const MINUTE = 60_000;
  let dir: string;
  let recorder: ReturnType<typeof recordingHost>;
  let shell: BrowserShellServer;
  let user: SignedIn;
  let clock: number;
  const streams: AbortController[] = [];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'shell-expiry-'));
    mkdirSync(join(dir, 'renderer'));
    writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><title>Gateway Studio</title>');
    mkdirSync(join(dir, 'Library'));
    writeFileSync(join(dir, 'Library', 'cat.png'), 'PNG-BYTES');
    recorder = recordingHost();
    clock = Date.parse('2026-12-05T09:00:00Z');
    const library = join(dir, 'Library');
    shell = await createBrowserShellServer({
      host: recorder.host, rendererDir: join(dir, 'renderer'), port: 0, now: () => clock,
      mediaFile: (raw) => resolveLibraryFile(library, raw, (rel) => rel === 'cat.png'),
    });
    user = await signIn(shell.url);
  });
  afterEach(async () => {
    for (const s of streams.splice(0)) s.abort();
    await shell.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const call = (who: SignedIn = user) =>
    fetch(`${shell.origin}/api/call/profiles.list`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...who.headers }, body: '{}' }).then((r) => r.status);
  const media = () => fetch(`${shell.origin}/media/cat.png?m=${user.media}`, { headers: { Cookie: user.cookie } }).then((r) => r.status);
  const page = () => fetch(`${shell.origin}/`, { headers: { Cookie: user.cookie } }).then((r) => r.status);
  /** What the tab keeps open while it lives: its event stream. */
  async function openStream(): Promise<{ status: number; close(): Promise<void> }> {
    const controller = new AbortController();
    streams.push(controller);
    const before = recorder.listening();
    const answer = await fetch(`${shell.origin}/api/events?session=${user.api}`, { headers: { Cookie: user.cookie }, signal: controller.signal });
    if (answer.status === 200) await expect.poll(() => recorder.listening()).toBe(before + 1);
    else await answer.text();
    return {
      status: answer.status,
      // The tab closes: the shell sees its stream end.
      close: async () => {
        controller.abort();
        await expect.poll(() => recorder.listening()).toBe(before);
      },
    };
  }
  /** Everything the recorded secrets and cookie could reach, each answer's status. */
  async function replay() {
    const answers = { call: await call(), media: await media(), page: await page(), events: 0 };
    const stream = await openStream();
    if (stream.status === 200) await stream.close();
    return { ...answers, events: stream.status };
  }

  it('refuses the recorded secret and cookie once the tab\'s stream has been closed for more than two minutes', async () => {
    const tab = await openStream();
    expect(tab.status).toBe(200);
    await tab.close();
    clock += 2 * MINUTE + 1_000;
    expect(await replay()).toEqual({ call: 403, media: 403, page: 403, events: 403 });
    // And for good: time does not bring it back, nor a fresh stream.
    expect(await call()).toBe(403);
    expect(recorder.calls).toEqual([]);
  });

  it('keeps the session through a reload: the stream closes and opens again within the grace', async () => {
    const tab = await openStream();
    await tab.close();
    clock += 1 * MINUTE;
    expect(await call()).toBe(200);
    const reloaded = await openStream();
    expect(reloaded.status).toBe(200);
    // Open, the stream is the tab's activity: hours without a call do not end it.
    clock += 5 * 60 * MINUTE;
    expect(await replay()).toEqual({ call: 200, media: 200, page: 200, events: 200 });
    // Closed after those hours, the grace starts from the close, not from the last call.
    await reloaded.close();
    clock += MINUTE;
    expect(await call()).toBe(200);
  });

  it('ends a session with no open stream after 30 minutes without a call, each call counting', async () => {
    clock += 29 * MINUTE;
    expect(await call()).toBe(200);
    clock += 29 * MINUTE;
    expect(await media()).toBe(200);
    clock += 30 * MINUTE + 1_000;
    expect(await replay()).toEqual({ call: 403, media: 403, page: 403, events: 403 });
  });

  it('ends one tab\'s session without touching another\'s', async () => {
    const other = await signIn(shell.newLink());
    const tab = await openStream();
    await tab.close();
    clock += 2 * MINUTE + 1_000;
    expect(await call(other)).toBe(200);
    expect(await call()).toBe(403);
  });

  it('does not let the cookie alone keep a session alive', async () => {
    for (let i = 0; i < 3; i++) {
      clock += 10 * MINUTE;
      // The page's files answer the cookie, but loading them is not the tab's activity.
      expect(await page()).toBe(200);
    }
    clock += 1_000;
    expect(await call()).toBe(403);
  });
});
