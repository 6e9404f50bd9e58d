/**
 * The tasks' rows in the studio database (docs/data.md, "The tasks"): one row per job, the task
 * list's and the archive's alike. A job in the list has `archived` NULL; a finished job moved out
 * of it (task-archive.ts) holds its place in the archive there, higher for a later move, which is
 * what "Older tasks" pages by (newest first). The record itself is one JSON text, as the old
 * files held it; `state` and `created_at` beside it are what the list and the pages filter on.
 *
 * Every statement is bounded: one row per change, the list (about a thousand rows) in one
 * transaction, a page of the archive through its index, and an import's rows in pages with the
 * loop given back between them (legacy-tasks.ts).
 */
import type { Db, DomainMigrations } from '../db/migrations.js';
import { keptRecord } from './gateway-words.js';
import { HANDOFF_MIGRATION } from './sender/handoff-table.js';
import { JobRecord, type JobState } from './job-record.js';

export const tasksMigrations: DomainMigrations = {
  domain: 'tasks',
  migrations: [
    {
      version: 1,
      name: 'task list and archive',
      up: (db) => db.exec(`
        CREATE TABLE tasks_jobs (
          id TEXT PRIMARY KEY,
          state TEXT NOT NULL,
          created_at REAL NOT NULL,
          archived INTEGER,
          record TEXT NOT NULL
        ) STRICT;
        CREATE INDEX tasks_jobs_list ON tasks_jobs (created_at) WHERE archived IS NULL;
        CREATE INDEX tasks_jobs_archive ON tasks_jobs (archived) WHERE archived IS NOT NULL;
        CREATE INDEX tasks_jobs_archive_state ON tasks_jobs (state, archived) WHERE archived IS NOT NULL;
        CREATE TABLE tasks_imports (
          file TEXT PRIMARY KEY,
          kept_as TEXT
        ) STRICT;
      `),
    },
    HANDOFF_MIGRATION,
    {
      version: 3,
      name: 'queue limits',
      up: (db) => db.exec(`
        CREATE TABLE tasks_settings (
          key TEXT PRIMARY KEY,
          value TEXT NOT NULL
        ) STRICT;
      `),
    },
  ],
};

export interface ArchivePage {
  /** Newest first. */
  records: JobRecord[];
  /** Where the next, older page starts (its `before`); absent at the archive's beginning. */
  next?: number;
}

/** A record as a reader takes it: undefined for one no release wrote (it is never handed out). */
export function parseRecord(text: string): JobRecord | undefined {
  try {
    const r = JobRecord.safeParse(JSON.parse(text));
    // An older studio kept a gateway's words uncut: a record is cut to what one keeps now.
    return r.success ? keptRecord(r.data) : undefined;
  } catch {
    return undefined;
  }
}

export class TasksTable {
  private readonly upsertListed;
  private readonly upsertArchived;
  private readonly removeListed;
  private readonly archiveOne;
  private readonly archivedById;
  private readonly removeArchived;

  constructor(readonly db: Db) {
    this.upsertListed = db.prepare(`INSERT INTO tasks_jobs (id, state, created_at, archived, record) VALUES (?, ?, ?, NULL, ?)
      ON CONFLICT (id) DO UPDATE SET state = excluded.state, created_at = excluded.created_at, archived = NULL, record = excluded.record`);
    // An archive's line never overwrites a job that is in the list (the list's record is newer).
    this.upsertArchived = db.prepare(`INSERT INTO tasks_jobs (id, state, created_at, archived, record) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET state = excluded.state, created_at = excluded.created_at, archived = excluded.archived, record = excluded.record
      WHERE tasks_jobs.archived IS NOT NULL`);
    this.removeListed = db.prepare('DELETE FROM tasks_jobs WHERE id = ? AND archived IS NULL');
    this.archiveOne = db.prepare('UPDATE tasks_jobs SET archived = ?, state = ?, record = ? WHERE id = ?');
    this.archivedById = db.prepare('SELECT record FROM tasks_jobs WHERE id = ? AND archived IS NOT NULL').pluck();
    this.removeArchived = db.prepare('DELETE FROM tasks_jobs WHERE id = ? AND archived IS NOT NULL');
  }

  /** The task list's records as written (a record no release wrote is left out, and counted). */
  listed(): { records: JobRecord[]; texts: Map<string, string>; unreadable: number } {
    const rows = this.db.prepare('SELECT id, record FROM tasks_jobs WHERE archived IS NULL ORDER BY rowid').all() as { id: string; record: string }[];
    const records: JobRecord[] = [];
    const texts = new Map<string, string>();
    let unreadable = 0;
    for (const row of rows) {
      const r = parseRecord(row.record);
      if (!r) unreadable += 1;
      else {
        records.push(r);
        texts.set(r.id, row.record);
      }
    }
    return { records, texts, unreadable };
  }

  /**
   * Writes the list's changed records and removals in one transaction (all or none); `within`:
   * what else joins it (the ledger rows of the jobs' billed calls, job-store.ts).
   */
  writeList(changed: readonly (readonly [JobRecord, string])[], removed: Iterable<string>, within?: () => void): void {
    this.db.transaction(() => {
      for (const [job, text] of changed) this.upsertListed.run(job.id, job.state, job.createdAt, text);
      for (const id of removed) this.removeListed.run(id);
      within?.();
    })();
  }

  /** Moves these finished jobs (oldest first) to the archive's end, in one transaction. */
  archive(jobs: readonly JobRecord[]): void {
    this.db.transaction(() => {
      let place = this.lastPlace();
      for (const job of jobs) {
        const text = JSON.stringify(job);
        place += 1;
        // A job the list had not written yet is written with its place.
        if (this.archiveOne.run(place, job.state, text, job.id).changes === 0) this.upsertArchived.run(job.id, job.state, job.createdAt, place, text);
      }
    })();
  }

  private lastPlace(): number {
    return (this.db.prepare('SELECT max(archived) FROM tasks_jobs').pluck().get() as number | null) ?? 0;
  }

  /** Archived records at given places (an import of the old archive, a page of it per call). */
  putArchived(rows: readonly { place: number; job: JobRecord; text: string }[]): void {
    this.db.transaction(() => {
      for (const r of rows) this.upsertArchived.run(r.job.id, r.job.state, r.job.createdAt, r.place, r.text);
    })();
  }

  /** Up to `limit` archived jobs before place `before`, newest first, in `states` when given. */
  page(o: { before?: number; limit: number; states?: readonly JobState[] }): ArchivePage {
    const where = ['archived IS NOT NULL'];
    const params: (string | number)[] = [];
    if (o.before !== undefined) {
      where.push('archived < ?');
      params.push(o.before);
    }
    if (o.states) {
      where.push(`state IN (${o.states.map(() => '?').join(', ') || 'NULL'})`);
      params.push(...o.states);
    }
    // One more than asked: whether an older page exists.
    const rows = this.db.prepare(`SELECT archived, record FROM tasks_jobs WHERE ${where.join(' AND ')} ORDER BY archived DESC LIMIT ?`)
      .all(...params, o.limit + 1) as { archived: number; record: string }[];
    const more = rows.length > o.limit;
    const shown = rows.slice(0, o.limit);
    const records = shown.map((r) => parseRecord(r.record)).filter((r): r is JobRecord => r !== undefined);
    return more ? { records, next: shown[shown.length - 1].archived } : { records };
  }

  archivedRecord(id: string): JobRecord | undefined {
    const text = this.archivedById.get(id) as string | undefined;
    return text === undefined ? undefined : parseRecord(text);
  }

  /** Removes an archived job; false when the archive does not hold it. */
  forgetArchived(id: string): boolean {
    return this.removeArchived.run(id).changes > 0;
  }

  /** The records of these jobs, listed or archived, in one statement (a batch's cells). */
  records(ids: readonly string[]): JobRecord[] {
    const rows = this.db.prepare('SELECT record FROM tasks_jobs WHERE id IN (SELECT value FROM json_each(?))').pluck().all(JSON.stringify(ids)) as string[];
    return rows.map(parseRecord).filter((r): r is JobRecord => r !== undefined);
  }

  /** A setting of the tasks domain (the queue's limits), as JSON; undefined when never set. */
  setting(key: string): unknown {
    const text = this.db.prepare('SELECT value FROM tasks_settings WHERE key = ?').pluck().get(key) as string | undefined;
    try {
      return text === undefined ? undefined : JSON.parse(text);
    } catch {
      return undefined;
    }
  }

  setSetting(key: string, value: unknown): void {
    this.db.prepare('INSERT OR REPLACE INTO tasks_settings (key, value) VALUES (?, ?)').run(key, JSON.stringify(value));
  }

  /** Whether every one of these ids has a row (an import's read-back), a page of lookups at a time. */
  holdsAll(ids: Iterable<string>): boolean {
    const has = this.db.prepare('SELECT 1 FROM tasks_jobs WHERE id = ?').pluck();
    for (const id of ids) if (has.get(id) === undefined) return false;
    return true;
  }

  /** The old files an import renamed, each with the name it was kept under (null: not renamed yet). */
  imports(): Map<string, string | null> {
    const rows = this.db.prepare('SELECT file, kept_as AS keptAs FROM tasks_imports').all() as { file: string; keptAs: string | null }[];
    return new Map(rows.map((r) => [r.file, r.keptAs]));
  }

  setImport(file: string, keptAs: string | null): void {
    this.db.prepare('INSERT OR REPLACE INTO tasks_imports (file, kept_as) VALUES (?, ?)').run(file, keptAs);
  }

  /** Records an import done (its rows committed in the same transaction as `write`). */
  importing(file: string, write: () => void): void {
    this.db.transaction(() => {
      write();
      this.setImport(file, null);
    })();
  }

  forgetImport(file: string): void {
    this.db.prepare('DELETE FROM tasks_imports WHERE file = ?').run(file);
  }
}
