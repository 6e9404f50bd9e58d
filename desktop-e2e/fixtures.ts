/**
 * Each desktop journey gets fresh folders and a way to start the built app on them; whatever is
 * still running at the end is stopped. `restart()` starts the app again on the same folders.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { startDesktop, type DesktopApp, type DesktopOptions } from './harness.js';

export interface Desktop {
  dataDir: string;
  emulationDir: string;
  /** Starts the app (again) on this test's folders. */
  start(options?: Partial<DesktopOptions>): DesktopApp;
}

export const test = base.extend<{ desktop: Desktop }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
  desktop: async ({}, use) => {
    const root = mkdtempSync(join(tmpdir(), 'studio-desktop-'));
    const started: DesktopApp[] = [];
    const desktop: Desktop = {
      dataDir: join(root, 'data'),
      emulationDir: join(root, 'emulation'),
      start(options = {}) {
        // DESKTOP_MAIN runs the journeys on another build, such as a broken one (broken-build.ts).
        const app = startDesktop({ dataDir: desktop.dataDir, emulationDir: desktop.emulationDir, main: process.env.DESKTOP_MAIN, ...options });
        started.push(app);
        return app;
      },
    };
    await use(desktop);
    await Promise.all(started.map((app) => app.kill()));
    // Chromium's helper processes may still be closing files in its profile for a moment.
    rmSync(root, { recursive: true, force: true, maxRetries: 20, retryDelay: 50 });
  },
});

export { expect } from '@playwright/test';
