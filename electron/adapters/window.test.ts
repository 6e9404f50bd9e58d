import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../shared/csp.js';

// A stand-in for the parts of Electron the window adapter touches; it records what was set up so
// the tests can drive the handlers the way Chromium would.
const fake = vi.hoisted(() => ({
  windows: [] as Array<{ options: any; webContents: any; once: any; show: any }>,
  openExternal: undefined as any,
}));

vi.mock('electron', async () => {
  const { EventEmitter } = await import('node:events');
  fake.openExternal = vi.fn(async () => undefined);
  class FakeWebContents extends EventEmitter {
    windowOpenHandler?: (details: { url: string }) => unknown;
    session = {
      permissionRequest: undefined as any,
      permissionCheck: undefined as any,
      devicePermission: undefined as any,
      headersReceived: undefined as any,
      setPermissionRequestHandler(h: any) { this.permissionRequest = h; },
      setPermissionCheckHandler(h: any) { this.permissionCheck = h; },
      setDevicePermissionHandler(h: any) { this.devicePermission = h; },
      webRequest: { onHeadersReceived: (h: any) => { this.session.headersReceived = h; } },
    };
    setWindowOpenHandler(h: any) { this.windowOpenHandler = h; }
  }
  class BrowserWindow {
    webContents = new FakeWebContents();
    once = vi.fn();
    show = vi.fn();
    constructor(public options: any) { fake.windows.push(this); }
  }
  return { BrowserWindow, shell: { openExternal: fake.openExternal } };
});

const { createMainWindow } = await import('./window.js');

const RENDERER = 'file:///opt/studio/out/renderer/index.html';

function open(rendererUrl = RENDERER) {
  createMainWindow({ preload: '/opt/studio/out/preload/index.cjs', rendererUrl });
  return fake.windows[fake.windows.length - 1];
}

/** Emits a navigation event as Electron does and reports whether the app cancelled it. */
function navigate(contents: EventEmitter, eventName: string, url: string): boolean {
  const event = { url, preventDefault: vi.fn() };
  contents.emit(eventName, event);
  return event.preventDefault.mock.calls.length > 0;
}

beforeEach(() => {
  fake.windows.length = 0;
  fake.openExternal.mockClear();
});

describe('createMainWindow', () => {
  it('isolates the renderer: no Node, sandboxed, context isolation, web security, no webview', () => {
    const prefs = open().options.webPreferences;
    expect(prefs).toMatchObject({
      preload: '/opt/studio/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
    });
    // A middle click must not open a window of its own (electronegativity AUXCLICK_JS_CHECK).
    expect(prefs.disableBlinkFeatures.split(',')).toContain('Auxclick');
    // Nothing that would widen the renderer's powers is set at all.
    for (const risky of ['enableBlinkFeatures', 'enableRemoteModule', 'additionalArguments', 'plugins', 'safeDialogs', 'partition']) {
      expect(prefs, risky).not.toHaveProperty(risky);
    }
  });

  it('puts the strict CSP on every response, replacing any policy the server sent', () => {
    const { session } = open().webContents;
    const callback = vi.fn();
    session.headersReceived(
      { url: RENDERER, responseHeaders: { 'content-security-policy': ["default-src *"], 'X-Other': ['1'] } },
      callback,
    );
    const headers = callback.mock.calls[0][0].responseHeaders;
    const csp = Object.entries(headers).filter(([k]) => k.toLowerCase() === 'content-security-policy');
    expect(csp).toEqual([['Content-Security-Policy', [CONTENT_SECURITY_POLICY]]]);
    expect(headers['X-Other']).toEqual(['1']);
    for (const directive of ["script-src 'self'", "object-src 'none'", "frame-ancestors 'none'", "img-src 'self' data: studio-media:"]) {
      expect(CONTENT_SECURITY_POLICY).toContain(directive);
    }
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe');
  });

  it('loosens the CSP only for the dev server, and only for HMR', () => {
    const { session } = open('http://localhost:5173').webContents;
    const callback = vi.fn();
    session.headersReceived({ url: 'http://localhost:5173/', responseHeaders: {} }, callback);
    const [policy] = callback.mock.calls[0][0].responseHeaders['Content-Security-Policy'];
    expect(policy).toContain("connect-src 'self' ws://localhost:5173");
    expect(policy).toContain("object-src 'none'");
  });

  it('denies every permission request and check, and every device', () => {
    const { session } = open().webContents;
    const permissions = [
      'media', 'geolocation', 'notifications', 'clipboard-read', 'clipboard-sanitized-write', 'display-capture', 'fullscreen',
      'pointerLock', 'keyboardLock', 'midi', 'midiSysex', 'openExternal', 'idle-detection', 'window-management', 'storage-access',
      'speaker-selection', 'fileSystem', 'hid', 'serial', 'usb', 'mediaKeySystem', 'unknown',
    ];
    for (const permission of permissions) {
      const callback = vi.fn();
      session.permissionRequest({}, permission, callback, { requestingUrl: RENDERER, isMainFrame: true });
      expect(callback, permission).toHaveBeenCalledWith(false);
      expect(session.permissionCheck({}, permission, 'file://', {}), permission).toBe(false);
    }
    for (const deviceType of ['hid', 'serial', 'usb']) {
      expect(session.devicePermission({ deviceType, origin: 'file://', device: {} }), deviceType).toBe(false);
    }
  });

  it('keeps the window on the app: foreign navigations and redirects are cancelled', () => {
    const { webContents } = open();
    expect(navigate(webContents, 'will-navigate', `${RENDERER}#/chat`)).toBe(false);
    for (const url of [
      'https://host.attacker.example/',
      'file:///etc/passwd',
      'file:///opt/studio/out/renderer/other.html',
      'javascript:alert(1)',
      'http://localhost:5173/',
    ]) {
      expect(navigate(webContents, 'will-navigate', url), url).toBe(true);
      expect(navigate(webContents, 'will-frame-navigate', url), url).toBe(true);
      expect(navigate(webContents, 'will-redirect', url), url).toBe(true);
    }
    // A blocked navigation is not silently turned into an external open either.
    expect(fake.openExternal).not.toHaveBeenCalled();
  });

  it('with the dev server, allows its origin and nothing else', () => {
    const { webContents } = open('http://localhost:5173/');
    expect(navigate(webContents, 'will-navigate', 'http://localhost:5173/#/video')).toBe(false);
    expect(navigate(webContents, 'will-navigate', 'http://localhost:5174/')).toBe(true);
    expect(navigate(webContents, 'will-redirect', 'https://host.attacker.example/')).toBe(true);
  });

  it('denies every popup and opens only safe https links in the browser, exactly as checked', () => {
    const { webContents } = open();
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
      [RENDERER, undefined],
    ];
    for (const [url, opened] of cases) {
      fake.openExternal.mockClear();
      expect(webContents.windowOpenHandler!({ url }), url).toEqual({ action: 'deny' });
      if (opened) expect(fake.openExternal.mock.calls, url).toEqual([[opened]]);
      else expect(fake.openExternal, url).not.toHaveBeenCalled();
    }
  });

  it('refuses to attach webviews', () => {
    const { webContents } = open();
    const event = { preventDefault: vi.fn() };
    webContents.emit('will-attach-webview', event, {}, {});
    expect(event.preventDefault).toHaveBeenCalled();
  });
});
