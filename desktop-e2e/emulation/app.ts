/**
 * `app` (docs/desktop-harness.md, "What is emulated"): paths, the single-instance lock, `ready`
 * (Chromium launched with its profile in the user-data folder, as Electron keeps its session
 * there) and quitting as Electron orders it: `before-quit` (which the app may prevent), every
 * window closed, `will-quit`, `quit`, then the process exits and Chromium with it; SIGTERM and
 * SIGINT quit the same way, as in Electron. Closing the last window emits `window-all-closed`, or
 * quits when nobody listens.
 */
import { readFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { guarded, record } from './records.js';
import { lifecycle, shared } from './state.js';
import { singleInstance } from './single-instance.js';
import { openWindows } from './window.js';
import { closeStrayPage, routeRequest } from './router.js';
import { session } from './session.js';
import { emulationDir } from './paths.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium-args.js';

const lock = singleInstance();

class EmulatedApp {
  readonly isPackaged = false;
  private readonly paths = new Map<string, string>();
  private readonly readyPromise: Promise<void>;
  private resolveReady!: () => void;
  private hasLock = false;

  constructor() {
    this.readyPromise = new Promise((resolve) => (this.resolveReady = resolve));
  }

  on(name: string, listener: (...args: unknown[]) => void) {
    shared.appEvents.on(name, listener);
    return this;
  }

  once(name: string, listener: (...args: unknown[]) => void) {
    shared.appEvents.once(name, listener);
    return this;
  }

  off(name: string, listener: (...args: unknown[]) => void) {
    shared.appEvents.off(name, listener);
    return this;
  }

  removeListener(name: string, listener: (...args: unknown[]) => void) {
    return this.off(name, listener);
  }

  emit(name: string, ...args: unknown[]) {
    return shared.appEvents.emit(name, ...args);
  }

  getPath(name: string): string {
    const known = this.paths.get(name);
    if (known) return known;
    const appData = join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'));
    switch (name) {
      case 'home': return homedir();
      case 'appData': return appData;
      case 'userData': return join(appData, this.getName());
      case 'sessionData': return this.getPath('userData');
      case 'temp': return tmpdir();
      case 'downloads': return join(emulationDir(), 'Downloads');
      case 'logs': return join(this.getPath('userData'), 'logs');
      default: throw new Error(`Failed to get '${name}' path`);
    }
  }

  setPath(name: string, path: string): void {
    this.paths.set(name, path);
  }

  getName(): string {
    return 'gateway-studio';
  }

  getVersion(): string {
    return (JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as { version: string }).version;
  }

  getLocale(): string {
    return 'en-US';
  }

  getAppPath(): string {
    return process.cwd();
  }

  isReady(): boolean {
    return shared.ready;
  }

  whenReady(): Promise<void> {
    return this.readyPromise;
  }

  requestSingleInstanceLock(): boolean {
    this.hasLock = lock.request(this.getPath('userData'), (argv, cwd) => {
      record({ type: 'single-instance', action: 'second-instance' });
      shared.appEvents.emit('second-instance', { preventDefault() {} }, argv, cwd, {});
    });
    record({ type: 'single-instance', action: this.hasLock ? 'locked' : 'refused' });
    return this.hasLock;
  }

  hasSingleInstanceLock(): boolean {
    return this.hasLock;
  }

  releaseSingleInstanceLock(): void {
    lock.release();
    this.hasLock = false;
  }

  quit(): void {
    void this.quitting();
  }

  exit(code = 0): void {
    void shutDown(code);
  }

  /** Electron starts a new instance once this one has quit; the emulation records the wish (a test starts the next one). */
  relaunch(options?: { args?: string[]; execPath?: string }): void {
    record({ type: 'relaunch', args: options?.args ?? [] });
  }

  focus(): void {}

  /**
   * Electron's dock exists on macOS only (undefined elsewhere); the emulation offers it so that the
   * code that hides it (electron/main.ts, the job sender) is covered. Hiding an icon nobody sees.
   */
  readonly dock = guarded('dock', { hide(): void {} });

  /** The emulated Chromium runs headless, without a GPU process to turn off. */
  disableHardwareAcceleration(): void {}

  /** Electron's order; a listener that prevents `before-quit` or `will-quit` keeps the app running. */
  private async quitting(): Promise<void> {
    let prevented = false;
    const event = { preventDefault: () => (prevented = true) };
    shared.appEvents.emit('before-quit', event);
    if (prevented) return;
    lifecycle.quitting = true;
    for (const window of openWindows()) window.close();
    // Closing is asynchronous; a window whose `close` was prevented stops the quit.
    await Promise.all(openWindows().map((w) => new Promise((resolve) => w.once('closed', resolve))));
    shared.appEvents.emit('will-quit', event);
    if (prevented) {
      lifecycle.quitting = false;
      return;
    }
    shared.appEvents.emit('quit', event, 0);
    await shutDown(0);
  }

  /** After the main module has run, as Electron emits `ready` after evaluating it. */
  async start(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    if (lifecycle.quitting || shuttingDown) return;
    const profile = join(this.getPath('userData'), 'EmulatedChromium');
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      viewport: null,
      args: [...CHROMIUM_ARGS, '--remote-debugging-port=0'],
    });
    shared.context = context;
    // Electron starts with no page: the persistent context's first blank one goes.
    for (const page of context.pages()) await page.close();
    await context.route('**/*', routeRequest);
    context.on('page', (page) => void closeStrayPage(page));
    const [port, path] = readFileSync(join(profile, 'DevToolsActivePort'), 'utf8').split('\n');
    record({ type: 'chromium', endpoint: `ws://127.0.0.1:${port}${path}` });
    // Chromium gone (killed): so is the app, as Electron's main process would be.
    context.on('close', () => void shutDown(shuttingDown ? 0 : 1));
    shared.ready = true;
    shared.appEvents.emit('session-created', session);
    record({ type: 'ready' });
    shared.appEvents.emit('will-finish-launching');
    shared.appEvents.emit('ready', {}, {});
    this.resolveReady();
  }
}

let shuttingDown = false;

async function shutDown(code: number): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  lock.release();
  await shared.context?.close().catch(() => undefined);
  record({ type: 'quit', code });
  process.exit(code);
}

const emulated = new EmulatedApp();

lifecycle.allWindowsClosed = () => {
  // Electron quits by itself when nobody listens for the last window closing.
  if (shared.appEvents.listenerCount('window-all-closed') > 0) shared.appEvents.emit('window-all-closed');
  else emulated.quit();
};

// Electron quits in order on SIGTERM and SIGINT (its shutdown detector calls the same quit).
process.on('SIGTERM', () => emulated.quit());
process.on('SIGINT', () => emulated.quit());

export const app = guarded('app', emulated);

/** Called once by the electron module. */
export function startApp(): void {
  emulated.start().catch((error: unknown) => {
    console.error('[desktop emulation] Chromium could not start', error);
    void shutDown(1);
  });
}
