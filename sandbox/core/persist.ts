/**
 * Atomic JSON persistence for `--data-dir`: temp file, fsync, rename; writes coalesced.
 *
 * Off the event loop: the sandbox embedded in the studio shares the host's loop, and it saved its
 * state (every account, task and file it knows) after each burst of changes with a synchronous
 * fsync, which a laptop disk answers in tens to hundreds of milliseconds: the studio's longest
 * pauses in ordinary use (docs/robust-host.md, "The embedded sandbox's state"). The write now goes
 * through fs/promises, one at a time, changes made meanwhile going into the next one.
 */
import { mkdirSync, readFileSync, existsSync, renameSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';

export async function writeJsonAtomic(file: string, value: unknown): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  const fh = await open(tmp, 'w', 0o600);
  try {
    await fh.writeFile(JSON.stringify(value));
    await fh.sync();
  } finally {
    await fh.close();
  }
  await rename(tmp, file).catch(async (err: unknown) => {
    await unlink(tmp).catch(() => undefined);
    throw err;
  });
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

/** Changes within this long share one write. */
const GATHER_MS = 200;

export interface Saver {
  /** A change happened: it is written within GATHER_MS, or after the write under way. */
  schedule(): void;
  /** Writes what is pending now and resolves once it is on disk (used on close). */
  flush(): Promise<void>;
}

export function createSaver(dir: string | undefined, snapshot: () => unknown, log: (line: string) => void = () => undefined): Saver {
  if (!dir) return { schedule() {}, flush: async () => undefined };
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'state.json');
  let timer: NodeJS.Timeout | undefined;
  let dirty = false;
  let writing: Promise<void> | undefined;

  const write = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (writing) return writing.then(() => (dirty ? write() : undefined));
    dirty = false;
    writing = writeJsonAtomic(file, snapshot())
      // A sandbox that cannot save keeps serving from memory; the next change tries again.
      .catch((err: unknown) => log(`The sandbox could not save its state: ${(err as Error).message}`))
      .finally(() => {
        writing = undefined;
        if (dirty) timer ??= setTimeout(() => void write(), GATHER_MS);
      });
    return writing;
  };

  return {
    schedule() {
      dirty = true;
      if (!writing) timer ??= setTimeout(() => void write(), GATHER_MS);
    },
    async flush() {
      if (timer || dirty) await write();
      else await writing;
    },
  };
}
