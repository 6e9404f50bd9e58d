/**
 * The task store: every job in one JSON document in the app's data folder, written
 * atomically (temp file, fsync, rename) and coalesced, so a kill leaves the old or the new file.
 * A write the disk refuses never takes the studio down: a coalesced one is logged and retried with
 * the next change, a durable one (before a job-submitting POST) throws a message for the creator.
 * A file it cannot read whole is kept as a dated backup before it is rewritten (docs/security.md).
 */
import { basename, dirname } from 'node:path';
import { removeStaleTemps, writeFileAtomic } from '../atomic-file.js';
import { dataWriteError } from '../errors.js';
import { msg } from '@shared/messages/index.js';
import { keepUnreadable, readDataFile } from '../unreadable-file.js';
import { z } from 'zod';
import { JobRecord } from './job-record.js';

const StoreFile = z.object({ version: z.literal(1), jobs: z.array(z.unknown()) });

export class JobStore {
  private readonly jobs = new Map<string, JobRecord>();
  private timer?: NodeJS.Timeout;
  /** Why an unreadable task list could not be kept aside: until it can, nothing is written over it. */
  private blocked: unknown;

  constructor(
    private readonly file: string,
    private readonly log: (line: string) => void = () => undefined,
    onUnreadable: (backup: string | null) => void = () => undefined,
  ) {
    removeStaleTemps(dirname(file), [basename(file)]);
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
      if (r.success) this.jobs.set(r.data.id, r.data);
      else {
        skipped += 1;
        log(`Skipped an unreadable job record: ${r.error.issues[0]?.message}`);
      }
    }
    // The next write drops the records it could not read: a copy of the whole file keeps them.
    if (skipped > 0) onUnreadable(this.keepAside('copy'));
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

  /**
   * Records a change; `durable` writes before returning (used before a job-submitting POST). When
   * the disk refuses, a new record is forgotten again and the error thrown, so its job is never
   * sent; a change to a known job (already at the gateway) stays in memory and is written later.
   */
  put(job: JobRecord, durable = false): void {
    const added = !this.jobs.has(job.id);
    this.jobs.set(job.id, job);
    if (!durable) {
      this.later();
      return;
    }
    try {
      this.flush();
    } catch (err) {
      if (added) {
        this.jobs.delete(job.id);
        throw err;
      }
      this.log(`${(err as Error).message} (retried with the next change)`);
      this.later();
    }
  }

  delete(id: string): void {
    this.jobs.delete(id);
    this.save();
  }

  /** Writes now; throws a message for the creator when the disk refuses (the old file stays). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    try {
      if (this.blocked !== undefined) throw this.blocked;
      writeFileAtomic(this.file, JSON.stringify({ version: 1, jobs: this.all() }));
    } catch (err) {
      throw dataWriteError(msg('jobs.dataWrite.taskList'), err, dirname(this.file));
    }
  }

  /** Writes now, or logs why not and tries again with the next change. */
  save(): void {
    try {
      this.flush();
    } catch (err) {
      this.log(`${(err as Error).message} (retried with the next change)`);
    }
  }

  private later(): void {
    this.timer ??= setTimeout(() => this.save(), 50);
  }
}
