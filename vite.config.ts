/**
 * Builds the renderer for both shells. `base: './'` keeps every asset URL relative, so the same
 * output loads from the app scheme in Electron (studio-app://bundle/, docs/packaging.md) and from
 * the browser shell's origin.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, normalizePath, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { CONTENT_SECURITY_POLICY } from './shared/csp.js';
import { bootFrameHtml } from './renderer/src/app/boot-frame.js';

/**
 * The built page carries the CSP itself too, so the policy holds even where no header is sent
 * (both shells send one). `frame-ancestors` only works as a header, so the meta copy leaves it out.
 * Dev builds skip it: the dev server injects an inline preamble the policy would block.
 */
/**
 * The path aliases of tsconfig.json (`@shared/…` instead of `../../../shared/…`), for every Vite
 * build and for Vitest; tsx and Playwright read them from tsconfig.json itself.
 */
const at = (dir: string) => fileURLToPath(new URL(dir, import.meta.url));
export const ALIASES = {
  '@shared': at('./shared'),
  '@host': at('./host'),
  '@sandbox': at('./sandbox'),
  '@renderer': at('./renderer/src'),
  '@media': at('./media'),
};

/**
 * The studio renders with Preact's React-compatible layer: the code is written against React's
 * API (and typed by @types/react), but React DOM's 200 kB were most of the first file, and the
 * page became interactive 16 % sooner without them (docs/performance-findings.md, "Start-up:
 * Preact in React's place"). Vitest takes the same aliases, so the unit tests run what ships.
 */
export const PREACT_ALIASES = [
  // Preact's createRoot, with React's autoFocus (renderer/src/app/preact-root.ts).
  { find: /^react-dom\/client$/, replacement: at('./renderer/src/app/preact-root.ts') },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // react-i18next's fallback for React before 18, a CommonJS file that would require React itself.
  { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
];

/** Whether a build's root is the studio's page (not bench/startup.ts's minimal React page). */
const isStudio = (root: string | undefined) => normalizePath(resolve(root ?? '.')) === normalizePath(at('./renderer'));

/**
 * Preact for the studio's page only: the minimal React page of bench/startup.ts, built with this
 * config too, stays the plain Vite + React page the studio's start-up is measured against.
 */
function preactForTheStudio(): Plugin {
  return {
    name: 'studio-preact',
    config: (config) => (isStudio(config.root) ? { resolve: { alias: PREACT_ALIASES } } : undefined),
  };
}

function cspMeta(): Plugin {
  const policy = CONTENT_SECURITY_POLICY.split('; ').filter((d) => !d.startsWith('frame-ancestors')).join('; ');
  return {
    name: 'studio-csp-meta',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: policy }, injectTo: 'head-prepend' }],
  };
}

/**
 * The app's static frame inside `#root` (renderer/src/app/boot-frame.ts): painted from HTML and the
 * entry's CSS before any script runs (docs/performance-findings.md, "First paint").
 */
function bootFrame(): Plugin {
  let studio = true;
  return {
    name: 'studio-boot-frame',
    // Only the studio's page: the minimal React page of bench/startup.ts is built with this config
    // too, and with the frame it painted unstyled HTML before its script ran, which made its
    // first contentful paint no React page's (docs/performance-findings.md, "The baseline's frame").
    configResolved: (config) => {
      studio = isStudio(config.root);
    },
    transformIndexHtml: (html) => (studio ? html.replace('<div id="root"></div>', `<div id="root">${bootFrameHtml()}</div>`) : html),
  };
}

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react(), preactForTheStudio(), cspMeta(), bootFrame()],
  resolve: { alias: ALIASES },
  build: {
    outDir: '../out/renderer',
    emptyOutDir: true,
    // Our CSP forbids data: scripts and fonts; keep every asset a real file.
    assetsInlineLimit: 0,
    // Chromium (Electron and the headless test browser) supports modulepreload natively,
    // so the polyfill would be dead weight in the first-load bundle.
    modulePreload: { polyfill: false },
    reportCompressedSize: true,
    // Minified kB (React DOM alone is ~180, i18next ~45); the aim that matters is first-load gzip
    // < 200 kB (bench/bundle.ts).
    chunkSizeWarningLimit: 450,
    // Everything the first screen needs in the entry file itself (`$initial`: imported statically
    // from it), rather than spread over the shared chunks Rolldown cuts by default: one request
    // instead of four at start-up, where each extra one waited on a connection of its own in the
    // browser shell. Start-up ratio 1.62–1.66 → 1.42–1.43 (bench/startup.ts, 30 runs each).
    // Likewise the open conversation's pane with everything it imports (a returning user's first
    // screen waits for it): one request, not some twenty small shared chunks queued on the browser
    // shell's few connections ahead of the Markdown chunk (docs/performance-findings.md,
    // "Start-up: the returning user's code").
    rolldownOptions: { output: { codeSplitting: { groups: [
      { name: 'first', tags: ['$initial'], priority: 2 },
      { name: 'conversation-pane', test: /features[\\/]chat[\\/]ui[\\/]conversation-pane\.tsx$/, priority: 1 },
    ] } } },
  },
});
