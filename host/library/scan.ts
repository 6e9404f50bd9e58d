/**
 * Reconciles the index with what is really on disk. Sidecars are the truth: a sidecar whose media
 * file is present is an item, media without a sidecar is not (a save that never committed), and a
 * sidecar that cannot be read is skipped and logged rather than hiding the rest of the library.
 *
 * Running on every open picks up saves that a kill kept out of the index and files the creator
 * deleted or copied by hand. To stay cheap with tens of thousands of items it re-reads only
 * folders whose mtime differs from the one recorded when they were last read (adding, removing
 * or renaming an entry changes a folder's mtime), and only sidecars the index does not know.
 */
import path from 'node:path';
import { LibraryItem } from './library-item.js';
import { errno, type DiskOps } from './disk.js';
import { isUnfinished } from './names.js';

/** The library is `<root>/<YYYY-MM>/…`; a little more depth tolerates hand-made sub-folders. */
const MAX_DEPTH = 3;
const READ_CONCURRENCY = 16;
/** Coarse file systems (FAT: 2 s) could hide a change made in the same tick as the reading. */
const SETTLE_MS = 2_000;
/** Recorded for a folder read too soon after a change: it is read again on the next open. */
const UNSETTLED = -1;

export interface Known {
  /** The known items' ids and files, row by row (the index's columns). */
  ids: readonly string[];
  files: readonly string[];
  dirs: Readonly<Record<string, number>>;
}

export interface Reconciled {
  /** Which known rows are still items (one byte each); undefined when all of them are. */
  keep: Uint8Array | undefined;
  /** Items whose sidecars the index did not know. */
  added: LibraryItem[];
  dirs: Record<string, number>;
  /** True when the result differs from what was known (the index must be written). */
  changed: boolean;
}

const parentOf = (rel: string): string => rel.slice(0, Math.max(0, rel.lastIndexOf('/')));
const absOf = (root: string, rel: string): string => (rel ? path.join(root, ...rel.split('/')) : root);

/**
 * Far past any sidecar the studio writes (a long prompt and its settings are kilobytes): a larger
 * one is skipped by its size on disk, never read whole and parsed on the host's loop.
 */
export const MAX_SIDECAR_BYTES = 4 * 1024 * 1024;

async function readSidecar(disk: DiskOps, root: string, file: string, log: (line: string) => void): Promise<LibraryItem | undefined> {
  try {
    const sidecar = absOf(root, `${file}.json`);
    if ((await disk.size(sidecar)) > MAX_SIDECAR_BYTES) {
      log(`library: skipped ${file}.json: larger than ${MAX_SIDECAR_BYTES / 1024 / 1024} MB`);
      return undefined;
    }
    const json: unknown = JSON.parse((await disk.readFile(sidecar)).toString('utf8'));
    const parsed = LibraryItem.safeParse(json);
    if (!parsed.success) {
      log(`library: skipped ${file}.json: not a valid sidecar`);
      return undefined;
    }
    // Where the sidecar sits is what counts; the folder may have been moved or renamed by hand.
    return { ...parsed.data, file };
  } catch (err) {
    log(`library: skipped ${file}.json: ${err instanceof SyntaxError ? 'damaged JSON' : (errno(err) ?? String(err))}`);
    return undefined;
  }
}

interface Scanned {
  dirs: Record<string, number>;
  /** Folders whose mtime is unchanged: their known rows are kept without reading anything. */
  unchanged: Set<string>;
  /** Media files with a sidecar, per folder that was read again. */
  found: Map<string, Set<string>>;
}

/** Walks the library's folders, reading again only those whose mtime differs from `recorded`. */
async function scanFolders(disk: DiskOps, root: string, recorded: Readonly<Record<string, number>>): Promise<Scanned> {
  const dirs: Record<string, number> = {};
  const unchanged = new Set<string>();
  const found = new Map<string, Set<string>>();

  const walk = async (rel: string, depth: number): Promise<void> => {
    let mtime: number;
    try {
      mtime = await disk.mtime(absOf(root, rel));
    } catch (err) {
      // A missing library folder is an empty library; anything else at the root is a real problem.
      if (rel === '' && errno(err) !== 'ENOENT') throw err;
      return;
    }
    if (recorded[rel] === mtime && mtime !== UNSETTLED) {
      dirs[rel] = mtime;
      unchanged.add(rel);
      const children = Object.keys(recorded).filter((d) => d !== '' && parentOf(d) === rel);
      await Promise.all(children.map((d) => walk(d, depth + 1)));
      return;
    }
    dirs[rel] = Date.now() - mtime < SETTLE_MS ? UNSETTLED : mtime;
    const entries = await disk.readdir(absOf(root, rel)).catch(() => []);
    const files = new Set<string>();
    const subdirs: string[] = [];
    for (const e of entries) {
      // Dot entries are the library's own temp files and `.thumbs`, or the OS's (.DS_Store).
      if (e.name.startsWith('.')) continue;
      // A download still under way (or cut) is never an item, whatever sits beside it.
      if (e.isFile() && !isUnfinished(e.name)) files.add(e.name);
      else if (e.isDirectory() && depth < MAX_DEPTH) subdirs.push(rel ? `${rel}/${e.name}` : e.name);
    }
    const media = new Set<string>();
    for (const name of files) {
      if (name.endsWith('.json') && files.has(name.slice(0, -5))) media.add(rel ? `${rel}/${name.slice(0, -5)}` : name.slice(0, -5));
    }
    found.set(rel, media);
    await Promise.all(subdirs.map((d) => walk(d, depth + 1)));
  };
  await walk('', 0);
  return { dirs, unchanged, found };
}

export async function reconcile(disk: DiskOps, root: string, known: Known | undefined, log: (line: string) => void): Promise<Reconciled> {
  const recorded = known?.dirs ?? {};
  const { dirs, unchanged, found } = await scanFolders(disk, root, recorded);

  const files = known?.files ?? [];
  const n = files.length;
  const keep = new Uint8Array(n);
  let kept = 0;
  // Rows come newest first, so a month's rows follow one another: the folder is worked out once per run of them.
  let dir = '';
  let same = false;
  for (let i = 0; i < n; i++) {
    const f = files[i];
    if (!(f.length > dir.length && f.startsWith(dir) && f[dir.length] === '/' && f.indexOf('/', dir.length + 1) < 0)) {
      dir = parentOf(f);
      same = unchanged.has(dir);
    }
    // What is left in `found` afterwards is new.
    if (same || found.get(dir)?.delete(f)) {
      keep[i] = 1;
      kept++;
    }
  }
  // Made only when there is something new to check against it (a set of 100,000 ids is not free).
  let ids: Set<string> | undefined;
  const used = (id: string) => (ids ??= new Set((known?.ids ?? []).filter((_, i) => keep[i]))).has(id);
  const added = await readNew(disk, root, found, used, log);
  return { keep: kept === n ? undefined : keep, added, dirs, changed: !known || !sameDirs(dirs, recorded) || kept !== n || added.length > 0 };
}

/** The items of the sidecars left in `found` (new to the index), skipping ids `used` already. */
async function readNew(disk: DiskOps, root: string, found: Map<string, Set<string>>, used: (id: string) => boolean, log: (line: string) => void): Promise<LibraryItem[]> {
  const unknown = [...found.values()].flatMap((set) => [...set]);
  const added: LibraryItem[] = [];
  const taken = new Set<string>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < unknown.length) {
      const item = await readSidecar(disk, root, unknown[next++], log);
      if (!item) continue;
      // A sidecar copied together with its file repeats an id; the first one found keeps it.
      if (taken.has(item.id) || used(item.id)) {
        log(`library: skipped ${item.file}: its id is already used by another item`);
        continue;
      }
      taken.add(item.id);
      added.push(item);
    }
  };
  await Promise.all(Array.from({ length: READ_CONCURRENCY }, worker));
  return added;
}

const sameDirs = (dirs: Record<string, number>, recorded: Readonly<Record<string, number>>): boolean =>
  Object.keys(dirs).length === Object.keys(recorded).length && Object.entries(dirs).every(([d, m]) => recorded[d] === m);

/** The known rows as the database answers for them, a folder at a time (library-rows.ts). */
export interface KnownRows {
  inFolder(folder: string): { id: string; file: string }[];
  countIn(folder: string): number;
  count(): number;
  has(id: string): boolean;
}

export interface ReconciledRows {
  /** The rows once these changes are made. */
  count: number;
  removeIds: string[];
  added: LibraryItem[];
  dirs: Record<string, number>;
  changed: boolean;
}

/**
 * reconcile() against rows in the database, reading only the rows of folders read again: an
 * opening then never holds every row in memory. Undefined when some rows sit in none of the
 * folders walked (a folder removed or moved by hand): only a look at every row finds those, and
 * the caller does it with reconcile().
 */
export async function reconcileRows(disk: DiskOps, root: string, recorded: Readonly<Record<string, number>>, rows: KnownRows, log: (line: string) => void): Promise<ReconciledRows | undefined> {
  const { dirs, unchanged, found } = await scanFolders(disk, root, recorded);
  let accounted = 0;
  for (const dir of unchanged) accounted += rows.countIn(dir);
  const removeIds: string[] = [];
  for (const [dir, media] of found) {
    for (const row of rows.inFolder(dir)) {
      accounted++;
      // What is left in `found` afterwards is new.
      if (!media.delete(row.file)) removeIds.push(row.id);
    }
  }
  if (accounted !== rows.count()) return undefined;
  const removed = new Set(removeIds);
  const added = await readNew(disk, root, found, (id) => rows.has(id) && !removed.has(id), log);
  return { count: accounted - removeIds.length + added.length, removeIds, added, dirs, changed: !sameDirs(dirs, recorded) || removeIds.length > 0 || added.length > 0 };
}
