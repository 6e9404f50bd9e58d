import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import renderer, { ALIASES } from './vite.config.js';

// electron-vite runs from the repository root; paths resolve from there.
const root = process.cwd();

export default defineConfig({
  main: {
    resolve: { alias: ALIASES },
    build: {
      rolldownOptions: {
        input: {
          index: resolve(root, 'electron/main.ts'),
          // The embedded sandbox renders media in worker threads (sandbox/media/media-pool.ts),
          // which load this entry by path from beside index.js: out/main/media-worker.js.
          'media-worker': resolve(root, 'sandbox/media/media-worker.ts'),
          // Tool schemas are compiled and checked off the loop (host/chat/schema-checker.ts),
          // by this entry loaded from beside index.js: out/main/schema-worker.js.
          'schema-worker': resolve(root, 'host/chat/schema-worker.ts'),
          // A PDF's text is read off the loop too (host/chat/pdf-text.ts): out/main/pdf-worker.js.
          'pdf-worker': resolve(root, 'host/chat/pdf-worker.ts'),
          // Jobs are POSTed by a process that outlives the host (host/tasks/sender/job-sender.ts),
          // run by Electron's binary as Node from beside index.js: out/main/job-sender.js.
          'job-sender': resolve(root, 'host/tasks/sender/sender-main.ts'),
        },
      },
    },
  },
  preload: {
    resolve: { alias: ALIASES },
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
  // The very build `vite build` makes (vite.config.ts: its CSP meta, minified, same chunks), so
  // the desktop app never runs a renderer the end-to-end tests did not.
  renderer: {
    ...renderer,
    root: resolve(root, 'renderer'),
    build: {
      ...renderer.build,
      // electron-vite leaves its builds unminified unless told; the renderer's size is its start-up.
      minify: true,
      outDir: resolve(root, 'out/renderer'),
      rolldownOptions: { ...renderer.build?.rolldownOptions, input: { index: resolve(root, 'renderer/index.html') } },
    },
  },
});
