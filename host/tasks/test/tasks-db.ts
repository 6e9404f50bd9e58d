/**
 * What a data folder's studio database holds of the tasks, read as another process would read the
 * file (a connection of its own), for tests that check what is on disk rather than in memory.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { JobRecord } from '../job-record.js';

function rows(dir: string, where: string): JobRecord[] {
  const db = new Database(join(dir, 'studio.db'), { readonly: true });
  try {
    return (db.prepare(`SELECT record FROM tasks_jobs WHERE ${where}`).pluck().all() as string[]).map((r) => JSON.parse(r) as JobRecord);
  } finally {
    db.close();
  }
}

/** The task list as committed. */
export const listedOnDisk = (dir: string) => rows(dir, 'archived IS NULL ORDER BY rowid');
/** The archive as committed, oldest first (the order jobs were moved in). */
export const archivedOnDisk = (dir: string) => rows(dir, 'archived IS NOT NULL ORDER BY archived');
