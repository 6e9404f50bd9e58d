/**
 * Deliberately broken copies of the built app, to show the desktop journeys fail on them
 * (docs/desktop-harness.md, "Refusals"). Each is `out/` copied to
 * `out/broken-<kind>/` (beside the real one, so the main bundle still finds node_modules) with
 * one fault a build or a refactor could bring:
 * - `esm-preload`: the preload emitted as an ES module, which a sandboxed preload cannot be;
 * - `preload-requires-node`: the preload requiring a Node module, which a sandboxed one cannot;
 * - `missing-handler`: one contract method registered with no IPC handler;
 * - `wrong-preload-path`: the main process naming a preload file that is not there.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { ALIASES } from '../vite.config.js';

export type Fault = 'esm-preload' | 'preload-requires-node' | 'missing-handler' | 'wrong-preload-path';

/** A line of the built main bundle replaced, or an error if the build no longer has it (the test would prove nothing). */
function edit(file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} no longer contains ${JSON.stringify(from)}: update broken-build.ts`);
  writeFileSync(file, text.replace(from, to));
}

/** Builds the broken copy; returns the path of its main bundle. */
export async function brokenBuild(fault: Fault, method = 'profiles.list'): Promise<string> {
  const root = join(process.cwd(), 'out', `broken-${fault}`);
  rmSync(root, { recursive: true, force: true });
  for (const part of ['main', 'preload', 'renderer']) cpSync(join(process.cwd(), 'out', part), join(root, part), { recursive: true });
  const main = join(root, 'main', 'index.js');
  if (fault === 'esm-preload') {
    // The same preload source, bundled as an ES module under the name main gives it.
    await build({
      configFile: false,
      logLevel: 'silent',
      resolve: { alias: ALIASES },
      build: {
        outDir: join(root, 'preload'),
        emptyOutDir: true,
        minify: false,
        lib: { entry: join(process.cwd(), 'electron', 'preload.ts'), formats: ['es'], fileName: () => 'index.cjs' },
        rolldownOptions: { external: ['electron'] },
      },
    });
  } else if (fault === 'preload-requires-node') {
    edit(join(root, 'preload', 'index.cjs'), 'let electron = require("electron");', 'let electron = require("electron");\nconst fs = require("fs");');
  } else if (fault === 'missing-handler') {
    edit(main, 'for (const method of METHOD_NAMES) ipcMain.handle(ipcChannel(method),', `for (const method of METHOD_NAMES) if (method !== ${JSON.stringify(method)}) ipcMain.handle(ipcChannel(method),`);
  } else {
    edit(main, 'here("../preload/index.cjs")', 'here("../preload/preload.cjs")');
  }
  return main;
}
