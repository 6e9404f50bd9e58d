/**
 * Copies of the database file (docs/data.md, "Snapshots"): one taken before any migration runs,
 * named `<UTC time>-before-<domain>-<version>.db` so that names sort by age, the newest few kept.
 * A copy is written under a temporary name and renamed, so a kill never leaves half a snapshot.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { syncDir } from '../atomic-file.js';
import { backupStamp } from '../unreadable-file.js';
import type { Db } from './migrations.js';

const SNAPSHOT = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z-[a-z0-9-]+\.db$/;

/** Writes a consistent copy of the open database to `target` (VACUUM INTO reads one transaction). */
export function copyDatabase(db: Db, target: string): void {
  const temp = `${target}.${process.pid}.tmp`;
  rmSync(temp, { force: true });
  db.prepare('VACUUM INTO ?').run(temp);
  renameSync(temp, target);
  syncDir(join(target, '..'));
}

export function takeSnapshot(db: Db, dir: string, label: string, now: number, keep: number): string {
  mkdirSync(dir, { recursive: true });
  const name = `${backupStamp(now)}-${label}.db`;
  copyDatabase(db, join(dir, name));
  for (const old of listSnapshots(dir).slice(0, -keep)) rmSync(join(dir, old), { force: true });
  return name;
}

/** Snapshot names, oldest first. */
export function listSnapshots(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((n) => SNAPSHOT.test(n)).sort();
}

/**
 * Puts a copy of `from` in place of the database file (which must be closed and set aside), or
 * nothing when there is none: the caller then opens a fresh database. Returns the copy's name.
 */
export function restoreFile(from: string | undefined, file: string): string | undefined {
  for (const extra of ['-wal', '-shm']) rmSync(`${file}${extra}`, { force: true });
  if (!from) return undefined;
  const temp = `${file}.${process.pid}.restore.tmp`;
  copyFileSync(from, temp);
  renameSync(temp, file);
  syncDir(join(file, '..'));
  return basename(from);
}
