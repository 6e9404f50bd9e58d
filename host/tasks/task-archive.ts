/**
 * The task list stays small: finished jobs beyond the newest KEEP_FINISHED move to the archive,
 * rows of the database flagged with their place in it (tasks-table.ts) and read a page at a time.
 * The list is held in memory, compared at every write, and sent whole to the renderer, so a list
 * that kept every job ever made would cost a creator with 100,000 past jobs hundreds of ms of the
 * host's loop (docs/robust-host.md, "A task list that stays small"). Their results are in the
 * library; the archive keeps the records themselves, so nothing is lost.
 */
import { ARCHIVED_STATES, LISTED_FINISHED } from '@shared/contract/tasks.js';
import { MAX_BATCH_CELLS } from '@shared/contract/batches.js';
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
 * newest job and a page from the end meets them newest first (tasks-table.ts). The finished cells
 * of batch runs that have a job not finished stay, outside the count: a batch's row in the Tasks
 * tab shows its jobs from the list while it runs (docs/batches.md). At most a whole batch's worth
 * of them (MAX_BATCH_CELLS, the newest), so that many batches left paused half done cannot make
 * the list large again.
 */
export function toArchive(jobs: Iterable<JobRecord>, keep = KEEP_FINISHED, batch = ARCHIVE_BATCH): JobRecord[] {
  const all = [...jobs];
  const done = all.filter(isDone);
  // Most calls (one per finished job) end here: nothing to sort.
  if (done.length <= keep + batch) return [];
  done.sort(newestFirst);
  const unfinished = new Set(all.filter((j) => j.batch && !isDone(j)).map((j) => j.batch!.id));
  const held = new Set(done.filter((j) => j.batch && unfinished.has(j.batch.id)).slice(0, MAX_BATCH_CELLS));
  const aging = done.filter((j) => !held.has(j));
  if (aging.length <= keep + batch) return [];
  return aging.slice(keep).reverse();
}

const newestFirst = (a: JobRecord, b: JobRecord) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1);
