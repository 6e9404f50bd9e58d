/**
 * Benchmarks keep the sandbox gateway in a child process, so its CPU and memory are never
 * counted as the studio's. `startChild` runs a TypeScript entry point with tsx and resolves once
 * it prints its URL (the first `http://…` on stdout).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SHELL_ENV, SHELL_NODE_FLAGS } from '../../browser-shell/node-flags.js';
import { atPagePriority } from './priority.js';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface Child {
  url: string;
  proc: ChildProcess;
  /** Lines the child printed (for errors). */
  output: string[];
  stop(): Promise<void>;
}

/**
 * The browser shell (bench/lib/serve-studio.ts), in a process started as `npm start` starts it
 * (its V8 flags and environment, browser-shell/node-flags.ts),
 * at the priority of the page's main thread (priority.ts says why).
 */
export async function startShell(args: string[], extraFlags: readonly string[] = []): Promise<Child> {
  // BENCH_SHELL_FLAGS adds node flags to the studio's process alone (e.g. `--cpu-prof`, which
  // NODE_OPTIONS refuses): how the host's long tasks are found (docs/performance.md).
  const asked = process.env.BENCH_SHELL_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  const shell = await startChild('bench/lib/serve-studio.ts', args, undefined, [...SHELL_NODE_FLAGS, ...extraFlags, ...asked], SHELL_ENV);
  atPagePriority(shell.proc.pid!);
  return shell;
}

export function startChild(entry: string, args: string[], timeoutMs = 60_000, nodeFlags: readonly string[] = [], env: Readonly<Record<string, string>> = {}): Promise<Child> {
  // `node --import tsx` is `npx tsx` without the npm wrapper process: one pid to stop.
  const proc = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', entry, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  const output: string[] = [];
  // SIGTERM first; the sandbox's clean close waits for its render queue, so SIGKILL after 2 s.
  const stop = () => new Promise<void>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    const hard = setTimeout(() => proc.kill('SIGKILL'), 2_000);
    proc.once('exit', () => {
      clearTimeout(hard);
      resolve();
    });
    proc.kill('SIGTERM');
  });
  // If the benchmark itself dies, the child goes with it.
  const orphan = () => proc.kill('SIGKILL');
  process.once('exit', orphan);
  proc.once('exit', () => process.off('exit', orphan));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${entry} printed no URL within ${timeoutMs} ms:\n${output.join('\n')}`));
    }, timeoutMs);
    let found = false;
    const onText = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line) continue;
        output.push(line);
        const url = /(http:\/\/[^\s/]+(?:\/\S*)?)/.exec(line)?.[1];
        if (url && !found) {
          found = true;
          clearTimeout(timer);
          resolve({ url: url.replace(/\/+$/, ''), proc, output, stop });
        }
      }
    };
    proc.stdout.on('data', onText);
    proc.stderr.on('data', (c: Buffer) => output.push(c.toString('utf8')));
    proc.once('exit', (code) => {
      if (found) return;
      clearTimeout(timer);
      reject(new Error(`${entry} exited (${code}) before printing a URL:\n${output.join('\n')}`));
    });
  });
}

/** `ok: null` is an informational figure (no budget): its verdict prints as —. */
export interface Row { figure: string; value: string; budget: string; ok: boolean | null }

/** The house table: figure | value | budget | verdict; exit code 1 when a budget is missed. */
export function report(rows: Row[]): void {
  console.log('| figure | value | budget | verdict |\n|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.figure} | ${r.value} | ${r.budget} | ${r.ok === null ? '—' : r.ok ? 'ok' : 'MISS'} |`);
  process.exitCode = rows.every((r) => r.ok !== false) ? 0 : 1;
}
