/**
 * The library's file operations, kept behind one small interface so that tests can inject the
 * failures that real disks produce (ENOSPC, EACCES) even when they run as root, where chmod does
 * not stop writes. Every write is durable (fsync) before it becomes visible under its final name.
 */
import { constants } from 'node:fs';
import fsp from 'node:fs/promises';
import type { Dirent } from 'node:fs';
import { msg, type Message } from '@shared/messages/index.js';

export interface DiskOps {
  mkdir(path: string): Promise<void>;
  /** Creates an empty file exclusively: fails with EEXIST when the name is taken. */
  claim(path: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  /** Copies to a new file (never over an existing one) and fsyncs it. */
  copyDurable(from: string, to: string): Promise<void>;
  /** Writes a new file (never over an existing one) and fsyncs it; pieces are written one after another. */
  writeDurable(path: string, data: Uint8Array | string | readonly Uint8Array[]): Promise<void>;
  unlink(path: string): Promise<void>;
  readFile(path: string): Promise<Buffer>;
  readHead(path: string, bytes: number): Promise<Buffer>;
  readdir(path: string): Promise<Dirent[]>;
  size(path: string): Promise<number>;
  /** Modification time in ms; a folder's changes whenever an entry is added, removed or renamed. */
  mtime(path: string): Promise<number>;
  exists(path: string): Promise<boolean>;
  /** Makes a rename in `dir` survive a power cut; a no-op where directories cannot be opened. */
  syncDir(dir: string): Promise<void>;
}

/** Makes a written file survive a power cut before it is reported saved. */
export async function fsyncFile(path: string): Promise<void> {
  const fh = await fsp.open(path, 'r+');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/**
 * Pieces written in order, many to a system call (a tagged picture is thousands of slices of the
 * file it came from: one call each cost a thread-pool round trip per 8 KB chunk).
 */
async function writePieces(fh: fsp.FileHandle, pieces: readonly Uint8Array[]): Promise<void> {
  const BATCH = 512;
  for (let i = 0; i < pieces.length; i += BATCH) {
    const batch = pieces.slice(i, i + BATCH);
    const want = batch.reduce((n, p) => n + p.byteLength, 0);
    const { bytesWritten } = await fh.writev(batch as Uint8Array[]);
    if (bytesWritten !== want) throw Object.assign(new Error(`a short write (${bytesWritten} of ${want} bytes)`), { code: 'EIO' });
  }
}

export const nodeDisk: DiskOps = {
  mkdir: async (path) => {
    await fsp.mkdir(path, { recursive: true });
  },
  claim: async (path) => {
    await (await fsp.open(path, 'wx')).close();
  },
  rename: (from, to) => fsp.rename(from, to),
  copyDurable: async (from, to) => {
    await fsp.copyFile(from, to, constants.COPYFILE_EXCL);
    await fsyncFile(to);
  },
  writeDurable: async (path, data) => {
    const fh = await fsp.open(path, 'wx');
    try {
      if (typeof data === 'string' || data instanceof Uint8Array) await fh.writeFile(data);
      else await writePieces(fh, data);
      await fh.sync();
    } finally {
      await fh.close();
    }
  },
  unlink: (path) => fsp.unlink(path),
  readFile: (path) => fsp.readFile(path),
  readHead: async (path, bytes) => {
    const fh = await fsp.open(path, 'r');
    try {
      const buf = Buffer.alloc(bytes);
      const { bytesRead } = await fh.read(buf, 0, bytes, 0);
      return buf.subarray(0, bytesRead);
    } finally {
      await fh.close();
    }
  },
  readdir: (path) => fsp.readdir(path, { withFileTypes: true }),
  size: async (path) => (await fsp.stat(path)).size,
  mtime: async (path) => (await fsp.stat(path)).mtimeMs,
  exists: async (path) => {
    try {
      await fsp.lstat(path);
      return true;
    } catch {
      return false;
    }
  },
  syncDir: async (dir) => {
    try {
      const fh = await fsp.open(dir, 'r');
      try {
        await fh.sync();
      } finally {
        await fh.close();
      }
    } catch {
      // Windows cannot open a directory for fsync; NTFS journals the rename itself.
    }
  },
};

export const errno = (err: unknown): string | undefined => (err as NodeJS.ErrnoException | null)?.code;

/** Removes files left by a failed step; they may never have been created, so errors are ignored. */
export async function discard(disk: DiskOps, paths: Iterable<string>): Promise<void> {
  for (const p of paths) await disk.unlink(p).catch(() => undefined);
}

/** Writes `data` to `path` atomically: a hidden temp file beside it, fsync, rename, fsync the folder. */
export async function writeAtomic(disk: DiskOps, dir: string, path: string, data: Uint8Array | string | readonly Uint8Array[], tempName: string): Promise<void> {
  const temp = `${dir}/${tempName}`;
  try {
    await disk.writeDurable(temp, data);
    await disk.rename(temp, path);
  } catch (err) {
    await discard(disk, [temp]);
    throw err;
  }
  await disk.syncDir(dir);
}

export type LibraryErrorCode = 'disk_full' | 'permission_denied' | 'not_a_folder' | 'source_missing' | 'not_media' | 'io_error';

/** A failure worded for the creator; `code` lets the contract layer map it to `{ ok: false }`. */
export class LibraryError extends Error {
  constructor(readonly code: LibraryErrorCode, readonly text: Message, options?: { cause?: unknown }) {
    super(text.message, options);
    this.name = 'LibraryError';
  }
}

/** A low-level error that says what went wrong in words of the catalog (explain() keeps them). */
export const withText = (text: Message): Error & { text: Message } => Object.assign(new Error(text.message), { text });

export function explain(err: unknown, root: string): LibraryError {
  if (err instanceof LibraryError) return err;
  const code = errno(err);
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return new LibraryError('disk_full', msg('jobs.library.diskFull', { root }), { cause: err });
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return new LibraryError('permission_denied', msg('jobs.library.noPermission', { root }), { cause: err });
  }
  if (code === 'ENOTDIR') {
    return new LibraryError('not_a_folder', msg('jobs.library.notAFolder', { root }), { cause: err });
  }
  // Node's words, or a library check's own message (library.ts), as the reason.
  const own = (err as { text?: Message } | null)?.text;
  const reason = own ?? (err instanceof Error ? err.message : String(err));
  return new LibraryError('io_error', msg('jobs.library.saveFailed', { root, reason }), { cause: err });
}
