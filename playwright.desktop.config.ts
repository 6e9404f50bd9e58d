/**
 * The desktop app's journeys (desktop-e2e/, docs/desktop-harness.md): the built main process runs
 * in Node with an emulated Electron whose windows are Debian's Chromium. `npm run test:desktop`
 * builds the app first. With DESKTOP_ELECTRON=1 and the Electron binary installed, the same
 * journeys run against real Electron instead (desktop-e2e/desktop-app.ts).
 */
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'desktop-e2e',
  // The *.test.ts files beside them are Vitest's (npm run test:unit).
  testMatch: '**/*.spec.ts',
  // Each test runs a whole app (main process, sandbox gateway, Chromium): one at a time on 2 cores.
  workers: 1,
  retries: 0,
  reporter: 'list',
  timeout: 90_000,
  forbidOnly: !!process.env.CI,
  // Broken builds and refusals are read from the emulation's records, which real Electron has not.
  testIgnore: process.env.DESKTOP_ELECTRON === '1' ? ['broken-builds.spec.ts', 'refusals.spec.ts'] : [],
  use: { trace: 'retain-on-failure' },
});
