import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'sandbox/**/*.test.ts', 'electron/**/*.test.ts', 'scripts/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}'],
    // Media generation (WASM encoders) is CPU-heavy on these 2-core machines.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
