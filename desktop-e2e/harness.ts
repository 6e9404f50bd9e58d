/**
 * The test side of the desktop harness (docs/desktop-harness.md): starts the built main process
 * (`out/main/index.js`) in Node with the emulated `electron`, reads what the emulation records,
 * and connects to its Chromium, so a test drives the very window the app opened.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { chromium, type Browser, type Page } from '@playwright/test';
import type { EmulationRecord } from './emulation/records.js';

/** Where the emulation serves `studio-app://bundle/` (emulation/scheme-map.ts). */
export const APP_PAGE = 'https://bundle.studio-app.invalid/';

export interface DesktopOptions {
  /** The studio's data folder (GATEWAY_STUDIO_DATA_DIR): the same one again is a restart. */
  dataDir: string;
  /** The emulation's own folder: the keyring, downloads. */
  emulationDir: string;
  /** The main bundle to run: another one tests a broken build. */
  main?: string;
  env?: Record<string, string>;
}

export class DesktopApp {
  readonly records: EmulationRecord[] = [];
  readonly output: string[] = [];
  readonly exited: Promise<number | null>;
  private waiters: { test: (r: EmulationRecord) => boolean; resolve: (r: EmulationRecord) => void }[] = [];
  private browser?: Browser;

  /** False under real Electron (REAL_ELECTRON): no records, the app's own scheme in the window. */
  readonly emulated = !REAL_ELECTRON;

  constructor(readonly child: ChildProcess, private readonly dataDir: string) {
    createInterface({ input: child.stdio[3] as Readable }).on('line', (line) => {
      const entry = JSON.parse(line) as EmulationRecord;
      this.records.push(entry);
      this.waiters = this.waiters.filter((w) => !(w.test(entry) && (w.resolve(entry), true)));
    });
    for (const stream of [child.stdout!, child.stderr!]) createInterface({ input: stream }).on('line', (line) => this.output.push(line));
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  /** The first record (already seen or still to come) that passes `test`; rejects if the app exits first. */
  waitFor<T extends EmulationRecord['type']>(type: T, test: (r: Extract<EmulationRecord, { type: T }>) => boolean = () => true): Promise<Extract<EmulationRecord, { type: T }>> {
    const pass = (r: EmulationRecord) => r.type === type && test(r as Extract<EmulationRecord, { type: T }>);
    const seen = this.records.find(pass);
    if (seen) return Promise.resolve(seen as Extract<EmulationRecord, { type: T }>);
    return Promise.race([
      new Promise<Extract<EmulationRecord, { type: T }>>((resolve) => this.waiters.push({ test: pass, resolve: resolve as (r: EmulationRecord) => void })),
      this.exited.then((code) => {
        throw new Error(`The app exited (${code}) before a ${type} record.\n${this.output.slice(-30).join('\n')}`);
      }),
    ]);
  }

  of<T extends EmulationRecord['type']>(type: T): Extract<EmulationRecord, { type: T }>[] {
    return this.records.filter((r) => r.type === type) as Extract<EmulationRecord, { type: T }>[];
  }

  /** The app's window, once it has loaded: the page a user sees. */
  async window(): Promise<Page> {
    this.browser ??= await connect(await this.endpoint());
    if (this.emulated) await this.waitFor('window', (r) => r.action === 'load');
    const appPage = this.emulated ? APP_PAGE : 'studio-app://bundle/';
    // This connection learns of the page, and of its URL, a moment after the app's own.
    const context = this.browser.contexts()[0];
    const isApp = (url: string) => url.startsWith(appPage);
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const page = context.pages().find((p) => isApp(p.url()));
      if (page) return page;
      await Promise.race([
        context.waitForEvent('page', { timeout: 1_000 }).catch(() => undefined),
        ...context.pages().map((p) => p.waitForURL((u) => isApp(u.href), { timeout: 1_000 }).catch(() => undefined)),
      ]);
    }
    throw new Error('The app loaded a window, but no page shows the app');
  }

  /** Chromium's DevTools endpoint: recorded by the emulation; written to the user-data folder by Electron. */
  private async endpoint(): Promise<string> {
    if (this.emulated) return (await this.waitFor('chromium')).endpoint;
    const file = join(this.dataDir, 'DevToolsActivePort');
    const deadline = Date.now() + 30_000;
    while (!existsSync(file) || readFileSync(file, 'utf8').split('\n').length < 2) {
      if (Date.now() > deadline || this.child.exitCode !== null) throw new Error(`Electron did not open its DevTools endpoint.\n${this.output.slice(-30).join('\n')}`);
      await delay(50);
    }
    const [port, path] = readFileSync(file, 'utf8').split('\n');
    return `ws://127.0.0.1:${port}${path}`;
  }

  /** As a user closing the last window: on Linux the app then quits. */
  async closeWindow(): Promise<number | null> {
    const page = await this.window();
    await page.close({ runBeforeUnload: true });
    return this.exited;
  }

  /**
   * Stops the app as a system shutdown does (SIGTERM: Electron quits in order, closing Chromium,
   * which otherwise goes on writing its profile after the main process died); SIGKILL if it has not
   * exited within a while.
   */
  async kill(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGTERM');
      const timer = new AbortController();
      const late = delay(30_000, 'late', { signal: timer.signal }).catch(() => undefined);
      if ((await Promise.race([this.exited, late])) === 'late') this.child.kill('SIGKILL');
      timer.abort();
    }
    await this.exited;
    try {
      await this.stopChromium();
    } finally {
      // This test's connection goes with the app: the runner must not find it in the next test.
      await this.browser?.close().catch(() => undefined);
    }
  }

  /** Chromium left behind by a main process that died without closing it. */
  private async stopChromium(): Promise<void> {
    const chromium = this.of('chromium')[0];
    if (this.emulated && (!chromium || this.of('quit').length)) return;
    if (chromium) this.browser ??= await connect(chromium.endpoint).catch(() => undefined);
    const browser = this.browser;
    if (!browser) return;
    const gone = new Promise<void>((resolve) => (browser.isConnected() ? browser.once('disconnected', () => resolve()) : resolve()));
    try {
      await (await browser.newBrowserCDPSession()).send('Browser.close');
    } catch {
      // Already going: its main process is dead.
    }
    await gone;
  }
}

const connect = (endpoint: string) => chromium.connectOverCDP(endpoint);

/**
 * Real Electron instead of the emulation (DESKTOP_ELECTRON=1, where the binary is installed): the
 * same built bundles, the window reached through Electron's own DevTools endpoint, which it
 * announces in the user-data folder. The emulation's records do not exist there.
 */
export const REAL_ELECTRON = process.env.DESKTOP_ELECTRON === '1';

export function startDesktop(options: DesktopOptions): DesktopApp {
  const { ELECTRON_RENDERER_URL: _dev, ...env } = process.env;
  const main = options.main ?? 'out/main/index.js';
  const [command, args] = REAL_ELECTRON
    ? [electronBinary(), ['--remote-debugging-port=0', main]]
    : [process.execPath, ['--import', 'tsx', '--import', './desktop-e2e/emulation/register.mjs', main]];
  const child = spawn(command, args, {
    cwd: process.cwd(),
    env: { ...env, ...options.env, GATEWAY_STUDIO_DATA_DIR: options.dataDir, STUDIO_EMULATION_DIR: options.emulationDir, STUDIO_EMULATION_FD: '3' },
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  });
  return new DesktopApp(child, options.dataDir);
}

function electronBinary(): string {
  // The `electron` package's main export is the binary's path (it throws when the binary is absent).
  return createRequire(import.meta.url)('electron') as string;
}
