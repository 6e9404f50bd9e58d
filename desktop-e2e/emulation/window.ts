/**
 * BrowserWindow and its webContents (docs/desktop-harness.md, "How it runs"): each window is a real
 * Chromium page of the one browser context. The built preload runs in an isolated world of the
 * page's main frame, before the page's scripts, with the emulated `electron` of a sandboxed
 * preload (page/preload-world.js); the page's main world gets only what `contextBridge` exposes
 * (page/world-bridge.js). IPC travels over a CDP binding that exists only in that isolated world.
 * Requests are routed by router.ts.
 */
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
import { guarded, missingApi, record } from './records.js';
import { lifecycle, shared } from './state.js';
import { session } from './session.js';

const WORLD = 'studio-preload';
const BINDING = '__studioIpc';
const pageScript = (name: string) => readFileSync(new URL(`./page/${name}`, import.meta.url), 'utf8');
const BRIDGE = pageScript('world-bridge.js');
const PRELOAD_RUNTIME = pageScript('preload-world.js');
const j = JSON.stringify;

const byPage = new Map<Page, EmulatedWebContents>();
const windows = new Set<EmulatedBrowserWindow>();
let nextId = 1;

interface NavigationEvent { url: string; isMainFrame: boolean; defaultPrevented: boolean; preventDefault(): void }

function cloneable(value: unknown, message: string): void {
  try {
    structuredClone(value);
  } catch {
    throw new Error(message);
  }
}

class EmulatedWebContents extends EventEmitter {
  readonly id = nextId++;
  readonly session = session;
  readonly self: EmulatedWebContents;
  readonly mainFrame: { readonly url: string; parent: null; processId: number; routingId: number; top: unknown };
  page: Page | undefined = undefined;
  private cdp: CDPSession | undefined = undefined;
  private preloadContext: number | undefined = undefined;
  private windowOpenHandler: ((details: Record<string, unknown>) => { action: string }) | undefined = undefined;
  /** The URL loadURL is navigating to: a navigation the app itself asked for meets no will-navigate. */
  private expected: string | undefined = undefined;
  destroyed = false;

  constructor(readonly owner: EmulatedBrowserWindow, private readonly preload: string | undefined) {
    super();
    this.self = guarded('WebContents', this);
    const contents = this.self;
    const frame = {
      get url() {
        return contents.getURL();
      },
      parent: null,
      processId: 1,
      routingId: this.id,
      get top() {
        return frame;
      },
    };
    this.mainFrame = guarded('WebFrameMain', frame);
  }

  /** Sets the page up before anything loads in it: worlds, scripts, the IPC binding. */
  async attach(page: Page): Promise<void> {
    this.page = page;
    byPage.set(page, this.self);
    const cdp = await shared.context!.newCDPSession(page);
    this.cdp = cdp;
    await cdp.send('Runtime.enable');
    await cdp.send('Page.enable');
    const mainFrameId = (await cdp.send('Page.getFrameTree')).frameTree.frame.id;
    cdp.on('Runtime.executionContextCreated', ({ context }) => {
      const aux = context.auxData as { frameId?: string } | undefined;
      if (context.name === WORLD && aux?.frameId === mainFrameId) this.preloadContext = context.id;
    });
    cdp.on('Runtime.executionContextDestroyed', ({ executionContextId }) => {
      if (executionContextId === this.preloadContext) this.preloadContext = undefined;
    });
    cdp.on('Runtime.executionContextsCleared', () => {
      this.preloadContext = undefined;
    });
    cdp.on('Runtime.exceptionThrown', ({ exceptionDetails }) => {
      if (exceptionDetails.executionContextId !== this.preloadContext) return;
      const description = exceptionDetails.exception?.description ?? exceptionDetails.text;
      record({ type: 'preload-error', message: `Unable to load preload script: ${this.preload}\n${description}` });
    });
    cdp.on('Page.windowOpen', (e) => this.windowOpen(e.url, e.windowName, e.windowFeatures.join(',')));
    await cdp.send('Runtime.addBinding', { name: BINDING, executionContextName: WORLD });
    cdp.on('Runtime.bindingCalled', (e) => {
      if (e.name === BINDING && e.executionContextId === this.preloadContext) void this.fromPreload(e.payload, e.executionContextId);
    });
    const token = randomBytes(16).toString('hex');
    await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: `(${BRIDGE})(${j(token)}, 'main');` });
    await cdp.send('Page.addScriptToEvaluateOnNewDocument', {
      worldName: WORLD,
      source: `if (window === window.top) (${PRELOAD_RUNTIME})(${j(token)}, (${BRIDGE})(${j(token)}, 'preload'), ${j(BINDING)});`,
    });
    const source = this.readPreload();
    if (source !== undefined) {
      // A sandboxed preload is a CommonJS script: `import`/`export` in it fail to compile here as in Electron.
      await cdp.send('Page.addScriptToEvaluateOnNewDocument', {
        worldName: WORLD,
        source: `if (window === window.top) (function (require, module, exports) {\n${source}\n}).call(undefined, globalThis[${j(`__studioPreloadRequire_${token}`)}], { exports: {} }, {});`,
      });
    }
    page.on('close', () => this.onClose());
  }

  private readPreload(): string | undefined {
    if (this.preload === undefined) return undefined;
    try {
      if (!isAbsolute(this.preload)) throw new Error('the preload path must be absolute');
      return readFileSync(this.preload, 'utf8');
    } catch (error) {
      record({ type: 'preload-error', message: `Unable to load preload script: ${this.preload}\n${(error as Error).message}` });
      return undefined;
    }
  }

  private async fromPreload(payload: string, contextId: number): Promise<void> {
    const m = JSON.parse(payload) as { kind: string; id?: number; channel?: string; args?: unknown[]; name?: string; message?: string };
    if (m.kind === 'missing-api') return void record({ type: 'missing-api', name: m.name! });
    if (m.kind === 'preload-error') return void record({ type: 'preload-error', message: m.message! });
    const args = shared.schemes.deep(m.args ?? [], 'fromPage');
    const event = this.ipcEvent();
    if (m.kind === 'send') return void shared.listeners.emit(m.channel!, event, ...args);
    if (m.kind !== 'invoke') return;
    const channel = m.channel!;
    const handler = shared.handlers.get(channel);
    let reply: { ok: boolean; result?: unknown; error?: string };
    if (!handler) {
      reply = { ok: false, error: `Error invoking remote method '${channel}': Error: No handler registered for '${channel}'` };
      record({ type: 'ipc-error', channel, message: reply.error! });
    } else {
      try {
        const result = await handler(event, ...args);
        cloneable(result, 'An object could not be cloned.');
        reply = { ok: true, result: shared.schemes.deep(result, 'toPage') };
      } catch (error) {
        reply = { ok: false, error: `Error invoking remote method '${channel}': ${String(error)}` };
        record({ type: 'ipc-error', channel, message: reply.error! });
      }
    }
    await this.deliver({ kind: 'reply', id: m.id, ...reply }, contextId);
  }

  ipcEvent() {
    return { sender: this.self, senderFrame: this.mainFrame, frameId: this.id, processId: 1, returnValue: undefined };
  }

  private async deliver(message: unknown, contextId: number | undefined = this.preloadContext): Promise<void> {
    if (contextId === undefined || !this.cdp) return;
    // What the renderer receives, for tests that look for a secret in it.
    if (process.env.STUDIO_EMULATION_TRACE_IPC) record({ type: 'ipc', to: 'renderer', text: j(message) });
    await this.cdp.send('Runtime.evaluate', { contextId, expression: `globalThis.__studioIpcDeliver(${j(j(message))})` }).catch(() => undefined);
  }

  send(channel: string, ...args: unknown[]): void {
    if (this.destroyed) throw new Error('Object has been destroyed');
    cloneable(args, 'Failed to serialize arguments');
    void this.deliver({ kind: 'message', channel, args: shared.schemes.deep(args, 'toPage') });
  }

  getURL(): string {
    return this.page ? shared.schemes.fromPage(this.page.url()) : '';
  }

  getTitle(): string {
    return '';
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  setWindowOpenHandler(handler: (details: Record<string, unknown>) => { action: string }): void {
    this.windowOpenHandler = handler;
  }

  startDrag(item: { file: string }): void {
    record({ type: 'drag', file: item.file });
  }

  focus(): void {
    void this.page?.bringToFront();
  }

  private windowOpen(pageUrl: string, frameName: string, features: string): void {
    const url = shared.schemes.fromPage(pageUrl);
    const answer = this.windowOpenHandler ? this.windowOpenHandler({ url, frameName, features, disposition: 'new-window', referrer: { url: this.getURL(), policy: 'default' } }) : { action: 'allow' };
    if (answer?.action === 'deny') record({ type: 'refused', what: 'window-open', url });
    else missingApi('child windows (a window open the app allowed)');
  }

  /** Emits a navigation event the app may prevent; true when it did. */
  preventable(name: string, url: string, isMainFrame: boolean): boolean {
    const event: NavigationEvent = {
      url,
      isMainFrame,
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    this.emit(name, event, url, false, isMainFrame, 1, this.id);
    return event.defaultPrevented;
  }

  expect(pageUrl: string): void {
    this.expected = pageUrl;
  }

  takeExpected(pageUrl: string): boolean {
    const hit = this.expected === pageUrl;
    if (hit) this.expected = undefined;
    return hit;
  }

  private onClose(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    if (this.page) byPage.delete(this.page);
    this.emit('destroyed');
    this.owner.onClosed();
  }
}

interface WindowOptions { width?: number; height?: number; show?: boolean; webPreferences?: Record<string, unknown> }

class EmulatedBrowserWindow extends EventEmitter {
  static getAllWindows(): EmulatedBrowserWindow[] {
    return [...windows];
  }

  static getFocusedWindow(): EmulatedBrowserWindow | null {
    return EmulatedBrowserWindow.getAllWindows()[0] ?? null;
  }

  readonly id = nextId++;
  readonly self: EmulatedBrowserWindow;
  readonly webContents: EmulatedWebContents;
  private readonly attached: Promise<void>;
  private shownOnce = false;
  private closed = false;

  constructor(options: WindowOptions = {}) {
    super();
    if (!shared.ready || !shared.context) throw new Error('Cannot create BrowserWindow before app is ready');
    const prefs = options.webPreferences ?? {};
    // The only configuration the emulation can stand for (docs/desktop-harness.md).
    if (prefs.contextIsolation === false || prefs.sandbox === false || prefs.nodeIntegration === true) {
      throw new Error('The desktop emulation runs only sandboxed, context-isolated windows without Node integration');
    }
    this.self = guarded('BrowserWindow', this);
    const contents = new EmulatedWebContents(this.self, prefs.preload as string | undefined);
    this.webContents = contents.self;
    windows.add(this.self);
    shared.appEvents.emit('browser-window-created', {}, this.self);
    shared.appEvents.emit('web-contents-created', {}, this.webContents);
    const size = { width: options.width ?? 800, height: options.height ?? 600 };
    shared.windowsInTheMaking++;
    this.attached = shared.context
      .newPage()
      .then(async (page) => {
        await page.setViewportSize(size);
        await contents.attach(page);
      })
      .finally(() => shared.windowsInTheMaking--);
    record({ type: 'window', id: this.id, action: 'created' });
    // The guarded proxy is the window the app holds.
    return this.self;
  }

  async loadURL(url: string): Promise<void> {
    await this.attached;
    const contents = this.webContents;
    const pageUrl = shared.schemes.toPage(url);
    const page = contents.page!;
    await session.applyPermissions(shared.context!, contents, new URL(pageUrl).origin);
    contents.expect(pageUrl);
    const response = await page.goto(pageUrl, { waitUntil: 'load' });
    if (!response) throw new Error(`ERR_FAILED (-2) loading '${url}'`);
    record({ type: 'window', id: this.id, action: 'load', url: contents.getURL() });
    contents.emit('did-finish-load');
    if (!this.shownOnce) {
      this.shownOnce = true;
      this.emit('ready-to-show');
    }
  }

  show(): void {
    record({ type: 'window', id: this.id, action: 'shown' });
  }

  hide(): void {}

  focus(): void {
    this.webContents.focus();
    record({ type: 'window', id: this.id, action: 'focused' });
  }

  isMinimized(): boolean {
    return false;
  }

  restore(): void {
    record({ type: 'window', id: this.id, action: 'restored' });
  }

  isDestroyed(): boolean {
    return this.closed;
  }

  isVisible(): boolean {
    return !this.closed;
  }

  /** As a click on the window's close button: `close` may be prevented, then the page goes. */
  close(): void {
    if (this.closed) return;
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    if (!prevented) void this.webContents.page?.close();
  }

  destroy(): void {
    void this.webContents.page?.close();
  }

  /** The page is gone (closed by the app, by quitting, or by the user): the window with it. */
  onClosed(): void {
    if (this.closed) return;
    this.closed = true;
    windows.delete(this.self);
    record({ type: 'window', id: this.id, action: 'closed' });
    this.emit('closed');
    if (windows.size === 0 && !lifecycle.quitting) lifecycle.allWindowsClosed();
  }
}

export const BrowserWindow = guarded('BrowserWindow', EmulatedBrowserWindow);

/** Every window, for quitting. */
export function openWindows(): EmulatedBrowserWindow[] {
  return [...windows];
}

/** The webContents showing a page, if the page is a window's. */
export function contentsOf(page: Page): EmulatedWebContents | undefined {
  return byPage.get(page);
}
