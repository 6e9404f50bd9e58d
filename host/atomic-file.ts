/**
 * The one way the host replaces a small file (settings, keys, a conversation): a private temp
 * file, fsync, rename, then the directory synced, so a kill at any moment leaves either the old
 * or the new file, never a broken one, and the file is never readable by others, even briefly.
 * `writeFileAtomicAsync` does the same off the event loop: each fsync waits on the disk, tens of
 * milliseconds on a busy one, and a file rewritten several times a second (a conversation while
 * a reply streams) held the host's loop for that long
 * each time (docs/robust-host.md, "Data files written off the loop"; coalesced-file.ts).
 */
import { chmodSync, closeSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { chmod, mkdir, open, rename, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';

/** A private temp name beside `file`, of the form removeStaleTemps knows. */
export const tempFor = (file: string) => join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);

export function writeFileAtomic(file: string, text: string, mode = 0o600): void {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tmp = tempFor(file);
  const fd = openSync(tmp, 'wx', mode);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw e;
  }
  closeSync(fd);
  try {
    chmodSync(tmp, mode);
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
  syncDir(dir);
}

export async function writeFileAtomicAsync(file: string, text: string, mode = 0o600): Promise<void> {
  const dir = dirname(file);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const tmp = tempFor(file);
  try {
    const handle = await open(tmp, 'wx', mode);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await chmod(tmp, mode);
    await rename(tmp, file);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
  await syncDirAsync(dir);
}

/** `.<target>.<pid>.<random>.tmp`: the temp names of writeFileAtomic (and of the library's index writer). */
const TEMP = /^\.(.+)\.(\d+)\.[0-9a-z]+\.tmp$/;

/**
 * Deletes the temp files that writers killed mid-write left in `dir` (for `targets` only, when
 * given). Each is a whole copy of its file, so repeated crashes would otherwise pile them up.
 * A temp whose writer still runs (another studio process) is left alone.
 */
export function removeStaleTemps(dir: string, targets?: readonly string[]): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const m = TEMP.exec(name);
    if (!m || (targets && !targets.includes(m[1])) || running(Number(m[2]))) continue;
    try {
      rmSync(join(dir, name), { force: true });
    } catch {
      // Best effort: a folder we may not change keeps them until it is writable again.
    }
  }
}

function running(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it runs, under another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Makes a rename (or link) in `dir` durable; directories cannot be opened for sync on Windows. */
export function syncDir(dir: string): void {
  if (process.platform === 'win32') return;
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Best effort: some file systems refuse fsync on a directory.
  }
}

export async function syncDirAsync(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Best effort, as syncDir.
  }
}
