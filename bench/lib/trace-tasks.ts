/**
 * The page's main-thread tasks from a Chromium trace, each with its wall time and its CPU time
 * (thread time). The Long Tasks API only sees wall time; on a busy shared machine a task that
 * computed for 10 ms but was descheduled for 50 ms is reported as a 60 ms one. Comparing both
 * tells the studio's own work from the machine's other load.
 *   await browser.startTracing(page, { categories: TASK_CATEGORIES });
 *   await page.evaluate(`performance.mark('from')`); … ; pageTasks(await browser.stopTracing(), 'from')
 */
export const TASK_CATEGORIES = ['toplevel', 'blink.user_timing'];

export interface TraceTask {
  /** ms after the mark */
  at: number;
  wallMs: number;
  cpuMs: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  cat?: string;
}

/** Top-level tasks of the thread that made `performance.mark(mark)`, from the mark on. */
export function pageTasks(trace: Buffer, mark: string): TraceTask[] {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const from = events.find((e) => e.name === mark && e.cat?.includes('blink.user_timing'));
  if (!from) throw new Error(`the trace has no mark "${mark}"`);
  const tasks = events
    .filter((e) => e.pid === from.pid && e.tid === from.tid && e.ph === 'X' && e.ts >= from.ts && e.name === 'ThreadControllerImpl::RunTask')
    .sort((a, b) => a.ts - b.ts);
  // Nested run loops (a sync call waiting) record tasks inside tasks; count the outer one only.
  const outer: TraceEvent[] = [];
  for (const t of tasks) {
    const last = outer[outer.length - 1];
    if (!last || t.ts >= last.ts + (last.dur ?? 0)) outer.push(t);
  }
  return outer.map((t) => ({ at: (t.ts - from.ts) / 1000, wallMs: (t.dur ?? 0) / 1000, cpuMs: (t.tdur ?? 0) / 1000 }));
}
