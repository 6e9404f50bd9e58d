import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { dailyBackup, listBackups } from './backups.js';

let dir: string;
let db: Database.Database;
const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 11, 5, 9, 0, 0);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'studio-backups-'));
  db = new Database(join(dir, 'studio.db'));
  db.exec('CREATE TABLE notes (text TEXT)');
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const backups = () => join(dir, 'studio.db-backups');

it('takes one backup a day at most, each a database holding the rows of its moment', async () => {
  db.prepare("INSERT INTO notes VALUES ('before')").run();
  expect(await dailyBackup(db, backups(), T0)).toBe('studio-2026-12-05T09-00-00Z.db');
  db.prepare("INSERT INTO notes VALUES ('after')").run();
  expect(await dailyBackup(db, backups(), T0 + 23 * HOUR)).toBeUndefined();
  expect(await dailyBackup(db, backups(), T0 + 24 * HOUR)).toBe('studio-2026-12-06T09-00-00Z.db');
  const list = listBackups(backups());
  expect(list.map((b) => [b.name, b.at])).toEqual([['studio-2026-12-06T09-00-00Z.db', T0 + 24 * HOUR], ['studio-2026-12-05T09-00-00Z.db', T0]]);
  expect(list.every((b) => b.bytes > 0)).toBe(true);
  const first = new Database(join(backups(), list[1].name), { readonly: true });
  expect(first.prepare('SELECT text FROM notes').pluck().all()).toEqual(['before']);
  first.close();
});

it('keeps the newest few and removes the older ones, leaving no temporary file', async () => {
  for (let d = 0; d < 10; d++) await dailyBackup(db, backups(), T0 + d * 25 * HOUR, 3);
  expect(listBackups(backups()).map((b) => b.at)).toEqual([9, 8, 7].map((d) => T0 + d * 25 * HOUR));
  expect(readdirSync(backups())).toHaveLength(3);
});

it('takes a new one when the clock went back before the newest (a wrong clock fixed)', async () => {
  await dailyBackup(db, backups(), T0 + 48 * HOUR);
  expect(await dailyBackup(db, backups(), T0)).toBe('studio-2026-12-05T09-00-00Z.db');
});
