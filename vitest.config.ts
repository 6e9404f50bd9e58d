import { defineConfig } from 'vitest/config';
import { ALIASES, PREACT_ALIASES } from './vite.config.js';

/**
 * Kill-loop stress tests: each kills a writer child 50 times (0.8–1 s of process start each), so
 * they run on their own in `npm run test:stress` (vitest.stress.config.ts), not beside the unit
 * tests, whose files they slowed while they held both cores.
 */
export const STRESS_TESTS = ['host/**/*-kill.test.ts', 'electron/**/*-kill.test.ts', 'browser-shell/**/*-kill.test.ts'];

export const TIME_LIMITS = {
  // Media generation (WASM encoders) is CPU-heavy on these 2-core machines.
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  // The renderer's tests run on Preact, as the studio ships (vite.config.ts); the React bindings
  // (react-query, react-virtual, react-i18next, zustand) are inlined so that their `react` is
  // Preact too: Node would load React itself for them.
  resolve: { alias: [...PREACT_ALIASES, ...Object.entries(ALIASES).map(([find, replacement]) => ({ find, replacement }))] },
  test: {
    server: { deps: { inline: [/@tanstack[\\/]react-/, /react-i18next/, /zustand/] } },
    include: ['shared/**/*.test.ts', 'media/**/*.test.ts', 'sandbox/**/*.test.ts', 'host/**/*.test.ts', 'electron/**/*.test.ts', 'browser-shell/**/*.test.ts', 'scripts/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}', 'desktop-e2e/**/*.test.ts', 'e2e/support/**/*.test.ts', 'bench/lib/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...STRESS_TESTS],
    ...TIME_LIMITS,
  },
});
