/**
 * The task list stays small: finished jobs beyond the newest KEEP_FINISHED move to an archive
 * beside it, `jobs-archive.jsonl`, one record a line, only ever appended to. The whole list is
 * rewritten (and first turned into text on the host's loop) whenever a job moves on, and the
 * renderer is sent all of it, so a list that kept every job ever made cost a creator with 20,000
 * past jobs 63 ms of the host's loop at every write, and one with 100,000 over 400 ms
 * (docs/robust-host.md, "A task list that stays small"). Their results are in the library; the
 * archive keeps the records themselves, so nothing is lost.
 */
import { open } from 'node:fs/promises';
import { ARCHIVED_STATES } from '@shared/contract/tasks.js';
import { isFollowedAfterCancel, type JobRecord, type JobState } from './job-record.js';

/** Finished jobs kept in the task list (and the Tasks tab), newest first. */
export const KEEP_FINISHED = 1_000;
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
 * Oldest first, the order they are appended in, so that the archive's end is its newest and a
 * reader from the end meets them newest first (archive-file.ts).
 */
export function toArchive(jobs: Iterable<JobRecord>, keep = KEEP_FINISHED, batch = ARCHIVE_BATCH): JobRecord[] {
  const done = [...jobs].filter(isDone);
  if (done.length <= keep + batch) return [];
  return done.sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1)).slice(keep).reverse();
}

/**
 * Appends the records and waits for the disk (they leave the list only once they are safe here).
 * A kill mid-append leaves at most a cut last line; the records it held are still in the list and
 * are appended again next time. Each append starts on a line of its own, so a cut line never
 * swallows the next record: a reader skips blank and unreadable lines.
 */
export async function appendArchive(file: string, records: readonly JobRecord[]): Promise<void> {
  const handle = await open(file, 'a', 0o600);
  try {
    await handle.writeFile(`\n${records.map((r) => JSON.stringify(r)).join('\n')}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
}
