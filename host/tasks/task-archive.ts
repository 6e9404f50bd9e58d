/**
 * The task list stays small: finished jobs beyond the newest KEEP_FINISHED move to the archive,
 * rows of the database flagged with their place in it (tasks-table.ts) and read a page at a time.
 * The list is held in memory, compared at every write, and sent whole to the renderer, so a list
 * that kept every job ever made would cost a creator with 100,000 past jobs hundreds of ms of the
 * host's loop (docs/robust-host.md, "A task list that stays small"). Their results are in the
 * library; the archive keeps the records themselves, so nothing is lost.
 */
import { ARCHIVED_STATES, LISTED_FINISHED } from '@shared/contract/tasks.js';
import { isFollowedAfterCancel, type JobRecord, type JobState } from './job-record.js';

/** Finished jobs kept in the task list, newest first (shared/contract/tasks.ts says why so few). */
export const KEEP_FINISHED = LISTED_FINISHED;
/** How many more may gather before they are moved, so that the archive grows in batches. */
export const ARCHIVE_BATCH = 100;

/**
 * Nothing is left to do for a job in these states (not for `attention`, `timed_out`, `unknown`),
 * except a cancelled job still followed for its result (job-record.ts, isFollowedAfterCancel).
 */
const DONE: ReadonlySet<JobState> = new Set(ARCHIVED_STATES);

export const isDone = (job: JobRecord) => DONE.has(job.state) && !isFollowedAfterCancel(job);

/**
 * The finished jobs to move: all but the newest `keep`, once `batch` more than that have gathered.
 * Oldest first, the order they take their places in, so that the archive's newest place is its
 * newest job and a page from the end meets them newest first (tasks-table.ts). The cells of a batch
 * run that has a job not finished stay, outside the count: its row in the Tasks tab shows its jobs
 * from the list while it runs (docs/batches.md).
 */
export function toArchive(jobs: Iterable<JobRecord>, keep = KEEP_FINISHED, batch = ARCHIVE_BATCH): JobRecord[] {
  const all = [...jobs];
  const running = new Set(all.filter((j) => j.batch && !isDone(j)).map((j) => j.batch!.id));
  const done = all.filter((j) => isDone(j) && !(j.batch && running.has(j.batch.id)));
  if (done.length <= keep + batch) return [];
  return done.sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1)).slice(keep).reverse();
}
