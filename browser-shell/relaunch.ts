/**
 * The browser shell's process started again with SHELL_ENV (node-flags.ts) when it was started
 * without it (`npm run shell`, `npm start`'s fallback, a service manager): the allocator's
 * settings cannot change once the process runs. The launcher waits, passes the signals it gets on
 * and exits as the studio did, so stopping it stops the studio.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { SHELL_ENV } from './node-flags.js';

/** True where the process lacks a setting that counts on this system (glibc: Linux). */
export function needsShellEnv(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): boolean {
  return platform === 'linux' && Object.keys(SHELL_ENV).some((name) => env[name] === undefined);
}

const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Runs `entry` with `args` in a new Node process with this one's flags (`--single-threaded-gc`,
 * `--import tsx`) and SHELL_ENV; resolves with its exit code (128 + the signal's number when a
 * signal ended it).
 */
export function runWithShellEnv(entry: string, args: string[]): Promise<number> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [...process.execArgv, entry, ...args], { env: { ...process.env, ...SHELL_ENV }, stdio: 'inherit' });
    // A terminal's Ctrl-C reaches the studio too, as one process group; the studio treats a
    // second interrupt within a second as the same press (main.ts).
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    for (const s of FORWARDED) process.on(s, forward);
    const finish = (code: number) => {
      for (const s of FORWARDED) process.off(s, forward);
      done(code);
    };
    child.once('error', () => finish(1));
    child.once('exit', (code, signal) => finish(code ?? 128 + (signal ? constants.signals[signal] : 0)));
  });
}

