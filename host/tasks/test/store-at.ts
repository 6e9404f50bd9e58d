/**
 * A JobStore over the studio database of a data folder, as a start of the studio opens it
 * (db/database.ts, every domain's migrations): `storeAt(<folder>/jobs.json)` reads the folder's
 * `studio.db`, and imports an older release's `jobs.json` and archive found there. Calling it
 * again on the same folder is the next start.
 */
import { dirname, join } from 'node:path';
import { openDatabase } from '../../db/database.js';
import { DATABASE_DOMAINS } from '../../db/domains.js';
import type { Db } from '../../db/migrations.js';
import { JobStore, type JobStoreOptions } from '../job-store.js';

const connections = new WeakMap<JobStore, Db>();

/** The store's connection: a test makes it refuse writes (`query_only`), as a disk that refuses does. */
export const connectionOf = (store: JobStore) => connections.get(store)!;

export function storeAt(listFile: string, log?: (line: string) => void, onUnreadable?: (backup: string | null) => void, o?: JobStoreOptions, room?: { pages: number }): JobStore {
  const dataDir = dirname(listFile);
  const db = openDatabase({ file: join(dataDir, 'studio.db'), domains: DATABASE_DOMAINS, log }).forDomain('tasks');
  // A disk with room for only so many more pages of the database: SQLite then refuses (SQLITE_FULL).
  if (room) db.pragma(`max_page_count = ${(db.pragma('page_count', { simple: true }) as number) + room.pages}`);
  const store = new JobStore({ db, dataDir }, log, onUnreadable, o);
  connections.set(store, db);
  return store;
}
