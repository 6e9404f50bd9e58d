/**
 * A data folder as the key tests search it: every file under it, and each file's bytes as they
 * are when read. A file listed and then gone reads as empty: the job sender process
 * (docs/robust-host.md, "A send that outlives its host") closes its own connection to the studio
 * database after the host's, and SQLite removes `-shm` and `-wal` then.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : entry.isFile() ? [path] : [];
  });
}

export function bytesOf(file: string): string {
  try {
    return readFileSync(file, 'latin1');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw err;
  }
}
