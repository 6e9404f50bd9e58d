/**
 * Builds the renderer for both shells. `base: './'` keeps every asset URL relative, so the same
 * output loads from file:// (or a custom protocol) in Electron and from the browser shell's origin.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../out/renderer',
    emptyOutDir: true,
    // Our CSP forbids data: scripts and fonts; keep every asset a real file.
    assetsInlineLimit: 0,
    // Chromium (Electron and the headless test browser) supports modulepreload natively,
    // so the polyfill would be dead weight in the first-load bundle.
    modulePreload: { polyfill: false },
    reportCompressedSize: true,
    // Minified kB (React DOM alone is ~180); the aim that matters is first-load gzip < 200 kB.
    chunkSizeWarningLimit: 400,
  },
});
