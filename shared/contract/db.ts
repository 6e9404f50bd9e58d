/**
 * The studio database's backups (docs/data.md, "Backups"): listed, taken on demand, and one of
 * them put back in place of the database at the next start.
 */
import { z } from 'zod';
import { MessageData } from '../messages/index.js';

export const BackupView = z.object({
  /** The file's name in the backups folder; the only thing `db.restore` accepts. */
  name: z.string(),
  /** When it was taken, ms since epoch. */
  at: z.number(),
  bytes: z.number().int().min(0),
  /** Gallery items it holds; null when the file could not be read (a damaged backup). */
  items: z.number().int().min(0).nullable(),
  /** Jobs it holds (the task list and its archive); null when the file could not be read. */
  jobs: z.number().int().min(0).nullable(),
  /** Taken just before a restore replaced the database: going back to it undoes the restore. */
  beforeRestore: z.boolean(),
});
export type BackupView = z.infer<typeof BackupView>;

export const BackupsView = z.object({
  backups: z.array(BackupView),
  /** How many are kept; the oldest go first. */
  keep: z.number().int().min(1),
  /** False when this session's database is in memory (its file could not be opened): nothing to back up. */
  available: z.boolean(),
  /** The backup that replaces the database at the next start, if one was chosen. */
  pending: z.string().nullable(),
  /** What the last start did with a chosen backup. */
  lastRestore: z.object({
    name: z.string(),
    /** The backup of the database as it was just before (restoring it undoes this one). */
    undo: z.string().nullable(),
    /** The restore did not happen: why (the database was left as it was). */
    error: MessageData.optional(),
  }).nullable(),
});
export type BackupsView = z.infer<typeof BackupsView>;

export const dbMethods = {
  'db.backups': { input: z.object({}), output: BackupsView },
  /** Takes a backup now (in steps, beside the studio's work). */
  'db.backupNow': { input: z.object({}), output: BackupsView },
  /**
   * Checks the named backup and chooses it to replace the database at the next start (after a
   * backup of the database as it is then). Refused for a name that is not a listed backup, a
   * damaged file, or while jobs are under way.
   */
  'db.restore': { input: z.object({ name: z.string().min(1).max(200) }), output: BackupsView },
  'db.cancelRestore': { input: z.object({}), output: BackupsView },
  /**
   * Starts the studio again now, so the chosen backup is put back without a quit by hand (the
   * answer comes first; the restart follows). Refused when no restore is waiting, while jobs are
   * under way, or where the shell cannot restart itself; a restart that fails keeps the restore
   * for the next start.
   */
  'db.restartNow': { input: z.object({}), output: BackupsView },
} as const;
