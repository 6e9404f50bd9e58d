/**
 * The index file of earlier releases (`library-index.json` in the app's data folder), read once
 * to import its rows into the studio database (library-table.ts; docs/data.md, "The import"). It
 * was a cache of the sidecars, so a damaged or foreign one is not imported: a damaged one is kept
 * aside (docs/security.md) and the index rebuilt from the sidecars. Both of its formats are read:
 * the columnar one (index-format.ts) and the first, one JSON document (index-v1.ts).
 */
import { errno, type DiskOps } from './disk.js';
import { parseDataFile } from '../unreadable-file.js';
import { DamagedIndex, decodeIndexInSlices, type IndexContent } from './index-format.js';
import { columnsOfRows, IndexFileV1 } from './index-v1.js';

export type { IndexContent } from './index-format.js';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

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
    // In slices with the loop given back between them: the file of 100,000 items is 29 MB.
    content = await decodeIndexInSlices(bytes, nextTurn);
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
