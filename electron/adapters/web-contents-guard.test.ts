import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '@shared/csp.js';
import { APP_INDEX_URL } from './links.js';

// A stand-in for the parts of Electron the guard touches. Contents and sessions are created the
// way Chromium creates them (the app emits `web-contents-created` / `session-created`), so each
// test is an attacker's move against contents that exist only after the guard was installed.
const fake = vi.hoisted(() => ({ app: undefined as any, openExternal: undefined as any }));

class FakeSession {
  permissionRequest?: (...args: any[]) => void;
  permissionCheck?: (...args: any[]) => boolean;
  devicePermission?: (details: any) => boolean;
  headersReceived?: (details: any, callback: (response: any) => void) => void;
  setPermissionRequestHandler = vi.fn((h: any) => { this.permissionRequest = h; });
  setPermissionCheckHandler = vi.fn((h: any) => { this.permissionCheck = h; });
  setDevicePermissionHandler = vi.fn((h: any) => { this.devicePermission = h; });
  webRequest = { onHeadersReceived: (h: any) => { this.headersReceived = h; } };
}

class FakeWebContents extends EventEmitter {
  windowOpenHandler?: (details: { url: string }) => unknown;
  constructor(public type: string, public session: FakeSession) { super(); }
  setWindowOpenHandler(h: any) { this.windowOpenHandler = h; }
}

vi.mock('electron', () => ({
  get app() { return fake.app; },
  get shell() { return { openExternal: fake.openExternal }; },
}));

let defaultSession: FakeSession;

/** Loads the guard afresh (it installs once per process) and installs it for `rendererUrl`. */
async function start(rendererUrl = APP_INDEX_URL) {
  vi.resetModules();
  const guard = await import('./web-contents-guard.js');
  guard.installWebContentsGuard(rendererUrl);
  return guard;
}

/** A webContents as Chromium makes it: announced to the app before anything loads in it. */
function created(type = 'window', session = defaultSession): FakeWebContents {
  const contents = new FakeWebContents(type, session);
  fake.app.emit('web-contents-created', { preventDefault: vi.fn() }, contents);
  return contents;
}

/** Emits a navigation event as Electron does and reports whether the guard cancelled it. */
function cancelled(contents: EventEmitter, eventName: string, url: string): boolean {
  const event = { url, preventDefault: vi.fn() };
  contents.emit(eventName, event);
  return event.preventDefault.mock.calls.length > 0;
}

function refusesAttach(contents: EventEmitter): boolean {
  const event = { preventDefault: vi.fn() };
  contents.emit('will-attach-webview', event, { preload: '/tmp/evil.js', nodeIntegration: true }, { src: 'https://evil.example/' });
  return event.preventDefault.mock.calls.length > 0;
}

function granted(session: FakeSession, permission: string, requestingUrl = 'https://evil.example/'): boolean {
  const callback = vi.fn();
  session.permissionRequest!({}, permission, callback, { requestingUrl, isMainFrame: true });
  expect(callback, permission).toHaveBeenCalledTimes(1);
  return callback.mock.calls[0][0] !== false || session.permissionCheck!({}, permission, requestingUrl, {}) !== false;
}

beforeEach(() => {
  fake.app = new EventEmitter();
  fake.openExternal = vi.fn(async () => undefined);
  defaultSession = new FakeSession();
});

const FOREIGN = [
  'https://evil.example/',
  'https://host.attacker.example/',
  'file:///etc/passwd',
  'file:///opt/studio/out/renderer/index.html', // where the page used to live
  'studio-app://evil/index.html',
  'studio-app://bundle/assets/index.js',
  'studio-media://library/page.html',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'http://localhost:5173/',
];

describe('the app-wide webContents guard', () => {
  it('is installed once: a second install is a bug, not a second set of listeners', async () => {
    const guard = await start();
    expect(guard.isWebContentsGuardInstalled()).toBe(true);
    expect(() => guard.installWebContentsGuard('https://evil.example/')).toThrow();
    expect(fake.app.listenerCount('web-contents-created')).toBe(1);
    expect(fake.app.listenerCount('session-created')).toBe(1);
  });

  it('keeps the studio window on the app: foreign navigations, frames and redirects are cancelled', async () => {
    await start();
    const win = created();
    expect(cancelled(win, 'will-navigate', `${APP_INDEX_URL}#/chat`)).toBe(false);
    for (const url of FOREIGN) {
      for (const event of ['will-navigate', 'will-frame-navigate', 'will-redirect']) {
        expect(cancelled(win, event, url), `${event} ${url}`).toBe(true);
      }
    }
    // A blocked navigation is not silently turned into an external open either.
    expect(fake.openExternal).not.toHaveBeenCalled();
  });

  it('a webview created after start, with a session of its own, is refused everything', async () => {
    await start();
    created(); // the studio window
    const partition = new FakeSession();
    const webview = created('webview', partition);
    expect(cancelled(webview, 'will-navigate', 'https://evil.example/')).toBe(true);
    expect(cancelled(webview, 'will-redirect', 'https://evil.example/login')).toBe(true);
    expect(cancelled(webview, 'will-frame-navigate', 'https://evil.example/frame')).toBe(true);
    expect(webview.windowOpenHandler!({ url: 'https://evil.example/popup' })).toEqual({ action: 'deny' });
    expect(refusesAttach(webview)).toBe(true);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read']) {
      expect(granted(partition, permission), permission).toBe(false);
    }
    expect(partition.devicePermission!({ deviceType: 'usb', origin: 'https://evil.example', device: {} })).toBe(false);
  });

  it('a second window opened by some future code is guarded like the first', async () => {
    await start();
    created();
    const popup = created('window');
    expect(cancelled(popup, 'will-navigate', 'https://evil.example/')).toBe(true);
    expect(popup.windowOpenHandler!({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(refusesAttach(popup)).toBe(true);
    expect(granted(defaultSession, 'media')).toBe(false);
    expect(granted(defaultSession, 'geolocation')).toBe(false);
    // The shared session was hardened once, not hooked again for each contents.
    expect(defaultSession.setPermissionRequestHandler).toHaveBeenCalledTimes(1);
  });

  it('guards every kind of contents, whatever its type', async () => {
    await start();
    for (const type of ['window', 'browserView', 'webview', 'remote', 'backgroundPage', 'offscreen']) {
      const session = new FakeSession();
      const contents = created(type, session);
      expect(cancelled(contents, 'will-navigate', 'https://evil.example/'), type).toBe(true);
      expect(contents.windowOpenHandler!({ url: 'https://evil.example/' }), type).toEqual({ action: 'deny' });
      expect(refusesAttach(contents), type).toBe(true);
      expect(granted(session, 'media'), type).toBe(false);
    }
  });

  it('a session made without contents (a partition for future code) denies every permission too', async () => {
    await start();
    const session = new FakeSession();
    fake.app.emit('session-created', session);
    expect(granted(session, 'geolocation')).toBe(false);
    expect(session.devicePermission!({ deviceType: 'hid', origin: 'https://evil.example', device: {} })).toBe(false);
  });

  it('denies every permission request and check, and every device', async () => {
    await start();
    created();
    const permissions = [
      'media', 'geolocation', 'notifications', 'clipboard-read', 'clipboard-sanitized-write', 'display-capture', 'fullscreen',
      'pointerLock', 'keyboardLock', 'midi', 'midiSysex', 'openExternal', 'idle-detection', 'window-management', 'storage-access',
      'speaker-selection', 'fileSystem', 'hid', 'serial', 'usb', 'mediaKeySystem', 'unknown',
    ];
    for (const permission of permissions) {
      // Even the app's own page gets nothing: it needs no permission (docs/security.md).
      expect(granted(defaultSession, permission, APP_INDEX_URL), permission).toBe(false);
    }
    for (const deviceType of ['hid', 'serial', 'usb']) {
      expect(defaultSession.devicePermission!({ deviceType, origin: 'studio-app://bundle', device: {} }), deviceType).toBe(false);
    }
  });

  it('puts the strict CSP on every response, replacing any policy the server sent', async () => {
    await start();
    created();
    const callback = vi.fn();
    defaultSession.headersReceived!(
      { url: APP_INDEX_URL, responseHeaders: { 'content-security-policy': ['default-src *'], 'X-Other': ['1'] } },
      callback,
    );
    const headers = callback.mock.calls[0][0].responseHeaders;
    const csp = Object.entries(headers).filter(([k]) => k.toLowerCase() === 'content-security-policy');
    expect(csp).toEqual([['Content-Security-Policy', [CONTENT_SECURITY_POLICY]]]);
    expect(headers['X-Other']).toEqual(['1']);
  });

  it('loosens the CSP only for the dev server, and only for HMR', async () => {
    await start('http://localhost:5173/');
    created();
    const callback = vi.fn();
    defaultSession.headersReceived!({ url: 'http://localhost:5173/', responseHeaders: {} }, callback);
    const [policy] = callback.mock.calls[0][0].responseHeaders['Content-Security-Policy'];
    expect(policy).toContain("connect-src 'self' studio-media: ws://localhost:5173");
    expect(policy).toContain("object-src 'none'");
  });

  it('with the dev server, allows its origin and nothing else', async () => {
    await start('http://localhost:5173/');
    const win = created();
    expect(cancelled(win, 'will-navigate', 'http://localhost:5173/#/video')).toBe(false);
    expect(cancelled(win, 'will-navigate', 'http://localhost:5174/')).toBe(true);
    expect(cancelled(win, 'will-redirect', 'https://host.attacker.example/')).toBe(true);
    expect(cancelled(win, 'will-navigate', APP_INDEX_URL)).toBe(true);
  });

  it('denies every popup and opens only safe https links in the browser, exactly as checked', async () => {
    await start();
    const contents = [created(), created('webview', new FakeSession())];
    const cases: Array<[string, string | undefined]> = [
      ['https://host.attacker.example/docs', 'https://host.attacker.example/docs'],
      ['https://example.com/pricing', 'https://example.com/pricing'],
      ['https:example.com/pricing', 'https://example.com/pricing'],
      ['https://gateway.example@attacker.example/', undefined],
      ['https://gateway.example\\@attacker.example/', undefined],
      ['https://app.localhost/', undefined],
      ['file:///etc/passwd', undefined],
      ['javascript:alert(1)', undefined],
      ['data:text/html,<script>alert(1)</script>', undefined],
      ['ms-msdt:/id PCWDiagnostic', undefined],
      ['vscode://file/etc/passwd', undefined],
      ['smb://attacker.example/share', undefined],
      ['myapp://launch', undefined],
      ['http://example.com', undefined],
      ['https://user:pw@x.com', undefined],
      ['about:blank', undefined],
      ['https://[::1]/', undefined],
      [APP_INDEX_URL, undefined],
      ['studio-media://library/clip.mp4', undefined],
    ];
    for (const target of contents) {
      for (const [url, opened] of cases) {
        fake.openExternal.mockClear();
        expect(target.windowOpenHandler!({ url }), url).toEqual({ action: 'deny' });
        if (opened) expect(fake.openExternal.mock.calls, url).toEqual([[opened]]);
        else expect(fake.openExternal, url).not.toHaveBeenCalled();
      }
    }
  });
});
