/**
 * `npm run shell`: the browser shell directly (no Electron attempt), its renderer built first when
 * a fresh clone has none, so the address it prints serves the studio and not a 503.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runWithShellEnv } from '../browser-shell/relaunch.js';
import { ensureRenderer, runCommand, type StartDeps } from './start.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export async function shell(deps: Pick<StartDeps, 'exists' | 'run' | 'startBrowserShell'>, root = ROOT): Promise<void> {
  await ensureRenderer(deps, root);
  await deps.startBrowserShell();
}

const isEntryPoint = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);

if (isEntryPoint) {
  const argv = process.argv.slice(2);
  shell({
    exists: existsSync,
    run: runCommand,
    // The shell's own entry point reads --port and --no-open, in a process with its allocator settings (relaunch.ts).
    startBrowserShell: async () => {
      process.exitCode = await runWithShellEnv(join(ROOT, 'browser-shell', 'main.ts'), argv);
    },
  }).catch((e: unknown) => {
    console.error(`Gateway Studio could not start: ${(e as Error).message}`);
    process.exit(1);
  });
}
