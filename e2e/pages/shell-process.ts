/**
 * Starts, freezes and kills the studio's host as a process (e2e/support/shell-process.ts), for
 * tests of what a creator meets after a crash, a hang or a force-quit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface HostProcess {
  url: string;
  proc: ChildProcess;
  /** Freezes the host as a hung event loop would: it answers nothing until killed. */
  hang(): void;
  /** SIGKILL: nothing flushed, nothing cleaned up. */
  kill(): Promise<void>;
}

/** `port`: listen there (a restart on the address the page already has); any free port by default. */
export function startHost(dataDir: string, port = 0): Promise<HostProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'support', 'shell-process.ts'), dataDir, String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  let log = '';
  proc.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  return new Promise((resolve, reject) => {
    proc.once('exit', (code) => reject(new Error(`the studio exited (${code}) before it served:\n${log}`)));
    proc.stdout!.on('data', (d: Buffer) => {
      const url = /(http:\/\/\S+)/.exec(d.toString())?.[1];
      if (!url) return;
      resolve({
        url, proc,
        hang: () => proc.kill('SIGSTOP'),
        kill: async () => {
          proc.kill('SIGKILL');
          await exited;
        },
      });
    });
  });
}
