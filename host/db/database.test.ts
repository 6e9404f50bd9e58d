import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseProblem } from './database.js';
import type { DomainMigrations, Migration } from './migrations.js';

const notes1: Migration = { version: 1, name: 'notes', up: (db) => db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)') };
const notes2: Migration = { version: 2, name: 'tags', up: (db) => db.exec('CREATE TABLE tags (note INTEGER NOT NULL REFERENCES notes(id), tag TEXT NOT NULL)') };
const throwsHalfway: Migration = {
  version: 2,
  name: 'half done',
  up: (db) => {
    db.exec('CREATE TABLE tags (tag TEXT)');
    db.exec('DELETE FROM notes');
    throw new Error('disk said no');
  },
};

let dir: string;
let file: string;
let problems: [DatabaseProblem, string | null][];
let clock: number;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'studio-db-'));
  file = join(dir, 'studio.db');
  problems = [];
  clock = Date.UTC(2026, 11, 5, 9, 0, 0);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function open(migrations: Migration[], domain = 'notes') {
  const domains: DomainMigrations[] = [{ domain, migrations }];
  return openDatabase({ file, domains, now: () => (clock += 1000), onProblem: (p, b) => problems.push([p, b]) });
}

function withNotes(texts: string[]): void {
  const s = open([notes1]);
  const db = s.forDomain('notes');
  for (const t of texts) db.prepare('INSERT INTO notes (text) VALUES (?)').run(t);
  s.close();
}

const texts = (s: ReturnType<typeof open>) => (s.forDomain('notes').prepare('SELECT text FROM notes ORDER BY id').all() as { text: string }[]).map((r) => r.text);
const tables = (s: ReturnType<typeof open>) => (s.forDomain('notes').prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);

describe('the studio database', () => {
  it('is opened in WAL mode with foreign keys, runs each migration once and keeps the rows', () => {
    withNotes(['first']);
    const s = open([notes1]);
    const db = s.forDomain('notes');
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(Number(db.pragma('busy_timeout', { simple: true }))).toBeGreaterThan(0);
    expect(texts(s)).toEqual(['first']);
    expect(() => db.prepare('INSERT INTO notes (text) VALUES (NULL)').run()).toThrow();
    s.close();
    expect(problems).toEqual([]);
  });

  it('takes a snapshot named for the migration and the date before running it', () => {
    withNotes(['kept']);
    const s = open([notes1, notes2]);
    expect(tables(s)).toContain('tags');
    // Foreign keys are enforced in the new table.
    expect(() => s.forDomain('notes').prepare("INSERT INTO tags VALUES (99, 'x')").run()).toThrow(/FOREIGN KEY/);
    s.close();
    const snaps = readdirSync(`${file}-snapshots`);
    expect(snaps).toEqual([expect.stringMatching(/^2026-12-05T09-00-\d\dZ-before-notes-2\.db$/)]);
    const old = openDatabase({ file: join(`${file}-snapshots`, snaps[0]), domains: [{ domain: 'notes', migrations: [notes1] }] });
    expect(tables(old as ReturnType<typeof open>)).not.toContain('tags');
    expect(texts(old as ReturnType<typeof open>)).toEqual(['kept']);
    old.close();
  });

  it('refuses a migration list with a gap, so a domain cannot skip a number', () => {
    expect(() => open([notes1, { ...notes2, version: 3 }])).toThrow(/numbered 1, 2, 3/);
  });

  it('keeps a file that is not a database aside, byte for byte, tells the creator and starts afresh', () => {
    const garbage = Buffer.from('these are not the bytes of a database, just some words and \u0000 zeros');
    writeFileSync(file, garbage);
    const s = open([notes1]);
    expect(texts(s)).toEqual([]);
    s.close();
    expect(problems).toEqual([['database', expect.stringMatching(/^studio\.db\.unreadable-/)]]);
    expect(readFileSync(join(dir, problems[0][1]!))).toEqual(garbage);
  });

  it('goes back to the newest snapshot when the file is cut short, keeping the cut file', () => {
    withNotes(['in the snapshot']);
    // A start with a new migration takes the snapshot; rows added after it are in the file only.
    const s1 = open([notes1, notes2]);
    s1.forDomain('notes').prepare("INSERT INTO notes (text) VALUES ('after the snapshot')").run();
    s1.close();
    const size = readFileSync(file).length;
    truncateSync(file, Math.floor(size / 2));
    const s = open([notes1, notes2]);
    expect(texts(s)).toEqual(['in the snapshot']);
    // The snapshot's schema is migrated again on the way.
    expect(tables(s)).toContain('tags');
    s.close();
    expect(problems).toEqual([['database', expect.stringMatching(/^studio\.db\.unreadable-/)]]);
    expect(readFileSync(join(dir, problems[0][1]!)).length).toBe(Math.floor(size / 2));
  });

  it('leaves the creator on the snapshot when a migration throws halfway, the failed file kept aside', () => {
    withNotes(['one', 'two']);
    open([notes1, throwsHalfway]).close();
    // The data is the snapshot's, untouched by the half-run step.
    const raw = new Database(file, { readonly: true });
    expect(raw.prepare('SELECT text FROM notes ORDER BY id').pluck().all()).toEqual(['one', 'two']);
    expect(raw.prepare("SELECT name FROM sqlite_master WHERE name = 'tags'").all()).toEqual([]);
    raw.close();
    expect(problems).toEqual([['database update', expect.stringMatching(/^studio\.db\.unreadable-/)]]);
    expect(existsSync(join(dir, problems[0][1]!))).toBe(true);
    // On disk the database is still at the snapshot's version: a fixed release can migrate it.
    const again = open([notes1]);
    expect(texts(again)).toEqual(['one', 'two']);
    again.close();
  });

  it('lets the domain whose migration failed run on a database in memory this session', () => {
    withNotes(['one']);
    const s = open([notes1, { ...throwsHalfway, up: (db) => (db.prepare('SELECT count(*) AS n FROM notes').get() as { n: number }).n > 0 ? (() => { throw new Error('no'); })() : db.exec('CREATE TABLE tags (tag TEXT)') }]);
    const db = s.forDomain('notes');
    expect(tables(s)).toContain('tags');
    expect(db.name).toBe(':memory:');
    s.close();
  });

  it('does not take an error that is not damage for damage: a folder in the way is an error, nothing moved', () => {
    rmSync(dir, { recursive: true, force: true });
    writeFileSync(dir, 'a file where the data folder should be');
    expect(() => open([notes1])).toThrow();
    expect(problems).toEqual([]);
    rmSync(dir);
  });
});
