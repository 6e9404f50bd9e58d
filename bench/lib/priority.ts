/**
 * Wall-clock figures (start-up, long tasks while scrolling, index open) are meant for the studio
 * alone on a 2-core machine, but these machines are shared: other test runs can keep both cores
 * busy, and then a 10 ms task waits behind them and is reported as a 100 ms one. Scenarios that
 * time things call `raisePriority()` first: the scenario, and everything it starts afterwards
 * (the shell child, Chromium's browser and GPU processes) runs at nice -10. Chromium sets its
 * renderers' priority itself (a foreground page runs at normal priority), so the pages' main
 * threads still share the cores: figures that could be stretched by that say so, or come with a
 * CPU-time view. Both sides of a comparison are treated alike. Without the privilege the run
 * goes on at normal priority, and the table says which it was, with the machine's load.
 *
 * The studio's host (the browser shell) is the exception: it is put back at normal priority, the
 * priority of the page's main thread, as the app's two processes run. Left at -10 it was given
 * about nine times the page's share of a core they both wanted (CFS weights 9548 to 1024), which
 * no user's machine does: a reply streamed into the chat view was measured with the page waiting
 * behind the host, and the stream without rendering was not.
 */
import { readdirSync } from 'node:fs';
import { availableParallelism, getPriority, loadavg, setPriority } from 'node:os';
import type { Row } from './child.js';

const NICE = -10;

export function raisePriority(): boolean {
  try {
    setPriority(NICE);
    return true;
  } catch {
    return false;
  }
}

/**
 * Sets every thread of process `pid` to normal priority (nice 0) when this process runs raised;
 * threads it starts later inherit that. Linux only (a thread's priority is its own there).
 */
export function atPagePriority(pid: number): void {
  if (getPriority() >= 0) return;
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return;
  }
  for (const tid of threads) {
    try {
      setPriority(Number(tid), 0);
    } catch {
      // A thread that has just ended.
    }
  }
}

/**
 * Milliseconds to fill 100 MB the process never touched (best of 3): what a page fault costs on
 * this machine right now. These machines are virtual, and their memory's first touch varied by
 * several times from one day to the next (docs/performance-findings.md, "Fresh memory"): everything that
 * allocates (an index read, a conversation parsed) ran slower with the same code.
 */
export function freshMemoryMs(): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    Buffer.alloc(100 * 2 ** 20, 1);
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

/** An informational row: the load average when the run began, the priority it ran at and fresh memory's cost. */
export function conditionsRow(raised: boolean): Row {
  const [one] = loadavg();
  return {
    figure: 'machine: load average (1 min) at start, cores; benchmark priority; 100 MB of fresh memory filled (ms)',
    value: `${one.toFixed(1)}, ${availableParallelism()}; ${raised ? `nice ${NICE}` : 'normal'}; ${freshMemoryMs().toFixed(0)}`,
    budget: '—',
    ok: null,
  };
}
