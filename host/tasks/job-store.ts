/**
 * The task store: every job a row of the studio database (tasks-table.ts; docs/data.md, "The
 * tasks"). The task list (unfinished jobs and the newest finished ones) is held in memory as well,
 * for the views and the poller; finished jobs beyond it move to the archive (task-archive.ts),
 * which stays in the database and is read a page at a time.
 *
 * A change is written with the next ones within 50 ms, in one transaction holding only the
 * records that changed; a durable one (before a job-submitting POST) is committed before it
 * resolves. A write the disk refuses never takes the studio down: a gathered one is logged and
 * retried with the next change, a durable one throws a message for the creator.
 * An older release's files are imported at the first start (legacy-tasks.ts).
 */
import { dataWriteError } from '../errors.js';
import { msg } from '@shared/messages/index.js';
import type { Db } from '../db/migrations.js';
import type { HostEvents, HostWriter } from '../events.js';
import type { JobRecord, JobState } from './job-record.js';
import { importOldArchive, importOldList, removeImported } from './legacy-tasks.js';
import { isDone, KEEP_FINISHED, toArchive } from './task-archive.js';
import { TasksTable, type ArchivePage } from './tasks-table.js';

export type { ArchivePage } from './tasks-table.js';

/** How long changes gather before they are written together. */
const GATHER_MS = 50;
/**
 * How often a gathered write also looks for changes made in place without a `put` (a job's
 * progress and checks, kept in memory by design): comparing every listed record's text with its
 * row at every write made a 500-job batch spend 6 of its 26 s serializing records, and its
 * garbage grew the host's heap by 50 MB (docs/performance.md, "batch").
 */
const SCAN_EVERY_MS = 1_000;
/** Jobs moved to the archive per transaction. */
const MOVE_PAGE = 2_000;

export interface JobStoreOptions {
  /** Finished jobs kept in the list; older ones are moved to the archive (task-archive.ts). */
  keepFinished?: number;
  /** How many more finished jobs may gather before a move (task-archive.ts). */
  archiveBatch?: number;
  /** Hears the backup's name of an older archive with lines no reader can use (legacy-tasks.ts). */
  onArchiveUnreadable?: (backup: string | null) => void;
  /**
   * The host's bus: a job's billed call is written by its writers (the ledger's row) inside the
   * transaction that commits the job's change, and announced to its listeners once committed.
   */
  events?: HostWriter;
}

export interface JobStoreSource {
  /** The tasks domain's connection (db/database.ts, forDomain). */
  db: Db;
  /** The data folder, where an older release left `jobs.json` and `jobs-archive.jsonl`. */
  dataDir: string;
  /** `db` is a database in memory this session: an older release's files are imported, and kept as they are. */
  inMemory?: boolean;
  /**
   * Why nothing can be written this session (the data folder refuses, db/database.ts): every
   * write is refused with it, so a job is never sent without its record on disk.
   */
  refused?: NodeJS.ErrnoException;
}

export class JobStore {
  private readonly jobs = new Map<string, JobRecord>();
  /** Each listed job's record as last written: a write holds only those that changed. */
  private readonly written = new Map<string, string>();
  /** Jobs `put` since their last write: a write looks at these, and at every job once a SCAN_EVERY_MS. */
  private readonly dirty = new Set<string>();
  private lastScan = 0;
  private readonly removed = new Set<string>();
  /** Billed calls of jobs, by job id, waiting for the next committed write (`billed`). */
  private readonly heard = new Map<string, HostEvents['billed']>();
  private readonly table: TasksTable;
  private timer?: NodeJS.Timeout;
  /** The old archive's import; the archive's pages and moves wait for it. */
  private readonly imported: Promise<void>;
  /** The move to the archive under way; another is asked for once it ends. */
  private archiving?: Promise<void>;
  private archiveAgain = false;
  private readonly archivedListeners = new Set<(ids: string[]) => void>();

  constructor(
    private readonly source: JobStoreSource,
    private readonly log: (line: string) => void = () => undefined,
    onUnreadable: (backup: string | null) => void = () => undefined,
    private readonly o: JobStoreOptions = {},
  ) {
    this.table = new TasksTable(source.db);
    const legacy = { table: this.table, dir: source.dataDir, log, inMemory: source.inMemory };
    removeImported(legacy);
    importOldList({ ...legacy, onUnreadable });
    const { records, texts, unreadable } = this.table.listed();
    if (unreadable > 0) log(`Skipped ${unreadable} unreadable job record(s) of the task list.`);
    for (const r of records) {
      this.jobs.set(r.id, r);
      this.written.set(r.id, texts.get(r.id)!);
    }
    this.imported = importOldArchive({ ...legacy, onUnreadable: o.onArchiveUnreadable ?? (() => undefined) }).catch((err: unknown) => {
      log(`tasks: the older tasks could not be imported (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); tried again next start`);
    });
    this.archiveLater();
  }

  all(): JobRecord[] {
    return [...this.jobs.values()];
  }

  get(id: string): JobRecord | undefined {
    return this.jobs.get(id);
  }

  /** Records a change, written with the next ones within 50 ms. */
  put(job: JobRecord): void {
    this.jobs.set(job.id, job);
    this.dirty.add(job.id);
    this.removed.delete(job.id);
    this.later();
    if (isDone(job)) this.archiveLater();
  }

  /** Called with the ids of jobs moved to the archive, once they have left the list. */
  onArchived(listener: (ids: string[]) => void): void {
    this.archivedListeners.add(listener);
  }

  /** Resolves once no import and no move to the archive is under way (tests, closing). */
  async archived(): Promise<void> {
    await this.imported;
    while (this.archiving) await this.archiving;
  }

  /** Moves the oldest finished jobs to the archive when more than the list keeps have gathered. */
  private archiveLater(): void {
    if (this.archiving) {
      this.archiveAgain = true;
      return;
    }
    this.archiving = this.imported.then(() => this.archive()).finally(() => {
      this.archiving = undefined;
      if (this.archiveAgain) {
        this.archiveAgain = false;
        this.archiveLater();
      }
    });
  }

  /**
   * One transaction per MOVE_PAGE jobs, the loop given back between them: a first start on an
   * older release's list that kept every job moves up to 100,000 at once.
   */
  private async archive(): Promise<void> {
    const old = toArchive(this.jobs.values(), this.o.keepFinished ?? KEEP_FINISHED, this.o.archiveBatch);
    for (let from = 0; from < old.length; from += MOVE_PAGE) {
      // A job that moved on (or was removed) during a pause stays where it is now.
      const page = old.slice(from, from + MOVE_PAGE).filter((j) => this.jobs.get(j.id) === j && isDone(j));
      try {
        this.table.archive(page);
      } catch (err) {
        // They stay in the list, which works as before, only larger; tried again at the next finished job.
        this.log(`The oldest finished tasks could not be moved to the archive (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); they stay in the task list.`);
        return;
      }
      const ids = page.map((j) => j.id);
      for (const id of ids) {
        this.jobs.delete(id);
        this.written.delete(id);
      }
      for (const listener of this.archivedListeners) listener(ids);
      if (from + MOVE_PAGE < old.length) await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  /** Finished jobs no longer in the list, newest first, a page at a time (tasks-table.ts). */
  async archivedPage(o: { before?: number; limit: number; states?: readonly JobState[] }): Promise<ArchivePage> {
    await this.imported;
    return this.table.page(o);
  }

  /** An archived job's record, or undefined. */
  async archivedRecord(id: string): Promise<JobRecord | undefined> {
    await this.imported;
    return this.table.archivedRecord(id);
  }

  /** Removes an archived job's record; false when the archive does not hold it. */
  async forgetArchived(id: string): Promise<boolean> {
    await this.imported;
    try {
      return this.table.forgetArchived(id);
    } catch (err) {
      throw dataWriteError(msg('jobs.dataWrite.taskArchive'), err, this.source.dataDir);
    }
  }

  /**
   * Records a change and resolves once it is committed (before a job-submitting POST, and each
   * step a restart must know of). When the disk refuses, a new record is forgotten again and the
   * error thrown, so its job is never sent; a change to a known job (already at the gateway) stays
   * in memory, is logged and is written with the next change.
   */
  async putDurable(job: JobRecord): Promise<void> {
    const added = !this.jobs.has(job.id);
    this.jobs.set(job.id, job);
    this.dirty.add(job.id);
    this.removed.delete(job.id);
    if (isDone(job)) this.archiveLater();
    try {
      await this.flush(undefined, false);
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
   * Records new jobs together and resolves once all are committed (a batch queued in one call).
   * When the disk refuses, none of them stays and the error is thrown: none of them is sent.
   * `within`: other rows committed in the same transaction (a batch's own, host/batches); what it
   * throws undoes the whole write.
   */
  async putAllDurable(jobs: JobRecord[], within?: () => void): Promise<void> {
    for (const job of jobs) {
      this.jobs.set(job.id, job);
      this.dirty.add(job.id);
      this.removed.delete(job.id);
    }
    try {
      await this.flush(within, false);
    } catch (err) {
      for (const job of jobs) if (this.jobs.get(job.id) === job) this.jobs.delete(job.id);
      throw err;
    }
  }

  /**
   * The state and saved items of each job, read from the list in memory, else from the archive
   * (a batch's finished cells moved there); an id in neither is left out.
   */
  statesOf(ids: readonly string[]): Map<string, { state: JobState; libraryIds: string[] }> {
    const out = new Map<string, { state: JobState; libraryIds: string[] }>();
    const missing: string[] = [];
    for (const id of ids) {
      const job = this.jobs.get(id);
      if (job) out.set(id, { state: job.state, libraryIds: job.downloads.flatMap((dl) => (dl.libraryId ? [dl.libraryId] : [])) });
      else missing.push(id);
    }
    if (missing.length) for (const r of this.table.records(missing)) out.set(r.id, { state: r.state, libraryIds: r.downloads.flatMap((dl) => (dl.libraryId ? [dl.libraryId] : [])) });
    return out;
  }

  /** A setting kept with the tasks (the queue's limits); undefined when never set or unreadable. */
  setting(key: string): unknown {
    try {
      return this.table.setting(key);
    } catch {
      return undefined;
    }
  }

  /** Keeps a setting; throws a message for the creator when the disk refuses. */
  setSetting(key: string, value: unknown): void {
    try {
      if (this.source.refused) throw this.source.refused;
      this.table.setSetting(key, value);
    } catch (err) {
      throw dataWriteError(msg('jobs.dataWrite.taskList'), err, this.source.dataDir);
    }
  }

  /** Forgets a job; resolves once its row is gone too (a failure is logged). */
  delete(id: string): Promise<void> {
    this.jobs.delete(id);
    this.written.delete(id);
    this.dirty.delete(id);
    this.removed.add(id);
    return this.save();
  }

  /**
   * A job's POST was billed: the call is written (its ledger row, by the bus's writers) in the
   * transaction that commits the job's next change, the answer's, and announced once that is
   * committed. A kill before the commit leaves neither the record's change nor the row (the next
   * start applies the sender's answer again), a kill after it both (docs/ledger.md, "Rows").
   * Nothing is written for it while the disk refuses; the next write that succeeds takes it.
   */
  billed(jobId: string, billed: HostEvents['billed']): void {
    this.heard.set(jobId, billed);
  }

  /**
   * Writes every change made so far (records are changed in place by their owners, so each listed
   * record is compared with what was last written) in one transaction; rejects with a message for
   * the creator when the disk refuses. Without `scan`, only the jobs `put` since their last write
   * (and every job, once a SCAN_EVERY_MS): what a durable change needs.
   */
  flush(within?: () => void, scan = true): Promise<void> {
    return this.write(scan, within);
  }

  /** Writes the jobs `put` since their last write, or (`scan`) every listed job that changed. */
  private write(scan: boolean, within?: () => void): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const now = Date.now();
    if (now - this.lastScan >= SCAN_EVERY_MS) scan = true;
    const changed: (readonly [JobRecord, string])[] = [];
    const looked = scan ? this.jobs.values() : [...this.dirty].flatMap((id) => this.jobs.get(id) ?? []);
    for (const job of looked) {
      const text = JSON.stringify(job);
      if (this.written.get(job.id) !== text) changed.push([job, text]);
    }
    if (changed.length === 0 && this.removed.size === 0 && this.heard.size === 0 && !within) return Promise.resolve();
    const billed = [...this.heard];
    const events = this.o.events;
    try {
      if (this.source.refused) throw this.source.refused;
      this.table.writeList(changed, this.removed, () => {
        if (events && billed.length) billed.forEach(([, b]) => events.write('billed', b));
        within?.();
      });
    } catch (err) {
      return Promise.reject(dataWriteError(msg('jobs.dataWrite.taskList'), err, this.source.dataDir));
    }
    for (const [job, text] of changed) this.written.set(job.id, text);
    this.dirty.clear();
    if (scan) this.lastScan = now;
    this.removed.clear();
    for (const [jobId, b] of billed) {
      this.heard.delete(jobId);
      events?.emit('billed', b);
    }
    return Promise.resolve();
  }

  /** Writes now, or logs why not and tries again with the next change. */
  save(): Promise<void> {
    return this.write(false).catch((err: unknown) => {
      this.log((err as Error).message);
    });
  }

  private later(): void {
    this.timer ??= setTimeout(() => void this.save(), GATHER_MS);
  }
}
