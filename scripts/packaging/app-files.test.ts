/**
 * What goes into the packaged app, decided by electron-builder's own matchers against the paths
 * the build writes (read from the build configs, since no build need have run) and the files
 * the main process loads from node_modules (read from the sources).
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, posix, relative, resolve } from 'node:path';
import electronViteConfig from '../../electron.vite.config.js';
import viteConfig from '../../vite.config.js';
import { loadBuilderConfig, ROOT } from './builder-config.js';
import { dependencyDirs, fileClosure, packageName, packageSpecifiersOf, resolveAsMainProcess } from './main-process-modules.js';
import { projectPath, shippedFiles } from './shipped-files.js';

const config = loadBuilderConfig();
const shipped = shippedFiles(config);
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { main: string; dependencies: Record<string, string> };

interface ProcessBuild {
  build?: { outDir?: string; rolldownOptions?: { input?: Record<string, string>; output?: { entryFileNames?: string } } };
}
const electronVite = electronViteConfig as { main: ProcessBuild; preload: ProcessBuild; renderer: ProcessBuild };
const asProject = (absolute: string) => projectPath(resolve(ROOT, absolute));

// electron-vite's own defaults where our config names none (its main and preload presets).
const MAIN_OUT = asProject(electronVite.main.build?.outDir ?? 'out/main');
const PRELOAD_OUT = asProject(electronVite.preload.build?.outDir ?? 'out/preload');
const RENDERER_OUT = asProject(electronVite.renderer.build?.outDir ?? 'out/renderer');

function entryFiles(outDir: string, build: ProcessBuild, defaultPattern: string): string[] {
  const pattern = build.build?.rolldownOptions?.output?.entryFileNames ?? defaultPattern;
  return Object.keys(build.build?.rolldownOptions?.input ?? {}).map((name) => `${outDir}/${pattern.replace('[name]', name)}`);
}

describe('the app files electron-vite builds', () => {
  const mainEntries = entryFiles(MAIN_OUT, electronVite.main, '[name].js');
  const preloadEntries = entryFiles(PRELOAD_OUT, electronVite.preload, '[name].js');

  it('package.json "main" is the main process entry electron-vite writes, and it ships', () => {
    expect(mainEntries).toContain(posix.normalize(packageJson.main));
    expect(shipped.isShipped(posix.normalize(packageJson.main))).toBe(true);
  });

  it('ships every entry and chunk of main and preload, and the renderer page with its assets', () => {
    const outputs = [
      ...mainEntries,
      `${MAIN_OUT}/chunks/chunk-1a2b3c4d.js`,
      ...preloadEntries,
      `${RENDERER_OUT}/index.html`,
      `${RENDERER_OUT}/assets/index-1a2b3c4d.js`,
      `${RENDERER_OUT}/assets/index-1a2b3c4d.css`,
      `${RENDERER_OUT}/assets/font-1a2b3c4d.woff2`,
    ];
    expect(outputs.filter((path) => !shipped.isShipped(path))).toEqual([]);
  });

  it('main.ts finds the preload and the renderer folder (served on the app scheme) where they are built', () => {
    const main = readFileSync(join(ROOT, 'electron/main.ts'), 'utf8');
    const referenced = [...main.matchAll(/here\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => posix.join(MAIN_OUT, m[1]));
    expect(referenced.sort()).toEqual([...preloadEntries, RENDERER_OUT].sort());
  });

  it('the browser shell\'s renderer build (vite.config.ts) writes the same folder the desktop loads', () => {
    const viteRoot = resolve(ROOT, viteConfig.root ?? '.');
    expect(asProject(resolve(viteRoot, viteConfig.build?.outDir ?? 'dist'))).toBe(RENDERER_OUT);
  });

  it('ships no sources, source maps, tests or build resources', () => {
    const leaks = ['electron/main.ts', 'host/index.ts', 'sandbox/server.ts', 'renderer/index.html', 'shared/csp.ts',
      `${MAIN_OUT}/index.js.map`, 'scripts/packaging.test.ts', 'build/icon.png', 'electron-builder.yml', 'node_modules/zod/index.js.map'];
    expect(leaks.filter((path) => shipped.isShipped(path))).toEqual([]);
  });
});

/**
 * Worker threads run in the main process too, from entries no import leads to: media-pool.ts
 * starts the sandbox's media worker (speech, with eSpeak NG and the FFmpeg WASM build) by path,
 * schema-checker.ts the tool-schema worker (Ajv with re2js). The job sender is a process of its
 * own: beside index.js under `electron .`, and the packaged app's own main process started in
 * sender mode, which loads the same module (host/tasks/sender/job-sender.ts).
 */
const WORKER_ENTRIES = ['sandbox/media/media-worker.ts', 'host/chat/schema-worker.ts', 'host/tasks/sender/sender-main.ts'].map((file) => join(ROOT, file)).filter((file) => existsSync(file));

describe('the packages the main process loads', () => {
  const specifiers = packageSpecifiersOf(join(ROOT, 'electron/main.ts'), ...WORKER_ENTRIES);
  const files = resolveAsMainProcess(ROOT, specifiers);

  it('are all runtime dependencies: electron-vite leaves exactly those out of the bundle', () => {
    const names = [...specifiers.loaded, ...specifiers.resolved].map(packageName);
    expect(names.filter((name) => !(name in packageJson.dependencies))).toEqual([]);
    // The sandbox's speech: if these go missing, the reading broke. The database driver is handed
    // by path to the worker that checks the database at start (host/db/quick-check.ts).
    expect(specifiers.resolved).toEqual(new Set(['@ffmpeg/core', '@ffmpeg/core/wasm', 'espeak-ng/dist/espeak-ng.wasm', 'better-sqlite3']));
    // The library's thumbnails (host/library/thumbnail.ts, media/ffmpeg-process.ts).
    expect([...specifiers.loaded]).toEqual(expect.arrayContaining(['sharp', '@ffmpeg-installer/ffmpeg']));
  });

  it('ship with every file their entry points reach, and every package they depend on', () => {
    const missing: string[] = [];
    const packages = new Set<string>();
    for (const spec of specifiers.loaded) {
      const closure = fileClosure(files.get(spec)!);
      for (const file of closure.files) if (!shipped.isShipped(projectPath(file))) missing.push(projectPath(file));
      packages.add(packageName(spec));
      for (const name of closure.packages) packages.add(name);
    }
    for (const dir of dependencyDirs(packages, ROOT).keys()) {
      const manifest = projectPath(join(dir, 'package.json'));
      if (!shipped.isShipped(manifest)) missing.push(manifest);
    }
    expect(missing).toEqual([]);
  });

  it('ship the files read by path (WASM, ffmpeg-core.js) inside app.asar, under its integrity check', () => {
    for (const spec of specifiers.resolved) {
      const path = projectPath(files.get(spec)!);
      // The database driver's JavaScript is unpacked beside its addon (the test below), so a
      // worker thread loads it from the real file system, needing no asar support.
      const unpacked = spec === 'better-sqlite3';
      expect({ path, shipped: shipped.isShipped(path), unpacked: shipped.isUnpacked(path) }).toEqual({ path, shipped: true, unpacked });
    }
  });

  it('ship native code unpacked beside app.asar, where the OS can load and execute it', () => {
    // What npm installed for this platform: sharp's addon, libvips, and the ffmpeg for posters.
    const img = join(ROOT, 'node_modules/@img');
    const native = readdirSync(img, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(node|dll|dylib|so(\.\d+)*)$/.test(file))
      .map((file) => projectPath(join(img, file)));
    expect(native.some((file) => file.endsWith('.node'))).toBe(true);
    expect(native.some((file) => /libvips/.test(file))).toBe(true);
    const ffmpeg = (createRequire(join(ROOT, 'package.json'))('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    for (const path of [...native, projectPath(ffmpeg)]) {
      expect({ path, shipped: shipped.isShipped(path), unpacked: shipped.isUnpacked(path) }).toEqual({ path, shipped: true, unpacked: true });
    }
    // sharp's loader resolves its addon from its own folder, so its JavaScript is unpacked with it.
    expect(shipped.isUnpacked('node_modules/sharp/dist/sharp.mjs')).toBe(true);
  });

  it('ship the database driver\'s addon unpacked, with its loader, and none of its build sources', () => {
    expect(specifiers.loaded).toContain('better-sqlite3');
    for (const path of ['node_modules/better-sqlite3/build/Release/better_sqlite3.node', 'node_modules/better-sqlite3/lib/database.js', 'node_modules/bindings/bindings.js']) {
      expect({ path, shipped: shipped.isShipped(path) }).toEqual({ path, shipped: true });
    }
    expect(shipped.isUnpacked('node_modules/better-sqlite3/build/Release/better_sqlite3.node')).toBe(true);
    expect(shipped.isUnpacked('node_modules/better-sqlite3/lib/database.js')).toBe(true);
    for (const path of ['node_modules/better-sqlite3/deps/sqlite3/sqlite3.c', 'node_modules/better-sqlite3/src/better_sqlite3.cpp', 'node_modules/better-sqlite3/build/Release/sqlite3.a', 'node_modules/better-sqlite3/build/Release/test_extension.node', 'node_modules/better-sqlite3/build/Release/obj.target/better_sqlite3/src/better_sqlite3.o']) {
      expect({ path, shipped: shipped.isShipped(path) }).toEqual({ path, shipped: false });
    }
  });

  it('leave out what only the renderer bundle or another module format uses', () => {
    const resolvedFrom = (spec: string) => relative(ROOT, dirname(files.get(spec)!));
    // The exclusions must really apply: a pattern typo would silently ship tens of megabytes.
    const unneeded = ['node_modules/preact/package.json', 'node_modules/react-dom/package.json', 'node_modules/highlight.js/package.json', 'node_modules/@ffmpeg/core/dist/esm/ffmpeg-core.wasm', 'node_modules/gpt-tokenizer/cjs/main.js', 'node_modules/pdfjs-dist/build/pdf.mjs', 'node_modules/pdfjs-dist/web/pdf_viewer.mjs', 'node_modules/@napi-rs/canvas/package.json'];
    expect(unneeded.filter((path) => shipped.isShipped(path))).toEqual([]);
    // …and they must not be what the main process loads.
    expect([resolvedFrom('@ffmpeg/core/wasm'), resolvedFrom('gpt-tokenizer')]).toEqual(['node_modules/@ffmpeg/core/dist/umd', 'node_modules/gpt-tokenizer/esm']);
  });
});
