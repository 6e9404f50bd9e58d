/**
 * What the kill tests' studio children (queue-child.ts, batches/test/batch-child.ts) share: the
 * states a job's life ends in, the watchdog that holds a child open until it settles, and the
 * lines a child prints as its jobs change.
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

/**
 * A child's `onChange`: `sender <pid>` once for each sender process (`senderPid`, once started; the
 * test checks none is left behind), `change <state>` for each change (the test kills the child
 * after a number of them), the watchdog fed, and `then` run on the next turn.
 */
export function reportChanges(senderPid: () => number | undefined, then: () => void): (job: JobRecord) => void {
  const moved = exitWhenIdle();
  const senders = new Set<number>();
  return (job) => {
    const pid = senderPid();
    if (pid && !senders.has(pid)) {
      senders.add(pid);
      process.stdout.write(`sender ${pid}\n`);
    }
    process.stdout.write(`change ${job.state}\n`);
    moved();
    setImmediate(then);
  };
}
