/** Failures the core raises itself (not the gateway's): they travel as Result errors too. */
import type { ErrorCode } from '@shared/contract/result.js';
import { GatewayFailure } from './gateway/failure.js';

export const coreError = (code: ErrorCode, message: string, param?: string) =>
  new GatewayFailure(code, message, false, undefined, param);

/**
 * A write of the studio's own data (settings, task list, conversations) that the disk refused,
 * worded for the creator. The stores write atomically, so the file on disk is still the old one.
 */
export function dataWriteError(what: string, err: unknown, dir?: string): GatewayFailure {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  const where = dir ? ` (${dir})` : '';
  let reason: string;
  if (code === 'ENOSPC' || code === 'EDQUOT') reason = 'the disk is full. Free some space, then try again.';
  else if (code === 'EACCES' || code === 'EPERM') reason = `Gateway Studio is not allowed to write to its data folder${where}. Check the folder's permissions, then try again.`;
  else if (code === 'EROFS') reason = `the data folder${where} is on a read-only disk.`;
  else if (code === 'ENOTDIR') reason = `the data folder${where} is not a folder.`;
  else reason = `the disk reported an error (${code ?? (err instanceof Error ? err.message : String(err))}). Try again.`;
  return new GatewayFailure('internal', `${what} could not be saved: ${reason}`, code !== 'EROFS' && code !== 'ENOTDIR');
}
