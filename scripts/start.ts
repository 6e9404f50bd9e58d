/**
 * `npm start`: the desktop app where Electron's binary is installed; otherwise one try of
 * Electron's own installer (it works wherever its downloads are reachable); otherwise the
 * browser shell, said in one line, with the page opened in a browser.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { needsShellEnv, runWithShellEnv } from '../browser-shell/relaunch.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const INSTALLER_TIMEOUT_MS = 60_000;

export const FALLBACK_LINE = 'Electron is not installed here; opening the studio in your browser instead.';

export interface RunOptions {
  /** Show the child's output (builds, the app) rather than swallowing it (the installer). */
  quiet?: boolean;
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
}

/** Everything with a side effect, injected so the decision can be tested without spawning. */
export interface StartDeps {
  /** The Electron binary's path, or undefined when it is not installed. */
  electronBinary(): string | undefined;
  exists(path: string): boolean;
  /** Runs a command to completion; resolves its exit code (non-zero on timeout or spawn error). */
  run(cmd: string, args: string[], options?: RunOptions): Promise<number>;
  startBrowserShell(): Promise<unknown>;
  log(line: string): void;
}

export type StartOutcome = 'electron' | 'browser';

export async function start(deps: StartDeps, root = ROOT): Promise<StartOutcome> {
  let binary = deps.electronBinary();
  if (!binary) {
    // The install script exits at once when told to skip; here we do want the download.
    const env = { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '' };
    await deps.run(process.execPath, [join(root, 'node_modules', 'electron', 'install.js')], { quiet: true, timeoutMs: INSTALLER_TIMEOUT_MS, env });
    binary = deps.electronBinary();
  }
  if (binary) {
    if (!deps.exists(join(root, 'out', 'main'))) await mustSucceed(deps, 'npx', ['electron-vite', 'build'], 'The desktop build failed.');
    const code = await deps.run(binary, ['.']);
    if (code !== 0) process.exitCode = code;
    return 'electron';
  }
  await ensureRenderer(deps, root);
  deps.log(FALLBACK_LINE);
  await deps.startBrowserShell();
  return 'browser';
}

/** The browser shell serves `out/renderer`: a fresh clone has none, and every page would answer 503. */
export async function ensureRenderer(deps: Pick<StartDeps, 'exists' | 'run'>, root = ROOT): Promise<void> {
  if (!deps.exists(join(root, 'out', 'renderer', 'index.html'))) {
    await mustSucceed(deps, 'npx', ['vite', 'build'], 'The renderer build failed.');
  }
}

async function mustSucceed(deps: Pick<StartDeps, 'run'>, cmd: string, args: string[], message: string) {
  const code = await deps.run(cmd, args);
  if (code !== 0) throw new Error(`${message} (${cmd} ${args.join(' ')} exited with ${code})`);
}

/** `require('electron')` is the binary's path; it throws, or names a missing file, without one. */
export function findElectronBinary(root = ROOT): string | undefined {
  const require = createRequire(join(root, 'package.json'));
  try {
    // The installer may have just written path.txt: resolve afresh, not from the module cache.
    delete require.cache[require.resolve('electron')];
    const path: unknown = require('electron');
    return typeof path === 'string' && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

export function runCommand(cmd: string, args: string[], options: RunOptions = {}): Promise<number> {
  return new Promise((done) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      env: options.env ?? process.env,
      stdio: options.quiet ? 'ignore' : 'inherit',
      // npx is npx.cmd on Windows, which only a shell can run.
      shell: process.platform === 'win32' && cmd === 'npx',
    });
    const timer = options.timeoutMs ? setTimeout(() => child.kill(), options.timeoutMs) : undefined;
    const finish = (code: number) => {
      if (timer) clearTimeout(timer);
      done(code);
    };
    child.on('error', () => finish(1));
    child.on('exit', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

const isEntryPoint = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);

if (isEntryPoint) {
  start({
    electronBinary: () => findElectronBinary(),
    exists: existsSync,
    run: runCommand,
    // In a process of its own where the allocator's settings must be set as it starts (relaunch.ts).
    startBrowserShell: async () => {
      if (!needsShellEnv()) return (await import('../browser-shell/main.js')).runBrowserShell({ open: true });
      process.exitCode = await runWithShellEnv(join(ROOT, 'browser-shell', 'main.ts'), []);
    },
    log: (line) => console.log(line),
  }).catch((e: unknown) => {
    console.error(`Gateway Studio could not start: ${(e as Error).message}`);
    process.exit(1);
  });
}
