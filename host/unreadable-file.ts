/**
 * The one way the host reads its small data files (settings, keys, an older release's task list, conversations,
 * the library index) and keeps one it cannot read: as a dated backup beside it, byte for byte,
 * before anything is written over it, so the studio starts without it and the creator can
 * recover it (docs/security.md, "Files that fail to load").
 */
import { constants, copyFileSync, existsSync, linkSync, readFileSync, renameSync, unlinkSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { removeStaleTemps, syncDir } from './atomic-file.js';

/**
 * Strict UTF-8 (a byte that is not UTF-8 is an error, never a silent U+FFFD that a save would
 * then write back), a leading BOM dropped, then JSON. Throws when the bytes are not a document.
 */
export function parseDataFile(bytes: Uint8Array): unknown {
  return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
}

/** The file's document, or undefined when there is no file; throws when it cannot be read (EACCES…) or parsed. */
export function readDataFile(file: string): { value: unknown } | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  return { value: parseDataFile(bytes) };
}

/** `2026-11-25T22-10-00Z`: the moment in UTC, in a form every file system accepts in a name. */
export function backupStamp(now: number): string {
  return new Date(now).toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-');
}

/** Hard links are refused by some file systems (FAT, some network shares) and by Linux's protected_hardlinks. */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV', 'EMLINK', 'EACCES']);

/**
 * Keeps `file` as `<file>.unreadable-<UTC time>` in its folder (`…-2`, `…-3` when that name is
 * taken: an earlier backup is never replaced) and returns the backup's name. `move` takes the
 * original away, so nothing reads or writes it again; `copy` leaves it in place for a store that
 * still uses its readable part and rewrites it (the backup is a real copy, not a link that the
 * rewrite could reach). Throws when the disk refuses; the caller then must not write over `file`.
 */
export function keepUnreadable(file: string, how: 'move' | 'copy' = 'move', now = Date.now()): string {
  const stamp = backupStamp(now);
  for (let n = 1; ; n++) {
    const backup = `${file}.unreadable-${stamp}${n > 1 ? `-${n}` : ''}`;
    if (claim(file, backup, how)) {
      syncDir(dirname(file));
      return basename(backup);
    }
  }
}

/** Puts `file`'s bytes under the name `backup`; false when that name is taken. */
function claim(file: string, backup: string, how: 'move' | 'copy'): boolean {
  if (how === 'copy') {
    try {
      copyFileSync(file, backup, constants.COPYFILE_EXCL);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw err;
    }
  }
  try {
    // A link fails on a taken name instead of replacing it, and needs no read permission.
    linkSync(file, backup);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST') return false;
    if (!NO_LINKS.has(code)) throw err;
    if (existsSync(backup)) return false;
    renameSync(file, backup);
    return true;
  }
  unlinkSync(file);
  return true;
}

/**
 * A store's one-document file, opened at start: the temp files of an interrupted write removed,
 * then the document parsed by `parse`. A file that is there but cannot be read, or does not fit,
 * is kept aside whole (`onUnreadable` hears the backup's name) and the store starts empty; when
 * even that fails, `blocked` holds why, and the store must not write over the file.
 */
export function openStoreFile<T>(
  file: string,
  parse: (value: unknown) => T,
  o: { what: string; log: (line: string) => void; onUnreadable: (backup: string | null) => void },
): { value?: T; blocked?: unknown } {
  removeStaleTemps(dirname(file), [basename(file)]);
  try {
    const found = readDataFile(file);
    return { value: found ? parse(found.value) : undefined };
  } catch (err) {
    o.log(`The ${o.what} could not be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).name}).`);
    try {
      o.onUnreadable(keepUnreadable(file, 'move'));
      return {};
    } catch (e) {
      o.log(`The ${o.what} could not be kept aside (${(e as Error).message}); it will not be written over.`);
      o.onUnreadable(null);
      return { blocked: e };
    }
  }
}

