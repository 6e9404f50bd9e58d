/**
 * How long the host's event loop is held: a 1 ms timer's longest gap, and perf_hooks' delay
 * histogram beside it. The timer catches one synchronous block that starts right after the watch
 * does, around which the histogram may take no sample; the histogram catches what lies between
 * the timer's ticks.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** Starts watching; `stop()` answers the longest hold (ms) since. */
export function loopWatch(): { stop(): Promise<number> } {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  let last = performance.now();
  let gap = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    gap = Math.max(gap, now - last);
    last = now;
  }, 1);
  return {
    async stop() {
      // One more tick, so a hold that ends the work is measured too.
      await new Promise((resolve) => setTimeout(resolve, 5));
      clearInterval(timer);
      histogram.disable();
      return Math.max(histogram.max / 1e6, gap, performance.now() - last);
    },
  };
}

/** Runs `work` under a watch: its longest hold of the loop, its time, and its answer. */
export async function longestHold<T>(work: () => T | Promise<T>): Promise<{ holdMs: number; totalMs: number; value: T }> {
  const watch = loopWatch();
  const start = performance.now();
  const value = await work();
  const totalMs = performance.now() - start;
  return { holdMs: await watch.stop(), totalMs, value };
}
