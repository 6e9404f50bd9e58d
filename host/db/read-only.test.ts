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
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { giveToChild, runAsNobody } from '../test/as-nobody.js';

const CHILD = join(import.meta.dirname, 'test', 'open-child.ts');
const posix = process.platform !== 'win32';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'studio-db-ro-'));
  file = join(dir, 'studio.db');
  // A database as an earlier start left it: in WAL mode, closed cleanly.
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE kept (x)');
  db.close();
  giveToChild([dir, file]);
});
afterEach(() => {
  chmodSync(dir, 0o700);
  rmSync(dir, { recursive: true, force: true });
});

async function start(): Promise<{ inMemory?: boolean; wrote?: true | string; crashed?: string; problems: string[] }> {
  return (await runAsNobody(CHILD, [file], dir)).start;
}

describe.runIf(posix)('a database the studio may not write to', () => {
  it('a read-only data folder: the start goes on in memory and says so, the file untouched', async () => {
    chmodSync(dir, 0o555);
    expect(await start()).toEqual({ inMemory: true, wrote: true, problems: ['database'] });
  });

  it('a read-only database file in a writable folder: the start goes on in memory and says so, instead of failing at the first write', async () => {
    chmodSync(file, 0o444);
    expect(await start()).toEqual({ inMemory: true, wrote: true, problems: ['database'] });
  });
});
