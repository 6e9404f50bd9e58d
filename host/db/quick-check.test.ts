import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseProblem } from './database.js';
import type { DomainMigrations } from './migrations.js';
import { quickCheckOffLoop } from './quick-check.js';

const domains: DomainMigrations[] = [{ domain: 'notes', migrations: [{ version: 1, name: 'notes', up: (db) => db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)') }] }];

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'studio-db-check-'));
  file = join(dir, 'studio.db');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A database of some megabytes, so that reading every page takes a while. */
function bigDatabase(rows: number): void {
  const s = openDatabase({ file, domains });
  const db = s.forDomain('notes');
  db.prepare(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
    INSERT INTO notes (text) SELECT printf('note %d %s', i, hex(randomblob(100))) FROM n`).run(rows);
  s.close();
}

describe("the start's check of the database, off the host's loop", () => {
  it('lets the host go on answering while it reads every page of a large database', async () => {
    bigDatabase(100_000);
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const check = await quickCheckOffLoop(file);
    counting = false;
    expect(check).toBe('ok');
    // A check on the loop would have let no turn run before its answer.
    expect(turns).toBeGreaterThan(1);
  });

  it('finds garbled pages, and the start then keeps the file aside and goes on as it does for damage found on the loop', async () => {
    bigDatabase(20_000);
    const bytes = readFileSync(file);
    // Garble pages in the middle (not the header): only a read of every page sees it.
    bytes.fill(0x5a, Math.floor(bytes.length / 2), Math.floor(bytes.length / 2) + 64 * 1024);
    writeFileSync(file, bytes);
    const check = await quickCheckOffLoop(file);
    expect(check).toEqual({ damaged: expect.any(String) });
    const problems: [DatabaseProblem, string | null][] = [];
    const s = openDatabase({ file, domains, checked: check, onProblem: (p, b) => problems.push([p, b]) });
    expect(problems).toEqual([['database', expect.stringContaining('studio.db')]]);
    expect(readdirSync(dir).some((n) => n !== 'studio.db' && n.startsWith('studio.db') && !n.endsWith('-wal') && !n.endsWith('-shm') && !n.endsWith('-snapshots'))).toBe(true);
    // The fresh database works.
    s.forDomain('notes').prepare('INSERT INTO notes (text) VALUES (?)').run('after');
    s.close();
  });

  it('leaves the check to the start when there is no file yet, or the bytes are not a database at all', async () => {
    expect(await quickCheckOffLoop(file)).toBeUndefined();
    writeFileSync(file, 'not a database, just words');
    expect(await quickCheckOffLoop(file)).toEqual({ damaged: expect.any(String) });
  });
});
