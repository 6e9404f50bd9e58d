/**
 * The task store (issue 4.1): every job in one JSON document in the app's data folder, written
 * atomically (temp file, fsync, rename) and coalesced, so a kill leaves the old or the new file.
 */
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { writeFileAtomic } from '../atomic-file.js';
import { z } from 'zod';
import { JobRecord } from './job-record.js';

const StoreFile = z.object({ version: z.literal(1), jobs: z.array(z.unknown()) });

export class JobStore {
  private readonly jobs = new Map<string, JobRecord>();
  private timer?: NodeJS.Timeout;

  constructor(private readonly file: string, private readonly log: (line: string) => void = () => undefined) {
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

  /** Records a change; `durable` writes before returning (used before a job-submitting POST). */
  put(job: JobRecord, durable = false): void {
    this.jobs.set(job.id, job);
    if (durable) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), 50);
  }

  delete(id: string): void {
    this.jobs.delete(id);
    this.flush();
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    writeFileAtomic(this.file, JSON.stringify({ version: 1, jobs: this.all() }));
  }
}
