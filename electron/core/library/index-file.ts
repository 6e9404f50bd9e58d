/**
 * The index file in the app's data folder: a cache of the sidecars that makes opening fast. It is
 * never the only copy of anything, so a missing, damaged or foreign index is simply rebuilt (a
 * damaged one kept aside first, docs/security.md), and writes are coalesced (a burst of saves
 * costs one write) and atomic (a kill never leaves half). An index in the first format
 * (index-v1.ts) is read as it is and written in the current one (index-format.ts) next time.
 */
import path from 'node:path';
import { errno, writeAtomic, type DiskOps } from './disk.js';
import { parseDataFile } from '../unreadable-file.js';
import { DamagedIndex, decodeIndex, encodeIndex, type IndexContent } from './index-format.js';
import { columnsOfRows, IndexFileV1 } from './index-v1.js';

export type { IndexContent } from './index-format.js';

/** The first format's content, or undefined when the bytes are not one. */
function readV1(bytes: Buffer): IndexContent | undefined {
  let json: unknown;
  try {
    json = parseDataFile(bytes);
  } catch {
    return undefined;
  }
  const parsed = IndexFileV1.safeParse(json);
  if (!parsed.success) return undefined;
  return { root: parsed.data.root, dirs: parsed.data.dirs, columns: columnsOfRows(parsed.data.rows), outdated: true };
}

/**
 * The content of a valid index written for `root`, or undefined (with the reason logged);
 * `damaged` is called for a file that is there but unreadable (not for one of another folder).
 */
export async function readIndex(disk: DiskOps, file: string, root: string, log: (line: string) => void, damaged: () => void = () => undefined): Promise<IndexContent | undefined> {
  let bytes: Buffer;
  try {
    bytes = await disk.readFile(file);
  } catch (err) {
    if (errno(err) === 'ENOENT') return undefined;
    log(`library: cannot read the index (${errno(err) ?? String(err)}); rebuilding from sidecars`);
    damaged();
    return undefined;
  }
  let content: IndexContent | undefined;
  try {
    content = decodeIndex(bytes);
  } catch (err) {
    if (!(err instanceof DamagedIndex)) throw err;
    content = err.header ? readV1(bytes) : undefined;
    if (content) log('library: read an index of the first format; it is written in the current one next');
    else {
      log(`library: the index is damaged (${err.header ? 'unreadable' : err.message}); rebuilding from sidecars`);
      damaged();
      return undefined;
    }
  }
  if (content.root !== root) {
    log('library: the index belongs to another library folder; rebuilding from sidecars');
    return undefined;
  }
  return content;
}

export async function writeIndex(disk: DiskOps, file: string, content: IndexContent): Promise<void> {
  const dir = path.dirname(file);
  await disk.mkdir(dir);
  const temp = `.${path.basename(file)}.${process.pid}.${Date.now().toString(36)}.tmp`;
  await writeAtomic(disk, dir, file, encodeIndex(content), temp);
}

/** Runs `write` at most once at a time; changes made meanwhile are folded into one more run. */
export class CoalescedWriter {
  private dirty = false;
  private timer: NodeJS.Timeout | undefined;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly write: () => Promise<void>,
    private readonly delayMs: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  schedule(): void {
    this.dirty = true;
    if (this.loop || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.start();
    }, this.delayMs);
    // A pending index write must not keep the process alive; close() flushes it.
    this.timer.unref();
  }

  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    while (this.dirty || this.loop) await this.start();
  }

  private start(): Promise<void> {
    // With nothing to write the loop below would finish synchronously, before it is assigned.
    if (!this.loop && !this.dirty) return Promise.resolve();
    this.loop ??= (async () => {
      while (this.dirty) {
        this.dirty = false;
        try {
          await this.write();
        } catch (err) {
          // The index is only a cache: the next open reconciles it with the sidecars.
          this.onError(err);
        }
      }
      this.loop = undefined;
    })();
    return this.loop;
  }
}
