import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The composition root, run against a fake Electron app and a fake core: lifecycle only. The
// adapters it wires up have their own tests.
const fake = vi.hoisted(() => ({
  app: undefined as any,
  lock: true,
  windows: [] as any[],
  core: undefined as any,
  ipc: [] as any[],
  mediaFile: undefined as undefined | ((raw: string) => Promise<string | undefined>),
  ready: false,
  schemeRegisteredBeforeReady: false,
  guardedBeforeWindow: false,
  guardUrl: undefined as string | undefined,
  bundleDir: undefined as string | undefined,
  order: [] as string[],
  paths: [] as { name: string; path: string; ready: boolean }[],
}));

vi.mock('electron', () => ({
  get app() { return fake.app; },
  BrowserWindow: { getAllWindows: () => fake.windows },
  dialog: { showErrorBox: vi.fn() },
}));
vi.mock('../host/index.js', () => ({ createCore: vi.fn(async () => fake.core) }));
vi.mock('@sandbox/sticky-port.js', () => ({ startStickySandbox: vi.fn() }));
vi.mock('./adapters/settings-store.js', () => ({ createSettingsStore: () => ({ read: () => undefined, write: () => undefined }) }));
vi.mock('./adapters/secrets.js', () => ({ createSecretsStore: () => ({}) }));
vi.mock('./adapters/ipc.js', () => ({ registerIpc: (o: any) => { fake.ipc.push(o); return vi.fn(); } }));
vi.mock('./adapters/protocol.js', () => ({
  handleMediaProtocol: (mediaFile: (raw: string) => Promise<string | undefined>) => { fake.mediaFile = mediaFile; },
}));
vi.mock('./adapters/app-scheme.js', () => ({
  registerPrivilegedSchemes: () => { fake.schemeRegisteredBeforeReady = !fake.ready; },
  handleAppProtocol: (dir: string) => { fake.bundleDir = dir; },
}));
vi.mock('./adapters/web-contents-guard.js', () => ({
  installWebContentsGuard: (url: string) => {
    fake.guardUrl = url;
    fake.guardedBeforeWindow = fake.windows.length === 0;
  },
}));
vi.mock('./adapters/window.js', async () => {
  const { EventEmitter } = await import('node:events');
  return {
    createMainWindow: vi.fn((options: any) => {
      const win = Object.assign(new EventEmitter(), { options, loadURL: vi.fn(async () => undefined), isDestroyed: () => false });
      fake.windows.push(win);
      return win;
    }),
  };
});

function fakeApp() {
  return Object.assign(new EventEmitter(), {
    isPackaged: true,
    requestSingleInstanceLock: () => fake.lock,
    quit: vi.fn(),
    exit: vi.fn(),
    whenReady: () => Promise.resolve().then(() => { fake.ready = true; }),
    getPath: () => '/home/me/.config/Gateway Studio',
    setPath: vi.fn((name: string, path: string) => fake.paths.push({ name, path, ready: fake.ready })),
    getVersion: () => '0.1.0',
  });
}

async function boot() {
  vi.resetModules();
  await import('./main.js');
  await new Promise((r) => setTimeout(r, 0));
}

beforeEach(() => {
  fake.app = fakeApp();
  fake.lock = true;
  fake.windows = [];
  fake.ipc = [];
  fake.ready = false;
  fake.schemeRegisteredBeforeReady = false;
  fake.guardedBeforeWindow = false;
  fake.guardUrl = undefined;
  fake.bundleDir = undefined;
  fake.paths = [];
  const listeners = new Set<any>();
  const dispatch = vi.fn(async (method: string) => ({ ok: true, value: method === 'app.info' ? { sandboxUrl: 'http://127.0.0.1:1' } : { libraryDir: '/media/Library', theme: 'system', language: 'system' } }));
  fake.core = {
    dispatch,
    call: dispatch,
    subscribe: vi.fn((l: any) => { listeners.add(l); return () => listeners.delete(l); }),
    on: vi.fn((event: string, l: any) => {
      const one = (e: string, p: unknown) => e === event && l(p);
      listeners.add(one);
      return () => listeners.delete(one);
    }),
    close: vi.fn(async () => undefined),
    resumeWork: vi.fn(() => fake.order.push('resume')),
    mediaFile: vi.fn(async (raw: string) => (raw === 'known.png' ? '/media/Library/known.png' : undefined)),
    emit: (e: string, p: unknown) => listeners.forEach((l) => l(e, p)),
  };
});

describe('main', () => {
  it('a second instance quits without starting anything', async () => {
    fake.lock = false;
    await boot();
    expect(fake.app.quit).toHaveBeenCalled();
    expect(fake.windows).toHaveLength(0);
  });

  it('opens one hardened window on the bundled renderer, with IPC and media wired first', async () => {
    process.env.ELECTRON_RENDERER_URL = 'https://host.attacker.example/';
    await boot();
    delete process.env.ELECTRON_RENDERER_URL;
    expect(fake.windows).toHaveLength(1);
    const [win] = fake.windows;
    // Packaged: the environment cannot redirect the trusted window to another origin, and the
    // page comes from the app scheme, not from file:// (docs/packaging.md).
    expect(win.loadURL).toHaveBeenCalledWith('studio-app://bundle/index.html');
    expect(win.options.preload).toMatch(/preload[\\/]index\.cjs$/);
    expect(fake.bundleDir).toMatch(/[\\/]renderer$/);
    expect(fake.ipc).toHaveLength(1);
    expect(fake.ipc[0].isAppUrl('studio-app://bundle/index.html')).toBe(true);
    expect(fake.ipc[0].isAppUrl('file:///etc/passwd')).toBe(false);
    expect(fake.ipc[0].getWindow()).toBe(win);
  });

  it('guards every webContents for the same app URL, before the first window exists', async () => {
    await boot();
    expect(fake.guardUrl).toBe('studio-app://bundle/index.html');
    expect(fake.guardedBeforeWindow).toBe(true);
  });

  it('in development, trusts only the dev server it was started with', async () => {
    fake.app.isPackaged = false;
    process.env.ELECTRON_RENDERER_URL = 'http://localhost:5173/';
    await boot();
    delete process.env.ELECTRON_RENDERER_URL;
    const [win] = fake.windows;
    expect(win.loadURL).toHaveBeenCalledWith('http://localhost:5173/');
    expect(fake.guardUrl).toBe('http://localhost:5173/');
    expect(fake.ipc[0].isAppUrl('http://localhost:5173/#/chat')).toBe(true);
    expect(fake.ipc[0].isAppUrl('http://localhost:5174/')).toBe(false);
    expect(fake.ipc[0].isAppUrl('file:///etc/passwd')).toBe(false);
  });

  it('resumes the last run\'s work only once the window has its page', async () => {
    fake.order = [];
    let served!: () => void;
    const page = new Promise<void>((r) => (served = r));
    const { createMainWindow } = await import('./adapters/window.js');
    vi.mocked(createMainWindow).mockImplementationOnce((options: any) => {
      const win = Object.assign(new EventEmitter(), { options, loadURL: vi.fn(() => page.then(() => fake.order.push('page'))), isDestroyed: () => false });
      fake.windows.push(win);
      return win as any;
    });
    await boot();
    expect(fake.core.resumeWork).not.toHaveBeenCalled();
    served();
    await page;
    await new Promise((r) => setTimeout(r, 0));
    expect(fake.order).toEqual(['page', 'resume']);
  });

  it('grants the app and media schemes their privileges before the app is ready (Electron ignores them later)', async () => {
    await boot();
    expect(fake.schemeRegisteredBeforeReady).toBe(true);
  });

  it('serves media by the core\'s answer: only files the library knows', async () => {
    await boot();
    expect(await fake.mediaFile!('known.png')).toBe('/media/Library/known.png');
    expect(await fake.mediaFile!('secrets.json')).toBeUndefined();
    expect(fake.core.mediaFile).toHaveBeenCalledWith('secrets.json');
  });

  it('keeps its data in the folder the browser shell opens, set before the app is ready', async () => {
    const { studioDataDir } = await import('../host/settings/data-folder.js');
    await boot();
    expect(fake.paths).toEqual([{ name: 'userData', path: studioDataDir(), ready: false }]);
  });

  it('gives the core a native dialog to confirm a move of the library', async () => {
    await boot();
    const { createCore } = await import('../host/index.js');
    expect(vi.mocked(createCore).mock.calls.at(-1)?.[0].confirmOutside).toEqual(expect.any(Function));
  });

  it('quits when the last window closes, except on macOS', async () => {
    await boot();
    fake.app.emit('window-all-closed');
    expect(fake.app.quit).toHaveBeenCalledTimes(process.platform === 'darwin' ? 0 : 1);
  });

  it('closes the core before the process exits', async () => {
    await boot();
    const event = { preventDefault: vi.fn() };
    fake.app.emit('before-quit', event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(fake.app.quit).not.toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 0));
    // Serving stops first (IPC gone), then the core closes, then the app quits.
    expect(fake.core.close).toHaveBeenCalled();
    expect(fake.app.quit).toHaveBeenCalled();
    const again = { preventDefault: vi.fn() };
    fake.app.emit('before-quit', again);
    expect(again.preventDefault).not.toHaveBeenCalled();
  });
});
