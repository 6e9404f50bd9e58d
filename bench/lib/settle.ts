/**
 * Between two scenarios of `npm run bench`: the one before can leave the machine busy after it
 * exits (the kernel writing its hundreds of megabytes of files to disk, Chromium's processes
 * winding down), and the next one's figures then measure that, not the studio: start-up went
 * from 1.43 alone to 1.72 right after sandbox-throughput. So the files are flushed (`sync`) and
 * the run waits until the machine's CPU has been mostly idle for a second, or at most a minute.
 * Linux only (/proc/stat); elsewhere it returns at once.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Below this share of all cores busy, over one second, the machine counts as settled. */
const QUIET_SHARE = 0.25;
const MAX_WAIT_MS = 60_000;

/** Busy and total CPU ticks of the whole machine since boot. */
function ticks(): { busy: number; total: number } | undefined {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const total = cpu.slice(0, 8).reduce((a, b) => a + b, 0);
    // idle and iowait are the two ways of not running anything.
    return { busy: total - cpu[3] - (cpu[4] ?? 0), total };
  } catch {
    return undefined;
  }
}

export interface Settled {
  /** Seconds waited, the flush included. */
  seconds: number;
  /** The share of all cores busy in the last second measured (undefined off Linux). */
  busy?: number;
}

export async function settle(): Promise<Settled> {
  const start = performance.now();
  spawnSync('sync');
  let busy: number | undefined;
  for (;;) {
    const a = ticks();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const b = ticks();
    if (!a || !b || b.total === a.total) break;
    busy = (b.busy - a.busy) / (b.total - a.total);
    if (busy <= QUIET_SHARE || performance.now() - start > MAX_WAIT_MS) break;
  }
  return { seconds: (performance.now() - start) / 1000, busy };
}
