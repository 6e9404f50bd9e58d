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
 */
import { availableParallelism, loadavg, setPriority } from 'node:os';
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

/** An informational row: the load average when the run began and the priority it ran at. */
export function conditionsRow(raised: boolean): Row {
  const [one] = loadavg();
  return {
    figure: 'machine: load average (1 min) at start, cores; benchmark priority',
    value: `${one.toFixed(1)}, ${availableParallelism()}; ${raised ? `nice ${NICE}` : 'normal'}`,
    budget: '—',
    ok: null,
  };
}
