/**
 * End-to-end tests drive Debian's Chromium against the browser shell and the sandbox gateway
 * (these machines cannot download Playwright's browsers: never run `npx playwright install`).
 * The renderer must be built first: `npm run test:e2e` runs `vite build` before the tests.
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/chromium-args.js';

const ci = !!process.env.CI;

export default defineConfig({
  testDir: 'e2e',
  // The *.test.ts files beside them are Vitest's (npm run test:unit).
  testMatch: '**/*.spec.ts',
  // Each worker runs its own shell, core and two sandboxes; 2-core machines fit at most two.
  workers: ci ? 1 : 2,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  forbidOnly: ci,
  use: {
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    trace: 'retain-on-failure',
  },
});
