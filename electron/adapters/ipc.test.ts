import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IPC_EVENT_CHANNEL, METHOD_NAMES, ipcChannel, type StudioHost } from '@shared/contract/index.js';

const handlers = vi.hoisted(() => new Map<string, (event: any, input: unknown) => Promise<unknown>>());
vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, h: any) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, h);
    },
    removeHandler: (channel: string) => handlers.delete(channel),
  },
}));

const { registerIpc } = await import('./ipc.js');
const { appUrlMatcher } = await import('./links.js');

const APP = 'studio-app://bundle/index.html';

interface Frame { url: string; processId: number; routingId: number; parent: Frame | null }

function setup() {
  const mainFrame: Frame = { url: `${APP}#/chat`, processId: 4, routingId: 1, parent: null };
  let pageUrl = APP;
  const webContents = { mainFrame, send: vi.fn(), getURL: () => pageUrl };
  let state: 'open' | 'destroyed' | 'none' = 'open';
  const win = { isDestroyed: () => state === 'destroyed', webContents };
  let emit: (event: string, payload: unknown) => void = () => undefined;
  const unsubscribe = vi.fn();
  const core = {
    dispatch: vi.fn(async (method: string, input: unknown) => ({ ok: true, value: { method, input } })),
    subscribe: vi.fn((listener: any) => { emit = listener; return unsubscribe; }),
  };
  const getWindow = () => (state === 'none' ? undefined : (win as any));
  const dispose = registerIpc({ core: core as unknown as StudioHost, getWindow, isAppUrl: appUrlMatcher(APP) });
  const call = (sender: unknown, senderFrame: unknown, method = 'settings.get', input: unknown = {}) =>
    handlers.get(ipcChannel(method as any))!({ sender, senderFrame }, input);
  return {
    mainFrame, webContents, core, dispose, unsubscribe, call,
    emit: (e: string, p: unknown) => emit(e, p),
    navigateTo: (url: string) => { pageUrl = url; },
    setWindow: (next: typeof state) => { state = next; },
  };
}

const UNAUTHORIZED = { ok: false, error: expect.objectContaining({ code: 'unauthorized', retryable: false }) };

beforeEach(() => handlers.clear());

describe('registerIpc', () => {
  it('handles every contract method on its derived channel, and nothing else', () => {
    setup();
    expect([...handlers.keys()].sort()).toEqual(METHOD_NAMES.map(ipcChannel).sort());
  });

  it('forwards calls from the app main frame to the core and returns its result', async () => {
    const t = setup();
    const result = await t.call(t.webContents, t.mainFrame, 'settings.update', { theme: 'dark' });
    expect(t.core.dispatch).toHaveBeenCalledWith('settings.update', { theme: 'dark' });
    expect(result).toEqual({ ok: true, value: { method: 'settings.update', input: { theme: 'dark' } } });
  });

  it('refuses a call without a sender frame (navigated away or destroyed)', async () => {
    const t = setup();
    expect(await t.call(t.webContents, null)).toEqual(UNAUTHORIZED);
    expect(t.core.dispatch).not.toHaveBeenCalled();
  });

  it('refuses a subframe, even one showing the app URL', async () => {
    const t = setup();
    const iframe: Frame = { url: APP, processId: 4, routingId: 7, parent: t.mainFrame };
    expect(await t.call(t.webContents, iframe)).toEqual(UNAUTHORIZED);
    expect(t.core.dispatch).not.toHaveBeenCalled();
  });

  it('refuses a frame that is not our window main frame', async () => {
    const t = setup();
    const stranger: Frame = { url: APP, processId: 9, routingId: 1, parent: null };
    expect(await t.call(t.webContents, stranger)).toEqual(UNAUTHORIZED);
    const otherContents = { ...t.webContents };
    expect(await t.call(otherContents, t.mainFrame)).toEqual(UNAUTHORIZED);
    expect(t.core.dispatch).not.toHaveBeenCalled();
  });

  it('refuses every call while no window is open (macOS) or once it is destroyed', async () => {
    const t = setup();
    for (const state of ['none', 'destroyed'] as const) {
      t.setWindow(state);
      expect(await t.call(t.webContents, t.mainFrame), state).toEqual(UNAUTHORIZED);
      t.emit('settings.onDidChange', { libraryDir: '/lib', theme: 'dark' });
    }
    expect(t.core.dispatch).not.toHaveBeenCalled();
    expect(t.webContents.send).not.toHaveBeenCalled();
  });

  it('refuses the main frame when it shows a foreign URL', async () => {
    const t = setup();
    for (const url of [
      'https://host.attacker.example/', 'file:///etc/passwd', 'file:///opt/studio/out/renderer/index.html',
      'studio-app://bundle/assets/index.js', 'studio-app://evil/index.html', 'studio-media://library/page.html',
      'data:text/html,<script>studio.profiles.list()</script>', 'about:blank', 'devtools://devtools/bundled/inspector.html', '',
    ]) {
      t.mainFrame.url = url;
      expect(await t.call(t.webContents, t.mainFrame), url).toEqual(UNAUTHORIZED);
    }
    expect(t.core.dispatch).not.toHaveBeenCalled();
  });

  it('turns a throwing core into an error result instead of a rejected invoke', async () => {
    const t = setup();
    t.core.dispatch.mockRejectedValueOnce(new Error('secret internals at /home/me'));
    const result: any = await t.call(t.webContents, t.mainFrame);
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ code: 'internal' }) });
    expect(result.error.message).not.toContain('/home/me');
  });

  it('sends core events to the window as { event, payload } on the event channel', () => {
    const t = setup();
    t.emit('settings.onDidChange', { libraryDir: '/lib', theme: 'dark' });
    expect(t.webContents.send).toHaveBeenCalledWith(IPC_EVENT_CHANNEL, {
      event: 'settings.onDidChange',
      payload: { libraryDir: '/lib', theme: 'dark' },
    });
  });

  it('does not send events to a page that is not the app', () => {
    const t = setup();
    t.navigateTo('https://host.attacker.example/');
    t.emit('settings.onDidChange', { libraryDir: '/lib', theme: 'dark' });
    expect(t.webContents.send).not.toHaveBeenCalled();
  });

  it('the disposer removes every handler and stops forwarding events', () => {
    const t = setup();
    t.dispose();
    expect(handlers.size).toBe(0);
    expect(t.unsubscribe).toHaveBeenCalled();
  });
});
