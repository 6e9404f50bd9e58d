/**
 * The task store: every job in one JSON document in the app's data folder, written
 * atomically (temp file, fsync, rename) and coalesced, so a kill leaves the old or the new file,
 * and off the event loop: the list is rewritten several times a second while results are saved,
 * and each fsync waits on the disk (docs/robust-host.md, "Data files written off the loop").
 * A write the disk refuses never takes the studio down: a coalesced one is logged and retried with
 * the next change, a durable one (before a job-submitting POST) throws a message for the creator.
 * A file it cannot read whole is kept as a dated backup before it is rewritten (docs/security.md).
 */
import { basename, dirname, join } from 'node:path';
import { renameSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { removeStaleTemps, syncDir } from '../atomic-file.js';
import { atomicText, CoalescedFile } from '../coalesced-file.js';
import { dataWriteError } from '../errors.js';
import { msg } from '@shared/messages/index.js';
import { keepUnreadable, readDataFile } from '../unreadable-file.js';
import { z } from 'zod';
import { JobRecord, type JobState } from './job-record.js';
import { dropFromArchive, readArchivePage, type ArchivePage } from './archive-file.js';
import { damagedLines, readableCopy } from './archive-check.js';
import { keptRecord } from './gateway-words.js';
import { appendArchive, isDone, KEEP_FINISHED, toArchive } from './task-archive.js';

const StoreFile = z.object({ version: z.literal(1), jobs: z.array(z.unknown()) });

export interface JobStoreOptions {
  /** Finished jobs kept in the list; older ones are moved to the archive (task-archive.ts). */
  keepFinished?: number;
  /** How many more finished jobs may gather before a move (task-archive.ts). */
  archiveBatch?: number;
  /** Hears the backup's name of an archive with lines no reader can use (archive-check.ts). */
  onArchiveUnreadable?: (backup: string | null) => void;
}

export class JobStore {
  private readonly jobs = new Map<string, JobRecord>();
  private readonly writer: CoalescedFile;
  /** Why an unreadable task list could not be kept aside: until it can, nothing is written over it. */
  private blocked: unknown;
  private readonly archiveFile: string;
  /** The move to the archive under way; another is asked for once it ends. */
  private archiving?: Promise<void>;
  private archiveAgain = false;
  /** Appends and removals of the archive, one at a time: a removal rewrites the file. */
  private archiveOps: Promise<unknown> = Promise.resolve();
  private readonly archivedListeners = new Set<(ids: string[]) => void>();
  /** The archive's check at start; its pages wait for it (it may put a readable copy in place). */
  private readonly archiveChecked: Promise<void>;

  constructor(
    private readonly file: string,
    private readonly log: (line: string) => void = () => undefined,
    onUnreadable: (backup: string | null) => void = () => undefined,
    private readonly o: JobStoreOptions = {},
  ) {
    this.archiveFile = join(dirname(file), 'jobs-archive.jsonl');
    this.writer = new CoalescedFile({
      write: atomicText(file, () => JSON.stringify({ version: 1, jobs: this.all() })),
      failure: (err) => dataWriteError(msg('jobs.dataWrite.taskList'), err, dirname(file)),
      log,
      blocked: () => this.blocked,
    });
    // The archive's too: a removal killed mid-copy leaves a whole copy of it (archive-file.ts).
    removeStaleTemps(dirname(file), [basename(file), basename(this.archiveFile)]);
    // First of the archive's operations: a move to it waits for the check.
    this.archiveChecked = this.exclusive(() => this.checkArchive(o.onArchiveUnreadable ?? (() => undefined)));
    let doc: z.infer<typeof StoreFile> | undefined;
    try {
      const found = readDataFile(file);
      if (!found) return;
      doc = StoreFile.parse(found.value);
    } catch (err) {
      // Moved aside whole; the studio starts with an empty list.
      log(`The task list could not be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).name}).`);
      onUnreadable(this.keepAside('move'));
      return;
    }
    let skipped = 0;
    for (const raw of doc.jobs) {
      const r = JobRecord.safeParse(raw);
      if (r.success) this.jobs.set(r.data.id, keptRecord(r.data));
      else {
        skipped += 1;
        log(`Skipped an unreadable job record: ${r.error.issues[0]?.message}`);
      }
    }
    // The next write drops the records it could not read: a copy of the whole file keeps them.
    if (skipped > 0) onUnreadable(this.keepAside('copy'));
    this.archiveLater();
  }

  /**
   * A damaged archive is not read silently (docs/security.md, "Files that fail to load"): the
   * original is kept aside whole and said, and an archive of its readable records takes its place,
   * so the next start finds nothing to say. When the disk refuses the backup, the file is left as
   * it is (its readers skip what they cannot use) and the notice says so.
   */
  private async checkArchive(report: (backup: string | null) => void): Promise<void> {
    const name = basename(this.archiveFile);
    let damaged = 0;
    let copy: string | undefined;
    try {
      damaged = await damagedLines(this.archiveFile);
      if (damaged === 0) return;
      this.log(`${damaged} line(s) of ${name} could not be read.`);
      copy = await readableCopy(this.archiveFile);
      const backup = keepUnreadable(this.archiveFile, 'move');
      renameSync(copy, this.archiveFile);
      copy = undefined;
      syncDir(dirname(this.archiveFile));
      this.log(`${name} was kept as ${backup}; its readable records stay.`);
      report(backup);
    } catch (err) {
      this.log(`${name} could not be checked or kept aside (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); it is left as it is.`);
      if (copy !== undefined) await rm(copy, { force: true });
      if (damaged > 0) report(null);
    }
  }

  /** The backup's name, or null when the disk refused (then every write is refused too). */
  private keepAside(how: 'move' | 'copy'): string | null {
    try {
      const backup = keepUnreadable(this.file, how);
      this.log(`The task list was kept as ${backup}.`);
      return backup;
    } catch (err) {
      this.blocked = err;
      this.log(`The task list could not be kept aside (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); it will not be written over.`);
      return null;
    }
  }

  all(): JobRecord[] {
    return [...this.jobs.values()];
  }

  get(id: string): JobRecord | undefined {
    return this.jobs.get(id);
  }

  /** Records a change, written with the next ones within 50 ms (off the event loop). */
  put(job: JobRecord): void {
    this.jobs.set(job.id, job);
    this.later();
    if (isDone(job)) this.archiveLater();
  }

  /** Called with the ids of jobs moved to the archive, once they have left the list. */
  onArchived(listener: (ids: string[]) => void): void {
    this.archivedListeners.add(listener);
  }

  /** Resolves once no move to the archive, and no removal from it, is under way (tests, closing). */
  async archived(): Promise<void> {
    for (let ops = this.archiveOps; ; ops = this.archiveOps) {
      while (this.archiving) await this.archiving;
      await ops;
      if (ops === this.archiveOps && !this.archiving) return;
    }
  }

  /** Moves the oldest finished jobs to the archive when more than the list keeps have gathered. */
  private archiveLater(): void {
    if (this.archiving) {
      this.archiveAgain = true;
      return;
    }
    this.archiving = this.archive().finally(() => {
      this.archiving = undefined;
      if (this.archiveAgain) {
        this.archiveAgain = false;
        this.archiveLater();
      }
    });
  }

  private async archive(): Promise<void> {
    // Nothing is written while an unreadable list waits to be kept aside.
    if (this.blocked !== undefined) return;
    const old = toArchive(this.jobs.values(), this.o.keepFinished ?? KEEP_FINISHED, this.o.archiveBatch);
    if (old.length === 0) return;
    try {
      await this.exclusive(() => appendArchive(this.archiveFile, old));
    } catch (err) {
      // They stay in the list, which works as before, only larger; tried again at the next finished job.
      this.log(`The oldest finished tasks could not be moved to ${basename(this.archiveFile)} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); they stay in the task list.`);
      return;
    }
    // One pass (a first start on an old list moves 100,000 at once): each job left the list, moved
    // on meanwhile (saved again, checked again: it stays, and its copy in the archive is an older
    // record), or was removed by the creator meanwhile. Neither of the last two may stay in the
    // archive: a job's older copy would come back among the older jobs once it left the list, at
    // any later start too, so it is taken out now (rare: a change in the few milliseconds of a move).
    const gone: string[] = [];
    const stale: string[] = [];
    for (const j of old) {
      const now = this.jobs.get(j.id);
      if (now === j && isDone(j)) gone.push(j.id);
      else stale.push(j.id);
    }
    for (const id of gone) this.jobs.delete(id);
    this.later();
    for (const listener of this.archivedListeners) listener(gone);
    if (stale.length) await this.dropArchived(stale).catch((err: unknown) => this.log(`Tasks changed or removed while they were moved stay in ${basename(this.archiveFile)} for now: ${(err as Error).message}`));
  }

  private exclusive<T>(op: () => Promise<T>): Promise<T> {
    const run = this.archiveOps.then(op);
    this.archiveOps = run.catch(() => undefined);
    return run;
  }

  private dropArchived(ids: string[]): Promise<Set<string>> {
    return this.exclusive(() => dropFromArchive(this.archiveFile, new Set(ids))).catch((err: unknown) => {
      throw dataWriteError(msg('jobs.dataWrite.taskArchive'), err, dirname(this.file));
    });
  }

  /** Finished jobs no longer in the list, newest first, a page at a time (archive-file.ts). */
  async archivedPage(o: { before?: number; limit: number; states?: readonly JobState[] }): Promise<ArchivePage> {
    await this.archiveChecked;
    const states = o.states && new Set(o.states);
    return readArchivePage(this.archiveFile, {
      before: o.before,
      limit: o.limit,
      // A job in the list again (it moved on while it was moved) is shown there, as it is now.
      skip: (r) => this.jobs.has(r.id) || (states !== undefined && !states.has(r.state)),
    });
  }

  /** An archived job's newest record (read back from the end until found), or undefined. */
  async archivedRecord(id: string): Promise<JobRecord | undefined> {
    await this.archiveChecked;
    return (await readArchivePage(this.archiveFile, { limit: 1, skip: (r) => r.id !== id })).records[0];
  }

  /** Removes an archived job's record; false when the archive does not hold it. */
  async forgetArchived(id: string): Promise<boolean> {
    return (await this.dropArchived([id])).has(id);
  }

  /**
   * Records a change and resolves once it is on disk (before a job-submitting POST, and each step
   * a restart must know of). When the disk refuses, a new record is forgotten again and the error
   * thrown, so its job is never sent; a change to a known job (already at the gateway) stays in
   * memory, is logged and is written with the next change.
   */
  async putDurable(job: JobRecord): Promise<void> {
    const added = !this.jobs.has(job.id);
    this.jobs.set(job.id, job);
    if (isDone(job)) this.archiveLater();
    try {
      await this.flush();
    } catch (err) {
      if (added) {
        if (this.jobs.get(job.id) === job) this.jobs.delete(job.id);
        throw err;
      }
      this.log(`${(err as Error).message} (retried with the next change)`);
      this.later();
    }
  }

  /**
   * Records new jobs together and resolves once all are on disk (a batch queued in one call).
   * When the disk refuses, none of them stays and the error is thrown: none of them is sent.
   */
  async putAllDurable(jobs: JobRecord[]): Promise<void> {
    for (const job of jobs) this.jobs.set(job.id, job);
    try {
      await this.flush();
    } catch (err) {
      for (const job of jobs) if (this.jobs.get(job.id) === job) this.jobs.delete(job.id);
      throw err;
    }
  }

  /** Forgets a job; resolves once the list on disk has forgotten it too (a failure is logged). */
  delete(id: string): Promise<void> {
    this.jobs.delete(id);
    return this.save();
  }

  /** Resolves once a write holding every change made so far is on disk; rejects with a message for the creator when the disk refuses. */
  flush(): Promise<void> {
    return this.writer.flush();
  }

  /** Writes now, or logs why not and tries again with the next change. */
  save(): Promise<void> {
    return this.writer.save();
  }

  private later(): void {
    this.writer.later();
  }
}
