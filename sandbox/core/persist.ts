/** Atomic JSON persistence for `--data-dir`: temp file, fsync, rename; writes coalesced. */
import { mkdirSync, openSync, writeSync, fsyncSync, closeSync, renameSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

export function writeJsonAtomic(file: string, value: unknown): void {
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w', 0o600);
  try {
    writeSync(fd, JSON.stringify(value));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}

export function readJsonIfAny(file: string): unknown {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // A state file that cannot be read is kept aside, never silently overwritten.
    renameSync(file, `${file}.unreadable-${Date.now()}`);
    return undefined;
  }
}

/** Saves the snapshot at most once per tick burst; `flush()` writes now (used on close). */
export function createSaver(dir: string | undefined, snapshot: () => unknown) {
  if (!dir) return { schedule() {}, flush() {} };
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'state.json');
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    writeJsonAtomic(file, snapshot());
  };
  return {
    schedule() {
      timer ??= setTimeout(flush, 20);
    },
    flush,
  };
}
