/**
 * The database's backups as Settings shows them (`db.*`, docs/data.md "Backups"): listed with
 * what each holds, one taken on demand, and one chosen to replace the database at the next start
 * (restore.ts says why then and not live).
 */
import { join } from 'node:path';
import type { BackupsView } from '@shared/contract/db.js';
import { msg } from '@shared/messages/index.js';
import { coreError } from '../errors.js';
import { KEEP_BACKUPS, listBackups, takeBackup } from './backups.js';
import type { StudioDatabase } from './database.js';
import { cancelRestore, chooseRestore, listedBackup, peekBackup, pendingRestore, type BackupRows } from './restore.js';

export interface DbBackupsDeps {
  database: StudioDatabase;
  now: () => number;
  /** Jobs not yet ended (waiting, sending, running, saving): a restore waits for them. */
  activeJobs: () => number;
  keep?: number;
  /** The shell's restart (ports.ts); absent where the shell cannot start itself again. */
  restart?: () => Promise<void>;
}

export class DbBackups {
  /** Items and jobs per backup, by name and size: a backup never changes once renamed into place. */
  private readonly rows = new Map<string, BackupRows | null>();
  /** One backup at a time: a second click waits for the first instead of copying twice at once. */
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly d: DbBackupsDeps) {}

  private get keep(): number {
    return this.d.keep ?? KEEP_BACKUPS;
  }

  private get available(): boolean {
    return !this.d.database.inMemory;
  }

  list(): Promise<BackupsView> {
    return Promise.resolve(this.view());
  }

  private view(): BackupsView {
    const { database } = this.d;
    const backups = this.available ? listBackups(database.backupsDir) : [];
    return {
      backups: backups.map((b) => {
        const rows = this.rowsOf(b.name, b.bytes);
        return { name: b.name, at: b.at, bytes: b.bytes, items: rows?.items ?? null, jobs: rows?.jobs ?? null, beforeRestore: b.beforeRestore };
      }),
      keep: this.keep,
      available: this.available,
      pending: this.available ? pendingRestore(database.file) : null,
      lastRestore: database.lastRestore ?? null,
    };
  }

  /** A count(*) per table on its smallest index: milliseconds even for a large library (restore.ts). */
  private rowsOf(name: string, bytes: number): BackupRows | null {
    const key = `${name}:${bytes}`;
    if (!this.rows.has(key)) {
      let rows: BackupRows | null;
      try {
        rows = peekBackup(join(this.d.database.backupsDir, name));
      } catch {
        rows = null;
      }
      this.rows.set(key, rows);
    }
    return this.rows.get(key) ?? null;
  }

  private requireFile(): void {
    if (!this.available) throw coreError('conflict', msg('db.backup.inMemory'));
  }

  async backupNow(): Promise<BackupsView> {
    this.requireFile();
    const run = this.running.then(() => takeBackup(this.d.database.connection, this.d.database.backupsDir, this.d.now(), this.keep));
    this.running = run.catch(() => undefined);
    try {
      await run;
    } catch (err) {
      throw coreError('internal', msg('db.backup.failed', { reason: (err as Error).message }));
    }
    return this.view();
  }

  /** Checks the listed backup `name` and chooses it for the next start; refuses anything else. */
  async restore(name: string): Promise<BackupsView> {
    this.requireFile();
    const path = listedBackup(this.d.database.backupsDir, name);
    if (!path) throw coreError('not_found', msg('db.backup.notListed', { name }));
    this.requireNoJobs();
    await this.running;
    try {
      peekBackup(path);
    } catch (err) {
      throw coreError('invalid_request', msg('db.backup.damaged', { name, reason: (err as Error).message }));
    }
    chooseRestore(this.d.database.file, name);
    return this.view();
  }

  private requireNoJobs(): void {
    const active = this.d.activeJobs();
    if (active > 0) throw coreError('conflict', msg('db.backup.jobsUnderWay', { jobs: active }));
  }

  /**
   * Starts the studio again so the chosen backup goes back now. Refused as the restore itself is
   * while jobs are under way; the marker stays whatever happens, so a restart that fails (or a
   * shell that cannot restart) leaves the restore for the next start.
   */
  async restartNow(): Promise<BackupsView> {
    this.requireFile();
    if (pendingRestore(this.d.database.file) === null) throw coreError('conflict', msg('db.backup.nothingPending'));
    this.requireNoJobs();
    await this.running;
    if (!this.d.restart) throw coreError('conflict', msg('db.backup.cannotRestart'));
    try {
      await this.d.restart();
    } catch (err) {
      throw coreError('internal', msg('db.backup.restartFailed', { reason: (err as Error).message }));
    }
    return this.view();
  }

  cancelRestore(): Promise<BackupsView> {
    cancelRestore(this.d.database.file);
    return Promise.resolve(this.view());
  }
}
