/**
 * A database the studio may not write to, at its start (docs/data.md, "A damaged database"): it
 * must never end in SQLite's "attempt to write a readonly database" thrown at the first write.
 * Each case runs the start in a child process, as an unprivileged user where the tests run as
 * root (root ignores file modes), on real files.
 *
 * - A read-only data folder: SQLite cannot create the WAL files, and the start's first pragma
 *   (`journal_mode = WAL`) already fails (SQLITE_READONLY_DIRECTORY), before the write check;
 *   this is where the old crash came from, and why its test held without the check.
 * - A read-only database file in a writable folder (copied back from read-only media, a backup
 *   restored with its mode): SQLite opens it read-only without a word, and taking the write lock
 *   (`BEGIN IMMEDIATE`) still succeeds in WAL mode, since the WAL files are writable. Only a write
 *   shows it: the start's check writes inside a transaction it rolls back.
 */
import { chmodSync, copyFileSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { giveToChild, runAsNobody } from '../test/as-nobody.js';
import { openDatabase } from './database.js';
import { NOTES } from './test/notes-domain.js';

const CHILD = join(import.meta.dirname, 'test', 'open-child.ts');
const posix = process.platform !== 'win32';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'studio-db-ro-'));
  file = join(dir, 'studio.db');
  // A database as an earlier session left it: in WAL mode, a note written, closed cleanly.
  const earlier = openDatabase({ file, domains: NOTES });
  earlier.forDomain('notes').prepare('INSERT INTO notes (text) VALUES (?)').run('earlier');
  earlier.close();
  giveToChild([dir, file]);
});
afterEach(() => {
  chmodSync(dir, 0o700);
  rmSync(dir, { recursive: true, force: true });
});

function notesOnDisk(): string[] {
  chmodSync(dir, 0o700);
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT text FROM notes ORDER BY rowid').pluck().all() as string[];
  } finally {
    db.close();
  }
}

async function start(): Promise<{ inMemory?: boolean; wrote?: true | string; notes?: string[]; crashed?: string; problems: string[] }> {
  return (await runAsNobody(CHILD, [file], dir)).start;
}

describe.runIf(posix)('a database the studio may not write to', () => {
  it('a read-only data folder: the start goes on in memory and says so, the file untouched', async () => {
    chmodSync(dir, 0o555);
    // The session shows what the file held (the earlier note) and keeps its own writes in memory.
    expect(await start()).toEqual({ inMemory: true, wrote: true, notes: ['earlier', 'written'], problems: ['database'] });
    expect(notesOnDisk()).toEqual(['earlier']);
  });

  it('a read-only data folder whose last changes are still in the WAL: the session shows them too', async () => {
    // A session killed before its checkpoint: the note is in studio.db-wal only.
    const db = new Database(file);
    db.pragma('wal_autocheckpoint = 0');
    db.prepare('INSERT INTO notes (text) VALUES (?)').run('in the wal');
    const copy = join(dir, 'copy.db');
    copyFileSync(file, copy);
    copyFileSync(`${file}-wal`, `${copy}-wal`);
    db.close();
    renameSync(copy, file);
    renameSync(`${copy}-wal`, `${file}-wal`);
    giveToChild([dir, file, `${file}-wal`]);
    chmodSync(dir, 0o555);
    expect((await start()).notes).toEqual(['earlier', 'in the wal', 'written']);
  });

  it('a read-only database file in a writable folder: the start goes on in memory and says so, instead of failing at the first write', async () => {
    chmodSync(file, 0o444);
    expect(await start()).toEqual({ inMemory: true, wrote: true, notes: ['earlier', 'written'], problems: ['database'] });
    expect(notesOnDisk()).toEqual(['earlier']);
  });
});
