/**
 * Clips of a multipart model the studio has never seen end (spec §2.12 says only PENDING or
 * RUNNING: no progress), in flight together: the first ones of a new data folder. Nothing tells
 * when they end, so each is checked at the slow end of the range, and clips sent together were
 * checked together: all seen on the same check, up to a whole slow interval (about 5 s on average)
 * after their end. Instead their checks are spread apart, and the first one seen done (the gateway
 * then says exactly how long it took) brings the others' next check forward to just after the end
 * it teaches (docs/gateway-rules.md, "Polling cadence").
 */
import { isPolled, type JobRecord } from './job-record.js';
import { lengthKey } from './run-history.js';

/** Other clips of the job's model and length still polled (a multipart job's siblings). */
export function siblingsOf(all: readonly JobRecord[], job: JobRecord): JobRecord[] {
  if (job.route !== 'multipart') return [];
  const key = lengthKey(job);
  return all.filter((j) => j !== job && j.route === 'multipart' && isPolled(j) && lengthKey(j) === key);
}

/**
 * The time for a check due at `at` moved away from the siblings' next checks (`others`) when one
 * falls within a quarter of `slowMs` of it: to half a slow interval before that one, or as near it
 * as `earliest` allows. Spread so, two clips sample their likely end twice as often between them
 * for the same number of checks each (one more at most, for the move).
 */
export function apartFrom(at: number, others: readonly number[], earliest: number, slowMs: number): number {
  const near = others.find((o) => Math.abs(o - at) < slowMs / 4);
  return near === undefined ? at : Math.min(at, Math.max(earliest, near - slowMs / 2));
}
