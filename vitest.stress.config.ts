import { defineConfig } from 'vitest/config';
import { ALIASES } from './vite.config.js';
import { STRESS_TESTS, TIME_LIMITS } from './vitest.config.js';

/** `npm run test:stress`: the kill-loop tests alone (host/test/kill-loop.ts sets each one's limit). */
export default defineConfig({
  resolve: { alias: ALIASES },
  test: { include: STRESS_TESTS, ...TIME_LIMITS },
});
