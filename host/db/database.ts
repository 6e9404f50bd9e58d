/**
 * The studio's one embedded database (docs/data.md): a SQLite file in the data folder, opened
 * by better-sqlite3 (docs/development.md, "The database driver") in WAL mode with foreign keys
 * on and a busy timeout. Opening runs every domain's pending migrations (migrations.ts), after a
 * snapshot of the file (snapshots.ts).
 *
 * Nothing is ever deleted because it could not be read: a file that is not a database, is cut
 * short or fails SQLite's check is kept aside (unreadable-file.ts) and the newest snapshot is
 * put in its place (a fresh database when there is none); a migration that fails does the same
 * with the snapshot taken just before it. Either way the creator is told through the startup
 * problems notice, and the domains left without their tables run this session on a database in
 * memory (their data is then rebuilt, or kept, as each domain documents).
 */
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { keepUnreadable } from '../unreadable-file.js';
import { applyMigration, checkMigrations, pendingMigrations, type Db, type DomainMigrations } from './migrations.js';
import { DAMAGE_CODES, type OffLoopCheck } from './quick-check.js';
import { applyPendingRestore, type LastRestore } from './restore.js';
import { listSnapshots, restoreFile, takeSnapshot } from './snapshots.js';

export type { Db } from './migrations.js';

/** `database`: the file was damaged; `database update`: a migration failed. */
export type DatabaseProblem = 'database' | 'database update';

export interface DatabaseOptions {
  /** The database file, e.g. `<data folder>/studio.db`. */
  file: string;
  domains: readonly DomainMigrations[];
  /** Problems: a damaged file, a failed migration. */
  log?: (line: string) => void;
  /** Routine lines: a migration run, a snapshot taken. */
  info?: (line: string) => void;
  now?: () => number;
  /** The file was kept aside as `backup` (its name beside the file; null when the disk refused). */
  onProblem?: (problem: DatabaseProblem, backup: string | null) => void;
  /** Snapshots kept in `<file>-snapshots/`; the oldest go first. */
  keepSnapshots?: number;
  /**
   * The file's quick_check, already run off the loop (quick-check.ts): not run again on it.
   * Ignored when a restore replaces the file at this start.
   */
  checked?: OffLoopCheck;
}

export interface StudioDatabase {
  readonly file: string;
  readonly snapshotsDir: string;
  /** Where the rotating daily backups go (backups.ts). */
  readonly backupsDir: string;
  /** The file's connection (a backup copies it). */
  readonly connection: Db;
  /** The file could not be opened for writing: this session's data is in memory only (no backups). */
  readonly inMemory?: boolean;
  /** A backup chosen in Settings, put in place of the file at this start (restore.ts). */
  readonly lastRestore?: LastRestore | null;
  /**
   * The connection for `domain`: the file's, once every migration of that domain has run in it;
   * otherwise (a migration failed this start) one in memory with the domain's tables.
   */
  forDomain(domain: string): Db;
  close(): void;
}

class Damaged extends Error {}

function connect(file: string, checked = false): Db {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    // quick_check reads every page (cut-off and garbled pages show) without integrity_check's
    // cross-check of every index, which costs seconds on a large library at each start.
    const check = checked ? 'ok' : db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Damaged(String(check));
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    // WAL with NORMAL: a commit survives a killed process; only a power cut may lose the last ones.
    db.pragma('synchronous = NORMAL');
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

function isDamage(err: unknown): boolean {
  return err instanceof Damaged || DAMAGE_CODES.has((err as { code?: string }).code ?? '');
}

/**
 * The studio on a database in memory for this session: the file could not be opened for writing
 * (a folder without permission, a full disk). The file is left as it is and the creator told,
 * as for any data file the studio cannot write (docs/data.md, "A damaged database").
 */
function inMemory(o: DatabaseOptions, why: string): StudioDatabase {
  o.log?.(`db: ${why}; this session keeps its data in memory and leaves the file as it is`);
  o.onProblem?.('database', null);
  let db = memoryCopy(o.file, o.log);
  try {
    for (const m of pendingMigrations(db, o.domains)) applyMigration(db, m, (o.now ?? Date.now)());
  } catch (err) {
    // A copy its migrations cannot bring up to date: this session starts from nothing instead.
    o.log?.(`db: the copy in memory could not be brought up to date (${(err as Error).message}); it starts empty`);
    db.close();
    db = new Database(':memory:');
    for (const m of pendingMigrations(db, o.domains)) applyMigration(db, m, (o.now ?? Date.now)());
  }
  return {
    file: o.file, snapshotsDir: `${o.file}-snapshots`, backupsDir: `${o.file}-backups`, connection: db, inMemory: true,
    forDomain: () => db,
    close: () => db.close(),
  };
}

/**
 * What the file holds, in memory: the session shows the jobs, items and rows it had (docs/data.md,
 * "A damaged database"). The file and its WAL are copied to the temporary folder and opened there,
 * so SQLite folds in the last changes the WAL holds without writing beside the file; the copy is
 * then read into memory and removed. Anything that fails gives an empty database in memory.
 */
function memoryCopy(file: string, log?: (line: string) => void): Db {
  if (!existsSync(file)) return new Database(':memory:');
  let dir: string | undefined;
  try {
    dir = mkdtempSync(join(tmpdir(), 'studio-db-copy-'));
    const copy = join(dir, 'studio.db');
    copyFileSync(file, copy);
    if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${copy}-wal`);
    // A copy keeps the file's mode: a read-only file's copy must be written to fold its WAL in.
    for (const f of [copy, `${copy}-wal`]) if (existsSync(f)) chmodSync(f, 0o600);
    const disk = new Database(copy, { fileMustExist: true });
    let bytes: Buffer;
    try {
      // Folds the WAL in and marks the image as a rollback-journal database, which memory can hold.
      disk.pragma('journal_mode = DELETE');
      bytes = disk.serialize();
    } finally {
      disk.close();
    }
    return new Database(bytes);
  } catch (err) {
    log?.(`db: the database could not be read into memory either (${(err as Error).message}); this session starts empty`);
    return new Database(':memory:');
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

export function openDatabase(o: DatabaseOptions): StudioDatabase {
  checkMigrations(o.domains);
  const log = o.log ?? (() => undefined);
  const info = o.info ?? (() => undefined);
  const now = o.now ?? Date.now;
  const file = o.file;
  const snapshotsDir = `${file}-snapshots`;
  const keep = o.keepSnapshots ?? 5;
  mkdirSync(dirname(file), { recursive: true });
  const lastRestore = applyPendingRestore({ file, backupsDir: `${file}-backups`, now: now(), log });

  /** Sets the file aside, puts the newest snapshot in its place, and tells the creator. */
  const recover = (problem: DatabaseProblem, why: string, snapshot: string | undefined): void => {
    let backup: string | null = null;
    try {
      backup = keepUnreadable(file, 'move', now());
      for (const extra of ['-wal']) if (existsSync(file + extra)) keepUnreadable(file + extra, 'move', now());
    } catch (err) {
      log(`db: could not keep the database aside (${(err as Error).message}); it is left as it is`);
      o.onProblem?.(problem, null);
      throw err;
    }
    const restored = restoreFile(snapshot, file);
    log(`db: ${why}; kept it as ${backup} and ${restored ? `went back to the snapshot ${restored}` : 'started a fresh database'}`);
    o.onProblem?.(problem, backup);
  };

  const newestSnapshot = () => {
    const name = listSnapshots(snapshotsDir).at(-1);
    return name && join(snapshotsDir, name);
  };

  // A restore put another file in place: the check made before it is not this file's.
  const checked = lastRestore ? undefined : o.checked;
  let db: Db;
  try {
    if (typeof checked === 'object') throw new Damaged(checked.damaged);
    db = connect(file, checked === 'ok');
    // A database the studio may not write to shows here, before anything is migrated. A folder
    // it may not write to already failed in `connect` (the WAL files cannot be made); a read-only
    // file in a writable folder is opened read-only without a word and still takes the write lock,
    // so only a write shows it: made in a transaction rolled back, nothing reaches the disk.
    try {
      db.exec('BEGIN IMMEDIATE; CREATE TABLE studio_write_check (x)');
      db.exec('ROLLBACK');
    } catch (err) {
      if (db.inTransaction) db.exec('ROLLBACK');
      db.close();
      throw err;
    }
  } catch (err) {
    if (!isDamage(err)) return inMemory(o, `the database could not be opened for writing (${(err as Error).message})`);
    recover('database', `the database is damaged (${(err as Error).message})`, newestSnapshot());
    try {
      db = connect(file);
    } catch (again) {
      if (!isDamage(again)) throw again;
      // The snapshot is damaged too: it is kept aside as well, and the studio starts afresh.
      recover('database', `the snapshot is damaged too (${(again as Error).message})`, undefined);
      db = connect(file);
    }
  }

  const pending = pendingMigrations(db, o.domains);
  const hasData = (db.prepare('SELECT count(*) AS n FROM migrations').get() as { n: number }).n > 0;
  // Without studio data yet there is nothing to keep: a failure then starts a fresh database.
  let before: string | undefined;
  if (pending.length > 0 && hasData) {
    const name = takeSnapshot(db, snapshotsDir, `before-${pending[0].domain}-${pending[0].version}`, now(), keep);
    before = join(snapshotsDir, name);
    info(`db: snapshot ${name} taken before ${pending.length} migration(s)`);
  }
  for (const m of pending) {
    try {
      applyMigration(db, m, now());
      info(`db: ${m.domain} migration ${m.version} (${m.name}) done`);
    } catch (err) {
      db.close();
      recover('database update', `the ${m.domain} migration ${m.version} (${m.name}) failed (${(err as Error).message})`, before);
      db = connect(file);
      break;
    }
  }

  const done = new Set(o.domains.filter(({ domain, migrations }) => {
    const applied = (db.prepare('SELECT count(*) AS n FROM migrations WHERE domain = ?').get(domain) as { n: number }).n;
    return applied >= migrations.length;
  }).map((d) => d.domain));
  const memory: Db[] = [];
  return {
    file,
    snapshotsDir,
    backupsDir: `${file}-backups`,
    connection: db,
    lastRestore,
    forDomain(domain) {
      if (done.has(domain)) return db;
      const own = o.domains.find((d) => d.domain === domain);
      if (!own) throw new Error(`db: no migrations are listed for ${domain}`);
      log(`db: ${domain} runs on a database in memory this session (its migrations could not run in ${basename(file)})`);
      const mem = new Database(':memory:');
      for (const m of pendingMigrations(mem, [own])) applyMigration(mem, m, now());
      memory.push(mem);
      return mem;
    },
    close() {
      for (const m of memory) m.close();
      if (db.open) db.close();
    },
  };
}
