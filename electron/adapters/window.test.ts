import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_INDEX_URL } from './links.js';

// A stand-in for the parts of Electron the window adapter touches. Like Chromium, constructing a
// window announces its webContents to the app, which is where the app-wide guard
// (web-contents-guard.ts, tested in depth there) takes it.
const fake = vi.hoisted(() => ({
  app: undefined as any,
  windows: [] as Array<{ options: any; webContents: any; once: any; show: any }>,
}));

vi.mock('electron', async () => {
  const { EventEmitter } = await import('node:events');
  class FakeWebContents extends EventEmitter {
    windowOpenHandler?: (details: { url: string }) => unknown;
    session = {
      permissionRequest: undefined as any,
      permissionCheck: undefined as any,
      setPermissionRequestHandler(h: any) { this.permissionRequest = h; },
      setPermissionCheckHandler(h: any) { this.permissionCheck = h; },
      setDevicePermissionHandler: () => undefined,
      webRequest: { onHeadersReceived: () => undefined },
    };
    setWindowOpenHandler(h: any) { this.windowOpenHandler = h; }
  }
  class BrowserWindow {
    webContents = new FakeWebContents();
    once = vi.fn();
    show = vi.fn();
    constructor(public options: any) {
      fake.windows.push(this);
      fake.app.emit('web-contents-created', {}, this.webContents);
    }
  }
  return { get app() { return fake.app; }, BrowserWindow, shell: { openExternal: vi.fn(async () => undefined) } };
});

/** The window adapter and the guard, loaded afresh: the guard installs once per process. */
async function load({ guarded = true } = {}) {
  vi.resetModules();
  const guard = await import('./web-contents-guard.js');
  if (guarded) guard.installWebContentsGuard(APP_INDEX_URL);
  return import('./window.js');
}

async function open() {
  const { createMainWindow } = await load();
  createMainWindow({ preload: '/opt/studio/out/preload/index.cjs' });
  return fake.windows[fake.windows.length - 1];
}

beforeEach(() => {
  fake.app = new EventEmitter();
  fake.windows.length = 0;
});

describe('createMainWindow', () => {
  it('isolates the renderer: no Node, sandboxed, context isolation, web security, no webview', async () => {
    const prefs = (await open()).options.webPreferences;
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

  it('refuses to open before the app-wide guard is installed', async () => {
    const { createMainWindow } = await load({ guarded: false });
    expect(() => createMainWindow({ preload: '/opt/studio/out/preload/index.cjs' })).toThrow(/guard/);
    expect(fake.windows).toHaveLength(0);
  });

  it('its contents are guarded from creation: no navigation away, no popup, no webview, no permission', async () => {
    const { webContents } = await open();
    const navigation = { url: 'https://evil.example/', preventDefault: vi.fn() };
    webContents.emit('will-navigate', navigation);
    expect(navigation.preventDefault).toHaveBeenCalled();
    const stay = { url: `${APP_INDEX_URL}#/gallery`, preventDefault: vi.fn() };
    webContents.emit('will-navigate', stay);
    expect(stay.preventDefault).not.toHaveBeenCalled();
    expect(webContents.windowOpenHandler!({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    const attach = { preventDefault: vi.fn() };
    webContents.emit('will-attach-webview', attach, {}, {});
    expect(attach.preventDefault).toHaveBeenCalled();
    const callback = vi.fn();
    webContents.session.permissionRequest({}, 'media', callback, {});
    expect(callback).toHaveBeenCalledWith(false);
  });

  it('shows the window only once it has painted', async () => {
    const win = await open();
    expect(win.once).toHaveBeenCalledWith('ready-to-show', expect.any(Function));
    expect(win.show).not.toHaveBeenCalled();
  });
});
