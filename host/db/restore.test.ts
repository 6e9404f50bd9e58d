/**
 * Backups listed, taken and restored as a creator does from Settings, and misused as an outsider
 * would (docs/data.md, "Backups"): on real SQLite files, through the same open as at a start.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GatewayFailure } from '../gateway/failure.js';
import { DbBackups } from './backup-service.js';
import { openDatabase, type StudioDatabase } from './database.js';
import type { DomainMigrations } from './migrations.js';

const LIBRARY: DomainMigrations = {
  domain: 'library',
  migrations: [{ version: 1, name: 'items', up: (db) => db.exec('CREATE TABLE library_items (id TEXT PRIMARY KEY, prompt TEXT NOT NULL)') }],
};

let dir: string;
let file: string;
let clock: number;
let active: number;
let open: StudioDatabase[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'studio-restore-'));
  file = join(dir, 'studio.db');
  clock = Date.UTC(2026, 11, 5, 9, 0, 0);
  active = 0;
  open = [];
});
afterEach(() => {
  for (const d of open) d.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A start of the studio: the database opened, and the backups as Settings reaches them. */
function start() {
  for (const d of open.splice(0)) d.close();
  const database = openDatabase({ file, domains: [LIBRARY], now: () => (clock += 1000) });
  open.push(database);
  const backups = new DbBackups({ database, now: () => (clock += 60_000), activeJobs: () => active });
  const db = database.forDomain('library');
  return {
    backups,
    add: (id: string) => db.prepare("INSERT INTO library_items VALUES (?, 'a prompt')").run(id),
    ids: () => db.prepare('SELECT id FROM library_items ORDER BY id').pluck().all(),
  };
}

async function refusal(p: Promise<unknown>): Promise<GatewayFailure> {
  const err = await p.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(GatewayFailure);
  return err as GatewayFailure;
}

describe('backups from Settings', () => {
  it('lists a backup taken now with its date, size and items, and restores it at the next start', async () => {
    const s = start();
    s.add('cat');
    const taken = await s.backups.backupNow();
    expect(taken.backups).toEqual([{ name: 'studio-2026-12-05T09-01-02Z.db', at: Date.UTC(2026, 11, 5, 9, 1, 2), bytes: expect.any(Number), items: 1, jobs: 0, beforeRestore: false }]);
    expect(taken.backups[0].bytes).toBeGreaterThan(0);
    s.add('dog');

    const chosen = await s.backups.restore(taken.backups[0].name);
    expect(chosen.pending).toBe(taken.backups[0].name);
    // Nothing changes under the running studio: the swap happens at the next start.
    expect(s.ids()).toEqual(['cat', 'dog']);

    const after = start();
    expect(after.ids()).toEqual(['cat']);
    const view = await after.backups.list();
    expect(view.pending).toBeNull();
    const undo = view.backups.find((b) => b.beforeRestore);
    expect(view.lastRestore).toEqual({ name: taken.backups[0].name, undo: undo?.name });
    // The database as it was before the restore is a backup of its own: restoring it undoes this one.
    expect(undo?.items).toBe(2);
    await after.backups.restore(undo!.name);
    expect(start().ids()).toEqual(['cat', 'dog']);
  });

  it('gives the same result when a start was killed after the swap but before the choice was removed', async () => {
    const s = start();
    s.add('cat');
    const { backups } = await s.backups.backupNow();
    s.add('dog');
    await s.backups.restore(backups[0].name);
    expect(start().ids()).toEqual(['cat']);
    // The choice written again stands for the one a kill left behind: the next start repeats the swap.
    writeFileSync(`${file}-restore.json`, JSON.stringify({ name: backups[0].name }));
    const again = start();
    expect(again.ids()).toEqual(['cat']);
    const undos = (await again.backups.list()).backups.filter((b) => b.beforeRestore);
    expect(undos.map((b) => b.items)).toEqual([1, 2]);
  });

  it('lets the creator change their mind before the next start', async () => {
    const s = start();
    s.add('cat');
    const { backups } = await s.backups.backupNow();
    s.add('dog');
    await s.backups.restore(backups[0].name);
    expect((await s.backups.cancelRestore()).pending).toBeNull();
    const again = start();
    expect(again.ids()).toEqual(['cat', 'dog']);
    expect((await again.backups.list()).lastRestore).toBeNull();
  });

  it.each([
    ['a path out of the folder', '../studio.db'],
    ['the database itself', 'studio.db'],
    ['an absolute path', '/etc/passwd'],
    ['a name shaped like a backup that is not there', 'studio-2020-01-01T00-00-00Z.db'],
    ['a backup name with a folder before it', 'x/../studio-2026-12-05T09-02-00Z.db'],
  ])('refuses %s, choosing nothing', async (_what, name) => {
    const s = start();
    await s.backups.backupNow();
    const err = await refusal(s.backups.restore(name));
    expect(err.code).toBe('not_found');
    expect(err.text).toMatchObject({ code: 'db.backup.notListed' });
    expect((await s.backups.list()).pending).toBeNull();
    expect(existsSync(`${file}-restore.json`)).toBe(false);
  });

  it('refuses an absolute path to a real backup too: only a listed name is accepted', async () => {
    const s = start();
    const { backups } = await s.backups.backupNow();
    const err = await refusal(s.backups.restore(join(`${file}-backups`, backups[0].name)));
    expect(err.code).toBe('not_found');
  });

  it('refuses a damaged backup with a clear message and leaves the database untouched', async () => {
    const s = start();
    s.add('cat');
    const { backups } = await s.backups.backupNow();
    s.add('dog');
    const path = join(`${file}-backups`, backups[0].name);
    writeFileSync(path, Buffer.alloc(8192, 7));
    const listed = await s.backups.list();
    expect(listed.backups[0].items).toBeNull();
    const err = await refusal(s.backups.restore(backups[0].name));
    expect(err.code).toBe('invalid_request');
    expect(err.text).toMatchObject({ code: 'db.backup.damaged', params: { name: backups[0].name } });
    expect(start().ids()).toEqual(['cat', 'dog']);
  });

  it('keeps the database as it is when the chosen backup was damaged before the next start, and says so', async () => {
    const s = start();
    s.add('cat');
    const { backups } = await s.backups.backupNow();
    s.add('dog');
    await s.backups.restore(backups[0].name);
    const path = join(`${file}-backups`, backups[0].name);
    truncateSync(path, 1000);
    const after = start();
    expect(after.ids()).toEqual(['cat', 'dog']);
    const view = await after.backups.list();
    expect(view.pending).toBeNull();
    expect(view.lastRestore).toMatchObject({ name: backups[0].name, undo: null, error: { code: 'db.backup.restoreFailed' } });
  });

  it('refuses a restore while jobs are under way, so no paid job is lost track of', async () => {
    const s = start();
    const { backups } = await s.backups.backupNow();
    active = 2;
    const err = await refusal(s.backups.restore(backups[0].name));
    expect(err.code).toBe('conflict');
    expect(err.text).toMatchObject({ code: 'db.backup.jobsUnderWay', params: { jobs: 2 } });
    active = 0;
    expect((await s.backups.restore(backups[0].name)).pending).toBe(backups[0].name);
  });

  it('takes backups now as often as asked, keeping the newest few', async () => {
    const s = start();
    for (let i = 0; i < 9; i++) await s.backups.backupNow();
    const view = await s.backups.list();
    expect(view.backups).toHaveLength(view.keep);
    expect(readdirSync(`${file}-backups`).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('tells a session whose database is in memory that there is nothing to back up', async () => {
    // A folder where the file should be: SQLite cannot open it, and it is not damage either.
    mkdirSync(file);
    const database = openDatabase({ file, domains: [LIBRARY] });
    open.push(database);
    expect(database.inMemory).toBe(true);
    const backups = new DbBackups({ database, now: () => clock, activeJobs: () => 0 });
    expect((await backups.list()).available).toBe(false);
    const err = await refusal(backups.backupNow());
    expect(err.text).toMatchObject({ code: 'db.backup.inMemory' });
  });
});
