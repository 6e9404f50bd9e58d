/**
 * The studio database (docs/data.md): one SQLite file whose tables each domain migrates
 * (db/domains.ts), snapshotted before a migration, set aside when damaged, and copied once a day;
 * its backups listed, taken and restored from Settings (backup-service.ts).
 * Opened before the domains that keep rows in it; closed after them.
 */
import { join } from 'node:path';
import { defineModule } from '../module.js';
import { ACTIVE_STATES } from '../tasks/job-record.js';
import { DbBackups } from './backup-service.js';
import { dailyBackup } from './backups.js';
import { openDatabase } from './database.js';
import { quickCheckOffLoop } from './quick-check.js';
import { DATABASE_DOMAINS } from './domains.js';

export const dbModule = defineModule({
  name: 'db',
  async open({ ports, life, log, now, use }) {
    const { problems } = use('app');
    const file = join(ports.dataDir, 'studio.db');
    // The check reads every page: off the loop, so the start of a large library does not stall.
    const checked = await quickCheckOffLoop(file, log);
    const database = await life.start('database', () => openDatabase({
      file, domains: DATABASE_DOMAINS, log, now, checked, onProblem: (problem, backup) => problems.add(problem, backup),
    }), (d) => d.close());
    // The daily backup copies a few pages at a time beside the start, not in its way; close waits
    // for it. The host's log is for problems: routine migrations and backups are not written there.
    const backup = database.inMemory ? Promise.resolve() : dailyBackup(database.connection, database.backupsDir, now()).then(
      () => undefined,
      (err: unknown) => log(`db: the daily backup failed (${(err as Error).message})`),
    );
    life.started('database backup', async () => void (await backup));
    return database;
  },
  handlers: ({ now, use, ports }) => {
    const backups = new DbBackups({
      database: use('db'),
      now,
      // A restore waits for every job to end: the job list's rows must not go back under a paid job.
      activeJobs: () => use('tasks').list().filter((j) => ACTIVE_STATES.includes(j.state)).length,
      restart: ports.restart && (() => ports.restart!()),
    });
    return {
      'db.backups': () => backups.list(),
      'db.backupNow': () => backups.backupNow(),
      'db.restore': (i) => backups.restore(i.name),
      'db.cancelRestore': () => backups.cancelRestore(),
      'db.restartNow': () => backups.restartNow(),
    };
  },
});
