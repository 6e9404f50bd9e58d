/**
 * The `studio` fixture: a browser shell on an isolated temp data dir (with its embedded sandbox)
 * plus a second sandbox standing in for a "real gateway" that profiles point at. It builds
 * nothing: `out/renderer/index.html` must exist (`npm run test:e2e` runs `vite build` first).
 */
import { test as base, expect, type BrowserContext } from '@playwright/test';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBrowserShell } from '../browser-shell/main.js';
import { RENDERER_DIR } from './support/renderer-dir.js';
import { startSandbox } from '@sandbox/server.js';

/** The spec's polling cadence (§4.9) sped up 20 times, matching the embedded sandbox's clock. */
export const FAST_CADENCE = {
  firstCheckMs: 100,
  image: { minIntervalMs: 100, maxIntervalMs: 250, maxWaitMs: 15_000 },
  video: { minIntervalMs: 250, maxIntervalMs: 500, maxWaitMs: 90_000 },
};

export interface Studio {
  /** A fresh one-time sign-in link at each read (carries its token; `page.goto` it first). */
  readonly url: string;
  /** The embedded offline sandbox the "Offline sandbox" profile uses. */
  sandboxUrl: string;
  /** A separate sandbox to add as a gateway profile (keys `sk-sandbox-…`). */
  gatewayUrl: string;
  dataDir: string;
  /** The code the shell last printed to its terminal (its log) for moving the library to `folder`. */
  moveCode(folder: string): string | undefined;
  /** The code the shell last printed to its terminal for starting the MCP server named `server`. */
  commandCode(server: string): string | undefined;
  /** Moves the shell's session clock on (browser-shell/session.ts): idle and closed tabs' sessions end without a wait. */
  advanceSessionClock(ms: number): void;
}

/**
 * Whether the page meets the first-run welcome. Off by default: every test starts from fresh
 * storage, and the welcome would greet each one; the first-run test turns it on.
 */
export interface StudioOptions {
  firstRun: boolean;
  /** Files (name → text) written into the fresh data folder before the studio starts: an older release's data, for one. */
  seedFiles: Record<string, string>;
}

export const test = base.extend<{ studio: Studio; context: BrowserContext } & StudioOptions>({
  firstRun: [false, { option: true }],
  seedFiles: [{}, { option: true }],
  context: async ({ context, firstRun }, use) => {
    // What Welcome.tsx stores once the creator has seen it (renderer/src/state/draft-storage.ts prefix).
    if (!firstRun) await context.addInitScript({ content: "localStorage.setItem('gateway-studio:welcome', '{\"seen\":true}')" });
    await use(context);
  },
  // Test-scoped: every test starts from a fresh data dir, so profiles and keys never leak between tests.
  studio: async ({ seedFiles }, use) => {
    if (!existsSync(join(RENDERER_DIR, 'index.html'))) {
      throw new Error('The renderer is not built: run `npx vite build` (or `npm run test:e2e`) first.');
    }
    const dataDir = mkdtempSync(join(tmpdir(), 'studio-e2e-'));
    for (const [name, text] of Object.entries(seedFiles)) writeFileSync(join(dataDir, name), text, { mode: 0o600 });
    // Fast clocks and no stream pacing keep tests quick without fixed sleeps.
    const gateway = await startSandbox({ port: 0, speed: 100, streamPaceMs: 0 });
    // The shell's log is its terminal: the codes that confirm a library move are printed there.
    const log: string[] = [];
    let sessionSkew = 0;
    const shell = await startBrowserShell({ dataDir, port: 0, open: false, rendererDir: RENDERER_DIR, log: (line) => log.push(line), sandbox: { speed: 20, streamPaceMs: 0 }, cadence: FAST_CADENCE, sessionClock: () => Date.now() + sessionSkew }).catch(async (e) => {
      await gateway.close();
      throw e;
    });
    try {
      await use({
        // Links work once, and a test may sign in several tabs or sign in again after a reload.
        get url() {
          return shell.newLink();
        },
        sandboxUrl: shell.sandboxUrl ?? '',
        gatewayUrl: gateway.url,
        dataDir,
        moveCode: (folder) => log.filter((line) => line.includes(folder)).map((line) => /Settings: (\d{6})/.exec(line)?.[1]).findLast(Boolean),
        advanceSessionClock: (ms) => void (sessionSkew += ms),
        // The command's prompt is three lines: the server, its command line, then the code.
        commandCode: (server) => {
          const at = log.findLastIndex((line) => line.includes(`MCP server "${server}"`));
          return at < 0 ? undefined : log.slice(at, at + 3).map((line) => /Settings: (\d{6})/.exec(line)?.[1]).find(Boolean);
        },
      });
    } finally {
      await shell.close();
      await gateway.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
});

export { expect };
