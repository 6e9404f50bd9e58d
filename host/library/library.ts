/**
 * The creator's library: every saved output is a media file plus a sidecar (`<file>.json`) under
 * `<root>/<YYYY-MM>/`, thumbnails in `<root>/.thumbs/`, and an index in the app data folder that
 * makes opening fast. The order of a save is what makes a kill at any moment harmless:
 *   1. thumbnail from the incoming file (best effort; a hidden file until the commit names it);
 *   2. claim a free name exclusively, then move (rename) or copy+fsync the file onto it;
 *   3. write the sidecar atomically — the commit point: media without a sidecar is never listed;
 *   4. update the in-memory index and its row in the studio database (library-table.ts).
 * A failure before the commit undoes every step, so no partial file is left behind.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { removeStaleTemps } from '../atomic-file.js';
import { LibraryItem, LibraryItemMeta } from './library-item.js';
import { LibraryIndex, type ListQuery, type ListResult } from './library-index.js';
import { readIndex } from './legacy-index.js';
import { confirmImport, keepIndexAside, removeImported } from './legacy-import.js';
import { columnsOf, emptyColumns, keepRows, pushItem, type Columns } from './index-columns.js';
import { LibraryTable, libraryMigrations, type LibraryState } from './library-table.js';
import { openDatabase, type Db, type StudioDatabase } from '../db/database.js';
import { discard, errno, explain, LibraryError, nodeDisk, withText, writeAtomic, type DiskOps } from './disk.js';
import { msg } from '@shared/messages/index.js';
import { candidateName, cleanStem, monthFolder } from './names.js';
import { reconcile } from './scan.js';
import { sniff, SNIFF_BYTES, type Sniffed } from '@media/sniff.js';
import { probeMp4, type Mp4Header } from '@media/mp4-probe.js';
import { makeThumbnail } from './thumbnail.js';
import type { PosterOptions } from './poster.js';
import { embedMetadata } from './embed-metadata.js';
import { whatBytesAre } from './not-media.js';

export interface LibraryOptions {
  /** The library folder from settings. */
  root: string;
  /**
   * The studio database holding the library's tables (db/, in the app data folder, not in the
   * library, which may be a synced drive), or the path of a database file the library opens on
   * its own and closes with itself (tests, tools).
   */
  db: Db | string;
  /** The index file of earlier releases, imported on the first start (docs/data.md, "The import"). */
  legacyIndex?: string;
  log?: (line: string) => void;
  now?: () => number;
  /** Replaces file operations, so tests can produce ENOSPC/EACCES on demand. */
  disk?: Partial<DiskOps>;
  /** False: videos get no poster frame (pictures still get thumbnails, from sharp). */
  ffmpeg?: boolean;
  /** Which ffmpeg makes posters and its limits; the defaults are poster.ts's. */
  thumbnails?: PosterOptions;
  /** The index was unreadable and kept aside (its backup's name, null when the disk refused) before being rebuilt. */
  onUnreadable?: (backup: string | null) => void;
  /** False: files are saved exactly as they came, without their prompt and settings inside (embed-metadata.ts). */
  metadata?: boolean;
}

export interface AddInput {
  /** A complete file (e.g. a verified download); it is moved into the library. */
  source: string;
  meta: LibraryItemMeta;
  /** Preferred file name; sanitized, and its extension corrected to match the content. */
  name: string;
}

type Undo = () => Promise<unknown>;

export class Library {
  readonly root: string;
  private readonly legacyIndex: string | undefined;
  private readonly dbGiven: Db | string;
  private own: StudioDatabase | undefined;
  private tableOpen: LibraryTable | undefined;
  private readonly log: (line: string) => void;
  private readonly now: () => number;
  private readonly disk: DiskOps;
  private readonly ffmpeg: boolean;
  private readonly thumbnails: PosterOptions;
  private readonly onUnreadable: (backup: string | null) => void;
  private readonly metadata: boolean;
  private readonly index: LibraryIndex;
  /** Folder mtimes from the last reconcile, written with the index (see scan.ts). */
  private dirs: Record<string, number> = {};
  private opening: Promise<number> | undefined;
  private warming: Promise<void> = Promise.resolve();

  constructor(opts: LibraryOptions) {
    this.root = path.resolve(opts.root);
    this.legacyIndex = opts.legacyIndex && path.resolve(opts.legacyIndex);
    this.dbGiven = opts.db;
    this.log = opts.log ?? (() => undefined);
    this.now = opts.now ?? Date.now;
    this.disk = { ...nodeDisk, ...opts.disk };
    this.ffmpeg = opts.ffmpeg ?? true;
    this.thumbnails = opts.thumbnails ?? {};
    this.onUnreadable = opts.onUnreadable ?? (() => undefined);
    this.metadata = opts.metadata ?? true;
    this.index = new LibraryIndex(this.log, (id) => {
      try {
        // After close the database is gone: no connection is opened again for this.
        return this.tableOpen?.restOf(id);
      } catch (err) {
        // The item is still listed and served; only its details are missing (the sidecar has them).
        this.log(`library: could not read ${id}'s details from the database (${errno(err) ?? String(err)})`);
        return undefined;
      }
    });
  }

  /** Loads the index, reconciles it with the sidecars on disk, and returns the number of items. */
  open(): Promise<number> {
    this.opening ??= this.load().catch((err: unknown) => {
      this.opening = undefined;
      throw explain(err, this.root);
    });
    return this.opening;
  }

  private get table(): LibraryTable {
    if (!this.tableOpen) {
      let db = this.dbGiven;
      if (typeof db === 'string') {
        this.own = openDatabase({ file: db, domains: [libraryMigrations], log: this.log });
        db = this.own.forDomain('library');
      }
      this.tableOpen = new LibraryTable(db);
    }
    return this.tableOpen;
  }

  /**
   * The rows of the database, or on the first start the old index file's (imported, then kept
   * as `<file>.imported` until a later start), reconciled with the sidecars on disk.
   */
  private async load(): Promise<number> {
    const table = this.table;
    const state = table.state();
    const legacy = this.legacyIndex && (await this.disk.exists(this.legacyIndex)) ? this.legacyIndex : undefined;
    let known: { columns: Columns; dirs: Record<string, number> } | undefined;
    if (legacy) {
      // Still under its own name: its import was never confirmed (a first start, or one killed half-way).
      removeStaleTemps(path.dirname(legacy), [path.basename(legacy)]);
      known = await readIndex(this.disk, legacy, this.root, this.log, () => keepIndexAside(legacy, this.log, this.onUnreadable));
    } else if (state?.root === this.root) known = { columns: await table.readAll(), dirs: state.dirs };
    const { keep, added, dirs, changed } = await reconcile(this.disk, this.root, known && { ids: known.columns.id, files: known.columns.file, dirs: known.dirs }, this.log);
    const columns = !known ? emptyColumns() : keep ? keepRows(known.columns, keep) : known.columns;
    const before = columns.id.length;
    for (const item of added) pushItem(columns, item);
    this.index.load(columns);
    this.dirs = dirs;
    const next: LibraryState = { root: this.root, dirs, importedFrom: state?.root === this.root ? state.importedFrom : null };
    try {
      if (legacy || state?.root !== this.root) await table.apply(next, { removeAll: true, add: columns });
      else if (changed) {
        const removeIds = keep ? known!.columns.id.filter((_, i) => !keep[i]) : [];
        await table.apply(next, { removeIds, add: columnsOf(added) });
      }
      if (legacy) await confirmImport({ disk: this.disk, table, log: this.log }, { legacy, columns, fromFile: before, root: this.root, dirs: this.dirs });
      else if (next.importedFrom) await removeImported({ disk: this.disk, table, log: this.log }, next);
    } catch (err) {
      // The rows are a cache of the sidecars: the gallery works from memory, the next open rebuilds them.
      this.log(`library: could not write the index to the database (${errno(err) ?? String(err)}); the next open rebuilds it from the sidecars`);
    }
    // The search text is made once the opening is done, not during it, a slice per turn of the loop.
    this.warming = new Promise<void>((resolve) => setImmediate(resolve).unref())
      .then(() => this.index.warm())
      .catch((err: unknown) => this.log(`library: could not make the search text ahead (${String(err)})`));
    return this.index.size;
  }

  /** Settles once the search text made after opening is ready (a search before makes it at once). */
  searchReady(): Promise<void> {
    return this.warming;
  }

  /** Waits for an opening under way (its rows are written), then closes a database the library opened itself. */
  async close(): Promise<void> {
    await this.opening?.catch(() => undefined);
    this.own?.close();
    this.own = undefined;
    this.tableOpen = undefined;
  }

  /** Keeps the database's row in step with the index; a failure costs only a rebuild at the next open. */
  private persist(work: (table: LibraryTable) => void): void {
    try {
      work(this.table);
    } catch (err) {
      this.log(`library: could not write the index to the database (${errno(err) ?? String(err)}); the next open rebuilds it from the sidecars`);
    }
  }

  list(query?: ListQuery): ListResult {
    return this.index.list(query);
  }

  /** Each match's width over height (the gallery's layout), in list order: LibraryIndex.shapes. */
  shapes(query?: ListQuery): number[] {
    return this.index.shapes(query);
  }

  get(id: string): LibraryItem | undefined {
    return this.index.get(id);
  }

  models(): string[] {
    return this.index.models();
  }

  /** Whether a library-relative path is a saved item's file or thumbnail: the only media served. */
  knows(relativePath: string): boolean {
    return this.index.knows(relativePath);
  }

  /** Absolute path of a library-relative path, refusing anything that would leave the root. */
  resolve(rel: string): string {
    const abs = path.resolve(this.root, ...rel.split('/'));
    const back = path.relative(this.root, abs);
    if (!back || back.startsWith('..') || path.isAbsolute(back)) throw withText(msg('jobs.library.notInside', { path: rel }));
    return abs;
  }

  async add(input: AddInput): Promise<LibraryItem> {
    const meta = LibraryItemMeta.parse(input.meta);
    await this.open();
    const id = randomUUID();
    const savedAt = this.now();
    let head: Buffer;
    try {
      head = await this.disk.readHead(input.source, SNIFF_BYTES);
    } catch (err) {
      if (errno(err) === 'ENOENT') throw new LibraryError('source_missing', msg('jobs.library.sourceGone'), { cause: err });
      throw explain(err, this.root);
    }
    // What the bytes are decides, never the name, the link or the answer's Content-Type: a web
    // page or any other file sent in place of a result is refused, not kept as a picture under
    // an extension taken from the prompt (docs/library-files.md, "What is saved").
    const type = await sniff(head);
    if (!type) throw new LibraryError('not_media', msg('jobs.library.notMedia', { what: whatBytesAre(head) }));
    const { stem } = cleanStem(input.name);
    const folder = monthFolder(savedAt);
    const dir = path.join(this.root, folder);
    const undo: Undo[] = [];
    let item: LibraryItem;
    let copied: boolean;
    try {
      await this.disk.mkdir(dir);
      // Before the move: a kill between the move and the sidecar leaves a file in the creator's
      // folder that the gallery does not list, so that gap is kept to one rename.
      const thumb = await this.thumbnail(input.source, input.name, id, type, undo);
      const from = await this.tagged(input.source, type, meta, dir, id, undo);
      const placed = await this.place(from, dir, stem, type.ext, id, undo);
      // A tagged copy was placed: the incoming file is removed once the save is committed.
      copied = placed.copied || from !== input.source;
      const abs = path.join(dir, placed.name);
      const bytes = await this.disk.size(abs);
      // A video's picture size and length come from its header (sniffing reads too little for
      // them): the gallery lays tiles out by shape, and shows the length on the tile.
      const header = type.kind === 'video' && !type.width ? await videoHeader(abs) : undefined;
      item = LibraryItem.parse({
        ...meta,
        version: 1,
        id,
        kind: type.kind,
        mime: type.mime,
        file: `${folder}/${placed.name}`,
        bytes,
        width: type.width ?? header?.width ?? meta.width,
        height: type.height ?? header?.height ?? meta.height,
        durationSeconds: meta.durationSeconds ?? header?.durationSeconds,
        savedAt,
        thumb,
      });
      await writeAtomic(this.disk, dir, `${abs}.json`, JSON.stringify(item, null, 2), `.${id}.json.tmp`);
    } catch (err) {
      for (const step of undo.reverse()) await step().catch(() => undefined);
      throw explain(err, this.root);
    }
    this.index.put(item);
    this.persist((t) => t.put(columnsOf([item])));
    if (copied) await this.disk.unlink(input.source).catch((err: unknown) => this.log(`library: saved a copy but could not remove ${input.source} (${errno(err)})`));
    return item;
  }

  /** Deletes the sidecar first (so the item is gone even if the rest fails), then media and thumbnail. */
  async remove(id: string): Promise<boolean> {
    await this.open();
    const item = this.index.get(id);
    if (!item) return false;
    const media = this.resolve(item.file);
    try {
      await this.disk.unlink(`${media}.json`);
    } catch (err) {
      if (errno(err) !== 'ENOENT') throw explain(err, this.root);
    }
    this.index.delete(id);
    this.persist((t) => t.delete(id));
    const rest = [media, ...(item.thumb ? [this.resolve(item.thumb)] : [])];
    for (const p of rest) {
      await this.disk.unlink(p).catch((err: unknown) => {
        if (errno(err) !== 'ENOENT') this.log(`library: could not delete ${p} (${errno(err)})`);
      });
    }
    return true;
  }

  /**
   * Puts the file under the first free name. The name is claimed with an exclusive create, so two
   * saves can never pick the same one, and the file then replaces only our own empty placeholder.
   */
  private async place(source: string, dir: string, stem: string, ext: string, id: string, undo: Undo[]): Promise<{ name: string; copied: boolean }> {
    for (let n = 1; n <= 10_000; n++) {
      const name = candidateName(stem, ext, n);
      const target = path.join(dir, name);
      try {
        await this.disk.claim(target);
      } catch (err) {
        if (errno(err) === 'EEXIST') continue;
        throw err;
      }
      // A sidecar left behind by a file deleted by hand would otherwise describe this new file.
      if (await this.disk.exists(`${target}.json`)) {
        await discard(this.disk, [target]);
        continue;
      }
      undo.push(() => this.disk.unlink(target));
      let copied = false;
      try {
        await this.disk.rename(source, target);
        // Moved: undoing must give the caller its file back, not delete it.
        undo[undo.length - 1] = () => this.disk.rename(target, source);
      } catch (err) {
        // Another disk (EXDEV), or a source folder we may read but not change: copy instead.
        if (!['EXDEV', 'EPERM', 'EACCES'].includes(errno(err) ?? '')) throw err;
        const temp = path.join(dir, `.${id}.part`);
        undo.push(() => this.disk.unlink(temp));
        await this.disk.copyDurable(source, temp);
        await this.disk.rename(temp, target);
        copied = true;
      }
      // No directory fsync here: the sidecar's atomic write syncs this same folder right after.
      return { name, copied };
    }
    throw withText(msg('jobs.library.tooManyNames'));
  }

  /**
   * Best effort: a copy of the incoming file with its prompt and settings inside, hidden beside
   * the target until placed; when that cannot be written the file is saved as it came.
   */
  private async tagged(source: string, type: Sniffed, meta: LibraryItemMeta, dir: string, id: string, undo: Undo[]): Promise<string> {
    if (!this.metadata) return source;
    const temp = path.join(dir, `.${id}.meta.part`);
    const done = await embedMetadata(source, type, meta, temp, { disk: this.disk, ffmpeg: this.ffmpeg, video: { ffmpegPath: this.thumbnails.ffmpegPath } });
    if (!done.ok) {
      this.log(`library: saved without metadata inside (${done.reason})`);
      return source;
    }
    undo.push(() => this.disk.unlink(temp));
    return temp;
  }

  /**
   * Best effort: a file that cannot be decoded is still saved, just without a thumbnail. The file
   * is handed over by its path: libvips and the ffmpeg process read it themselves, off this thread.
   */
  private async thumbnail(abs: string, name: string, id: string, type: Sniffed, undo: Undo[]): Promise<string | undefined> {
    if (type.kind === 'audio') return undefined;
    try {
      const made = await makeThumbnail(abs, type, { ...this.thumbnails, posters: this.ffmpeg });
      if (!made) return undefined;
      if (!made.ok) {
        this.log(`library: no thumbnail for ${name}: ${made.reason}`);
        return undefined;
      }
      const thumb = made.thumb;
      const rel = `.thumbs/${id}${thumb.ext}`;
      const dir = path.join(this.root, '.thumbs');
      await this.disk.mkdir(dir);
      await writeAtomic(this.disk, dir, this.resolve(rel), thumb.data, `.${id}.tmp`);
      undo.push(() => this.disk.unlink(this.resolve(rel)));
      return rel;
    } catch (err) {
      this.log(`library: no thumbnail for ${name}: ${err instanceof Error ? err.message : String(err)}`);
      return undefined;
    }
  }
}

/** The header of a saved video, or nothing when it cannot be read (the file is kept either way). */
async function videoHeader(file: string): Promise<Mp4Header | undefined> {
  const probe = await probeMp4(file).catch(() => undefined);
  return probe?.ok ? probe.header : undefined;
}
