/**
 * Rotating automatic backups of the studio database (docs/data.md, "Backups"): at a start, when
 * the newest backup is a day old or more, a copy `studio-<UTC time>.db` in `<file>-backups/`,
 * the newest `keep` kept; one more whenever the creator asks (Settings), and one named
 * `studio-<UTC time>-before-restore.db` of the database a restore replaces (restore.ts). The copy is made by SQLite's online backup a few pages at a time, so
 * the host's loop is given back between steps however large the file, and it holds one
 * consistent moment even while the studio writes.
 */
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { syncDir } from '../atomic-file.js';
import { backupStamp } from '../unreadable-file.js';
import type { Db } from './migrations.js';

export interface BackupInfo {
  name: string;
  /** When it was taken, ms since epoch (from its name). */
  at: number;
  bytes: number;
  /** The database as it was just before a restore replaced it. */
  beforeRestore: boolean;
}

const DAY = 86_400_000;
const NAME = /^studio-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z(-before-restore)?\.db$/;
export const KEEP_BACKUPS = 7;
/** Pages copied per step: a step of 1,000 pages (4 MB) takes a few milliseconds. */
const PAGES_PER_STEP = 1_000;

/** The backups in `dir`, newest first. */
export function listBackups(dir: string): BackupInfo[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const m = NAME.exec(name);
    if (!m) return [];
    const at = Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`);
    try {
      return [{ name, at, bytes: statSync(join(dir, name)).size, beforeRestore: Boolean(m[5]) }];
    } catch {
      return [];
    }
  }).sort((a, b) => b.at - a.at || a.name.localeCompare(b.name));
}

/**
 * Takes a backup when the newest is at least a day old (or there is none) and prunes the oldest
 * beyond `keep`; returns the new backup's name, or undefined when none was due.
 */
export async function dailyBackup(db: Db, dir: string, now: number, keep = KEEP_BACKUPS): Promise<string | undefined> {
  const newest = listBackups(dir)[0];
  if (newest && now - newest.at < DAY && newest.at <= now) return undefined;
  return takeBackup(db, dir, now, keep);
}

/** Copies the open database into `dir` now, in steps, and prunes the oldest beyond `keep`; returns the name. */
export async function takeBackup(db: Db, dir: string, now: number, keep = KEEP_BACKUPS): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const name = `studio-${backupStamp(now)}.db`;
  const temp = join(dir, `.${name}.tmp`);
  rmSync(temp, { force: true });
  await db.backup(temp, { progress: () => PAGES_PER_STEP });
  renameSync(temp, join(dir, name));
  syncDir(dir);
  for (const old of listBackups(dir).slice(keep)) rmSync(join(dir, old.name), { force: true });
  return name;
}
