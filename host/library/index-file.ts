/**
 * The index file in the app's data folder: a cache of the sidecars that makes opening fast. It is
 * never the only copy of anything, so a missing, damaged or foreign index is simply rebuilt (a
 * damaged one kept aside first, docs/security.md), and writes are coalesced (coalesced-file.ts: a burst of saves
 * costs one write) and atomic (a kill never leaves half). An index in the first format
 * (index-v1.ts) is read as it is and written in the current one (index-format.ts) next time.
 */
import path from 'node:path';
import { errno, writeAtomic, type DiskOps } from './disk.js';
import { parseDataFile } from '../unreadable-file.js';
import { DamagedIndex, decodeIndex, encodeIndexPaced, type IndexContent } from './index-format.js';
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
  await writeAtomic(disk, dir, file, await encodeIndexPaced(content), temp);
}
