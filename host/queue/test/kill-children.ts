/**
 * The test side of a kill loop over studio children (queue-kill.test.ts, batch-kill.test.ts):
 * each child is run until it has printed a given number of job changes, then SIGKILLed; the
 * sender processes they report (`sender <pid>`) are remembered, so none outlives a failed test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { pidAlive } from '../../tasks/sender/handoff-table.js';
import { onLines } from './child-lines.js';

export class KillChildren {
  private readonly live = new Set<ChildProcess>();
  /** Every sender process a child started. */
  readonly senders = new Set<number>();

  /**
   * Runs `script` with `args` until it has printed `killAfter` lines `change …`, then SIGKILLs it
   * (or, with no limit, until it exits). Resolves with the lines it printed.
   */
  run(script: string, args: string[], killAfter?: number): Promise<string[]> {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    this.live.add(child);
    const lines: string[] = [];
    let changes = 0;
    onLines(child.stdout!, (line) => {
      lines.push(line);
      if (line.startsWith('sender ')) this.senders.add(Number(line.slice(7)));
      if (line.startsWith('change ')) changes += 1;
      if (killAfter !== undefined && changes >= killAfter && !child.killed) child.kill('SIGKILL');
    });
    return new Promise((resolve) => child.once('close', () => {
      this.live.delete(child);
      resolve(lines);
    }));
  }

  /** The senders still running (none should be once their studios are gone). */
  sendersAlive(): number[] {
    return [...this.senders].filter(pidAlive);
  }

  /** Kills what a failed or timed-out test left running. */
  killAll(): void {
    for (const c of this.live) c.kill('SIGKILL');
    for (const pid of this.sendersAlive()) process.kill(pid, 'SIGKILL');
  }
}
