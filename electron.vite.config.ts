import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

// electron-vite runs from the repository root; paths resolve from there.
const root = process.cwd();

export default defineConfig({
  main: {
    build: { rolldownOptions: { input: { index: resolve(root, 'electron/main.ts') } } },
  },
  preload: {
    build: {
      // A sandboxed preload cannot require() from node_modules: bundle everything (zod, contract)
      // into one CommonJS file.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(root, 'electron/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    build: {
      outDir: resolve(root, 'out/renderer'),
      rolldownOptions: { input: { index: resolve(root, 'renderer/index.html') } },
    },
    plugins: [react()],
  },
});
