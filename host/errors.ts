/** Failures the core raises itself (not the gateway's): they travel as Result errors too. */
import type { ErrorCode } from '@shared/contract/result.js';
import { msg, type Message } from '@shared/messages/index.js';
import { GatewayFailure } from './gateway/failure.js';

/** A failure of the core's own, worded as message data (shared/messages/index.ts). */
export function coreError(code: ErrorCode, text: Message, param?: string): GatewayFailure {
  return new GatewayFailure(code, text, false, undefined, param);
}

/**
 * A write of the studio's own data (settings, task list, conversations) that the disk refused,
 * worded for the creator. The stores write atomically (a file's temp copy, or a database transaction),
 * so what is on disk is still the old data.
 */
export function dataWriteError(what: Message, err: unknown, dir?: string): GatewayFailure {
  const code = sqliteAsErrno((err as NodeJS.ErrnoException | null)?.code);
  const where = dir ? msg('jobs.dataWrite.folder', { dir }) : '';
  let reason: Message;
  if (code === 'ENOSPC' || code === 'EDQUOT') reason = msg('jobs.dataWrite.diskFull');
  else if (code === 'EACCES' || code === 'EPERM') reason = msg('jobs.dataWrite.noPermission', { where });
  else if (code === 'EROFS') reason = msg('jobs.dataWrite.readOnly', { where });
  else if (code === 'ENOTDIR') reason = msg('jobs.dataWrite.notAFolder', { where });
  else reason = msg('jobs.dataWrite.diskError', { code: code ?? (err instanceof Error ? err.message : String(err)) });
  return new GatewayFailure('internal', msg('jobs.dataWrite.notSaved', { what, reason }), code !== 'EROFS' && code !== 'ENOTDIR');
}

/** The studio database's refusals (better-sqlite3's codes) worded as the file system's. */
function sqliteAsErrno(code: string | undefined): string | undefined {
  if (code === 'SQLITE_FULL') return 'ENOSPC';
  if (code === 'SQLITE_READONLY' || code?.startsWith('SQLITE_READONLY_') || code === 'SQLITE_PERM' || code === 'SQLITE_CANTOPEN') return 'EACCES';
  return code;
}

/**
 * What a thrown value says, as message data: a failure's or a library error's own message, else
 * the error's English as it is (a bug's or Node's wording: not the studio's to translate).
 */
export function textOf(err: unknown): Message {
  if (err instanceof GatewayFailure) return err.text;
  const text = (err as { text?: unknown } | null)?.text;
  if (text && typeof text === 'object' && typeof (text as Message).code === 'string') return text as Message;
  return msg('app.calls.untranslated', { text: err instanceof Error ? err.message : String(err) });
}
