/**
 * The task store (issue 4.1): every job in one JSON document in the app's data folder, written
 * atomically (temp file, fsync, rename) and coalesced, so a kill leaves the old or the new file.
 * A write the disk refuses never takes the studio down: a coalesced one is logged and retried with
 * the next change, a durable one (before a job-submitting POST) throws a message for the creator.
 */
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { removeStaleTemps, writeFileAtomic } from '../atomic-file.js';
import { dataWriteError } from '../errors.js';
import { z } from 'zod';
import { JobRecord } from './job-record.js';

const StoreFile = z.object({ version: z.literal(1), jobs: z.array(z.unknown()) });

export class JobStore {
  private readonly jobs = new Map<string, JobRecord>();
  private timer?: NodeJS.Timeout;

  constructor(private readonly file: string, private readonly log: (line: string) => void = () => undefined) {
    removeStaleTemps(dirname(file), [basename(file)]);
    if (!existsSync(file)) return;
    try {
      const doc = StoreFile.parse(JSON.parse(readFileSync(file, 'utf8')));
      for (const raw of doc.jobs) {
        const r = JobRecord.safeParse(raw);
        if (r.success) this.jobs.set(r.data.id, r.data);
        else log(`Skipped an unreadable job record: ${r.error.issues[0]?.message}`);
      }
    } catch (err) {
      // Keep the damaged file for the user; start with what we can.
      const aside = `${file}.damaged-${Date.now()}`;
      renameSync(file, aside);
      log(`The task list could not be read (${(err as Error).message}); it was kept as ${aside}.`);
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
      writeFileAtomic(this.file, JSON.stringify({ version: 1, jobs: this.all() }));
    } catch (err) {
      throw dataWriteError('The task list', err, dirname(this.file));
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
