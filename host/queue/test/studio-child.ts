/**
 * What the kill tests' studio children (queue-child.ts, batches/test/batch-child.ts) share: the
 * states a job's life ends in, and the watchdog that holds a child open until it settles.
 */
import type { JobRecord } from '../../tasks/job-record.js';

/** A job in one of these has ended; a child settles once every job has. */
export const OVER: readonly JobRecord['state'][] = ['saved', 'failed', 'unknown', 'attention', 'expired', 'timed_out', 'cancelled'];

/**
 * The poller's and queue's timers do not hold the process open (a studio's window does); this
 * does, and ends a run that stops moving: `ms` with no job changing. A limit on the whole run
 * would end a slow one on a busy machine, where a last start sends most of the jobs one at a time.
 * Returns what to call on each change.
 */
export function exitWhenIdle(ms = 60_000): () => void {
  let idle = setTimeout(() => process.exit(3), ms);
  return () => {
    clearTimeout(idle);
    idle = setTimeout(() => process.exit(3), ms);
  };
}
