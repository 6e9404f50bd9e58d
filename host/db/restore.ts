/**
 * Putting a backup back in place of the studio database (docs/data.md, "Restoring a backup").
 * The creator chooses a backup while the studio runs; it is checked then and written down in
 * `<file>-restore.json`, and swapped in at the next start, before any domain reads its rows.
 * So no module has to let go of its connection or re-read its rows under a running job, and a
 * kill at any moment leaves either the old database or the backup, whole.
 *
 * At that start the database as it is is copied first to `studio-<time>-before-restore.db` among
 * the backups (restoring that one undoes the restore), the chosen backup is checked again, and
 * copied over the file. A marker left by a kill after the copy only repeats it: same result.
 */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { msg, type Message } from '@shared/messages/index.js';
import { syncDir } from '../atomic-file.js';
import { backupStamp, keepUnreadable } from '../unreadable-file.js';
import { KEEP_BACKUPS, listBackups } from './backups.js';
import { copyDatabase, restoreFile } from './snapshots.js';

export interface LastRestore {
  name: string;
  /** The backup of the database the restore replaced; null when there was none to copy. */
  undo: string | null;
  /** Set when the chosen backup was not put back (the database was left as it was). */
  error?: Message;
}

const marker = (file: string) => `${file}-restore.json`;

/** The listed backup of that exact name, or undefined: a path, `..` or any other name is not one. */
export function listedBackup(backupsDir: string, name: string): string | undefined {
  return listBackups(backupsDir).find((b) => b.name === name) && join(backupsDir, name);
}

/**
 * Opens the file read-only and runs SQLite's `quick_check` on it; throws with SQLite's reason when
 * it is not a sound database. Returns the gallery items it holds.
 */
export function checkBackup(path: string): BackupRows {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(String(check));
    return countRows(db);
  } finally {
    db.close();
  }
}

/**
 * The check made when a backup is chosen, on the host's loop: the file opens as a database, its
 * schema reads and its items count (one pass over the smallest index: ~6 ms for 100,000 items).
 * The full `quick_check` (~200 ms for the same file) runs at the next start, before the swap,
 * where the start's own check of the database runs too (docs/data.md, "Restoring a backup").
 */
export function peekBackup(path: string): BackupRows {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return countRows(db);
  } finally {
    db.close();
  }
}

/** What a backup holds that a creator recognises: gallery items and jobs. */
export interface BackupRows {
  items: number;
  jobs: number;
}

/** The rows of `table` (0 when the database has no such table yet). */
function countOf(db: Database.Database, table: 'library_items' | 'tasks_jobs'): number {
  const found = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table);
  return found ? (db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number) : 0;
}

export function countRows(db: Database.Database): BackupRows {
  return { items: countOf(db, 'library_items'), jobs: countOf(db, 'tasks_jobs') };
}

export function pendingRestore(file: string): string | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(marker(file), 'utf8'));
    const name = (parsed as { name?: unknown } | null)?.name;
    return typeof name === 'string' ? name : null;
  } catch {
    return null;
  }
}

/** Writes down the backup to put back at the next start (written whole, then renamed). */
export function chooseRestore(file: string, name: string): void {
  const temp = `${marker(file)}.tmp`;
  writeFileSync(temp, JSON.stringify({ name }));
  renameSync(temp, marker(file));
  syncDir(join(file, '..'));
}

export function cancelRestore(file: string): void {
  rmSync(marker(file), { force: true });
}

/**
 * At a start, before the database is opened: puts the chosen backup in place, if one was chosen.
 * Returns what happened, or null when nothing was chosen. Never throws for a bad backup: the
 * database is then left as it was and the reason returned.
 */
export function applyPendingRestore(o: { file: string; backupsDir: string; now: number; log: (line: string) => void }): LastRestore | null {
  const name = pendingRestore(o.file);
  if (name === null) {
    if (existsSync(marker(o.file))) cancelRestore(o.file);
    return null;
  }
  const from = listedBackup(o.backupsDir, name);
  const refuse = (reason: string): LastRestore => {
    o.log(`db: the backup ${name} was not restored (${reason}); the database is left as it was`);
    cancelRestore(o.file);
    return { name, undo: null, error: msg('db.backup.restoreFailed', { name, reason }) };
  };
  if (!from) return refuse('it is no longer among the backups');
  try {
    checkBackup(from);
  } catch (err) {
    return refuse((err as Error).message);
  }
  let undo: string | null;
  try {
    undo = existsSync(o.file) ? keepCurrent(o) : null;
    restoreFile(from, o.file);
  } catch (err) {
    // The copy goes in under a temporary name and is renamed: a refusal leaves the file whole.
    return refuse((err as Error).message);
  }
  cancelRestore(o.file);
  o.log(`db: restored the backup ${name}${undo ? `; the database before it is the backup ${undo}` : ''}`);
  return { name, undo };
}

/**
 * Copies the database about to be replaced among the backups. A file that cannot be read as a
 * database is kept aside as it is instead (never deleted).
 */
function keepCurrent(o: { file: string; backupsDir: string; now: number; log: (line: string) => void }): string | null {
  const name = `studio-${backupStamp(o.now)}-before-restore.db`;
  let db: Database.Database | undefined;
  try {
    db = new Database(o.file);
    copyDatabase(db, join(o.backupsDir, name));
  } catch (err) {
    o.log(`db: the database could not be copied before the restore (${(err as Error).message}); it is kept aside as it is`);
    db?.close();
    db = undefined;
    keepUnreadable(o.file, 'move', o.now);
    for (const extra of ['-wal', '-shm']) rmSync(`${o.file}${extra}`, { force: true });
    return null;
  }
  db.close();
  // The copy is one more backup: the oldest beyond the usual number go, never the one just taken.
  for (const old of listBackups(o.backupsDir).slice(KEEP_BACKUPS + 1)) rmSync(join(o.backupsDir, old.name), { force: true });
  return name;
}
