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
import { LibraryIndex, type Change, type ListQuery, type ListResult } from './library-index.js';
import { LibraryRows } from './library-rows.js';
import { readIndex } from './legacy-index.js';
import { confirmImport, keepIndexAside, removeImported } from './legacy-import.js';
import { columnsOf, emptyColumns, keepRows, pushItem, type Columns } from './index-columns.js';
import { LibraryTable, libraryMigrations, type LibraryState } from './library-table.js';
import { openDatabase, type Db, type StudioDatabase } from '../db/database.js';
import { errno, explain, nodeDisk, writeAtomic, type DiskOps } from './disk.js';
import { cleanStem, monthFolder } from './names.js';
import { reconcile, reconcileRows, type ReconciledRows } from './scan.js';
import type { AddInput, LibraryOptions } from './library-options.js';
import type { Curation, CurationFilter } from './curation.js';
import { LibraryCuration } from './library-curation.js';
import { facetMask, facetsOf, facetsReady } from './library-facets.js';
import { childrenOf } from './lineage-table.js';
import { curatedSearch } from './curation-search.js';
import { favouriteMany } from './favourite-bulk.js';
import { insideRoot, sniffSource, placeFile, saveThumbnail, taggedCopy, videoHeader, type SaveContext, type Undo } from './library-save.js';

export type { AddInput, LibraryOptions } from './library-options.js';

export class Library {
  readonly root: string;
  private readonly legacyIndex: string | undefined;
  private readonly dbGiven: Db | string;
  private own: StudioDatabase | undefined;
  private tableOpen: LibraryTable | undefined;
  private rowsOpen: LibraryRows | undefined;
  private curationOpen: LibraryCuration | undefined;
  /** Items read from their sidecars at the last opening: their curation is adopted (curation.ts). */
  private fromSidecars: LibraryItem[] = [];
  private readonly log: (line: string) => void;
  private readonly now: () => number;
  private readonly disk: DiskOps;
  private readonly onUnreadable: (backup: string | null) => void;
  private readonly saving: SaveContext;
  readonly index: LibraryIndex;
  /**
   * Where queries are answered: the index in memory, or the database's rows while they are read
   * into it after an opening (or for good, when that reading failed).
   */
  private answering: 'index' | 'rows' = 'index';
  /** The changes made while the rows are read into memory; undefined when no reading is under way. */
  private filling: Change[] | undefined;
  private closed = false;
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
    this.onUnreadable = opts.onUnreadable ?? (() => undefined);
    this.saving = {
      root: this.root, disk: this.disk, log: this.log, metadata: opts.metadata ?? true, ffmpeg: opts.ffmpeg ?? true, thumbnails: opts.thumbnails ?? {},
      resolve: (rel) => this.resolve(rel),
    };
    this.index = new LibraryIndex(this.log, (id) => {
      try {
        // After close the database is gone: no connection is opened again for this.
        return this.tableOpen?.restOf(id);
      } catch (err) {
        // The item is still listed and served; only its details are missing (the sidecar has them).
        this.log(`library: could not read ${id}'s details from the database (${errno(err) ?? String(err)})`);
        return undefined;
      }
    }, (after) => this.tableOpen?.stackKeysAfter(after) ?? [], (after, limit) => this.tableOpen?.rewrittenPage(after, limit) ?? []);
  }

  /** Loads the index, reconciles it with the sidecars on disk, and returns the number of items. */
  open(): Promise<number> {
    this.opening ??= this.load().then((n) => this.curating.open(this.fromSidecars.splice(0)).then(() => n)).catch((err: unknown) => {
      this.opening = undefined;
      throw explain(err, this.root);
    });
    return this.opening;
  }

  get table(): LibraryTable {
    if (!this.tableOpen) {
      let db = this.dbGiven;
      if (typeof db === 'string') {
        this.own = openDatabase({ file: db, domains: [libraryMigrations], log: this.log });
        db = this.own.forDomain('library');
      }
      this.tableOpen = new LibraryTable(db);
      this.rowsOpen = new LibraryRows(db, this.log);
      const table = this.tableOpen;
      this.curationOpen = new LibraryCuration({
        db, disk: this.disk, now: this.now, log: this.log, fileOf: (id) => table.fileOf(id), resolve: (rel) => this.resolve(rel), closed: () => this.closed,
      });
    }
    return this.tableOpen;
  }

  /** Ratings, tags and collections (curation.ts), loaded at opening; `follow()` after an edit writes them into the sidecars. */
  get curating(): LibraryCuration { return this.table && this.curationOpen!; }

  get curation(): Curation { return this.curating.state; }

  private get rows(): LibraryRows {
    void this.table;
    return this.rowsOpen!;
  }

  /**
   * The rows of the database, or on the first start the old index file's (imported, then kept
   * as `<file>.imported` until a later start), reconciled with the sidecars on disk.
   */
  private async load(): Promise<number> {
    const table = this.table;
    const state = table.state();
    const legacy = this.legacyIndex && (await this.disk.exists(this.legacyIndex)) ? this.legacyIndex : undefined;
    if (!legacy && state?.root === this.root) {
      const found = await reconcileRows(this.disk, this.root, state.dirs, this.rows, this.log);
      if (found) return this.openOnRows(table, { root: this.root, dirs: found.dirs, importedFrom: state.importedFrom }, found);
    }
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
    this.fromSidecars = [...added];
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
    this.warming = this.afterOpening(() => this.index.warm());
    return this.index.size;
  }

  /**
   * Opens on the database's rows as they are (their changes found by reconcileRows written first):
   * queries are answered from the rows (library-rows.ts) while they are read into memory after
   * the opening, a page per turn of the loop; 100,000 rows take a few hundred milliseconds to
   * read, which an opening waited for (docs/performance.md, "gallery").
   */
  private async openOnRows(table: LibraryTable, next: LibraryState, found: ReconciledRows): Promise<number> {
    this.dirs = found.dirs;
    this.fromSidecars = [...found.added];
    const changes: Change[] = [...found.removeIds.map((remove) => ({ remove })), ...found.added.map((put) => ({ put }))];
    let written = true;
    try {
      if (found.changed) await table.apply(next, { removeIds: found.removeIds, add: columnsOf(found.added) });
      if (next.importedFrom) await removeImported({ disk: this.disk, table, log: this.log }, next);
    } catch (err) {
      written = false;
      this.log(`library: could not write the index to the database (${errno(err) ?? String(err)}); the next open rebuilds it from the sidecars`);
    }
    this.answering = 'rows';
    this.filling = changes;
    const filled = this.afterOpening(() => this.fill(table));
    // Rows the database could not take would be missing from its answers: the opening waits for memory.
    if (!written) {
      await filled;
      return this.index.size;
    }
    this.warming = filled;
    return found.count;
  }

  /** Reads every row into memory, makes there the changes made meanwhile, then the search text. */
  private async fill(table: LibraryTable): Promise<void> {
    try {
      const columns = await table.readAll(() => this.closed);
      this.index.load(columns);
      for (const change of this.filling ?? []) this.index.apply(change);
      this.answering = 'index';
    } catch (err) {
      if (!this.closed) this.log(`library: could not read the index into memory (${errno(err) ?? String(err)}); the gallery is answered from the database`);
      return;
    } finally {
      this.filling = undefined;
    }
    await this.index.warm();
  }

  /** Runs `work` once the opening is done, not during it (a slice per turn of the loop). */
  private afterOpening(work: () => Promise<void>): Promise<void> {
    return new Promise<void>((resolve) => setImmediate(resolve).unref())
      .then(work)
      .catch((err: unknown) => this.log(`library: could not make the search text ahead (${String(err)})`));
  }

  /** Settles once the rows are in memory and the search text made after opening is ready (a search before makes it at once). */
  searchReady(): Promise<void> { return this.warming; }

  /** Waits for an opening under way (its rows are written) and the reading after it, then closes a database the library opened itself. */
  async close(): Promise<void> {
    this.closed = true;
    await this.opening?.catch(() => undefined);
    await this.warming;
    await this.curationOpen?.idle();
    this.own?.close();
    this.own = undefined;
    this.tableOpen = undefined;
    this.rowsOpen = undefined;
  }

  /** Keeps the database's row in step with the index; a failure costs only a rebuild at the next open. */
  private persist(work: (table: LibraryTable) => void): void {
    try {
      work(this.table);
    } catch (err) {
      this.log(`library: could not write the index to the database (${errno(err) ?? String(err)}); the next open rebuilds it from the sidecars`);
    }
  }

  /** The index in memory, or the rows in the database while they are read into it (same answers). */
  private get answers(): Pick<LibraryIndex, 'list' | 'shapes' | 'ids' | 'get' | 'models' | 'knows' | 'known'> {
    return this.answering === 'rows' && this.rowsOpen ? this.rowsOpen : this.index;
  }

  /** Items with their curation; curation filters by the ids curation.ts keeps (the rows filter them in SQL). */
  list(query: ListQuery & CurationFilter = {}): ListResult {
    const [a, q] = this.answersFor(query);
    const { items, ...counts } = a.list(q);
    return { items: items.map((i) => this.curation.decorate(i)), ...counts };
  }

  /** Each match's width over height (the gallery's layout), in list order: LibraryIndex.shapes. */
  shapes(query: ListQuery & CurationFilter = {}): number[] {
    const [a, q] = this.answersFor(query);
    return a.shapes(q);
  }

  /** Every match's id, in list order (the Gallery's "Select all"): LibraryIndex.ids. */
  ids(query: ListQuery & CurationFilter = {}): string[] { const [a, q] = this.answersFor(query); return a.ids(q); }

  /** Where a query is answered, and how: the favourites, until read after the opening, are asked of the rows. */
  private answersFor(q: ListQuery & CurationFilter): [Pick<LibraryIndex, 'list' | 'shapes' | 'ids'>, ListQuery] {
    const a = ((q.favourite && !this.curation.favouritesReady) || !facetsReady(this, q)) && this.rowsOpen ? this.rowsOpen : this.answers;
    return [a, a === this.index ? { ...q, only: this.curation.matching(q), mask: facetMask(facetsOf(this), q), curated: curatedSearch(this.curation) } : q];
  }

  get(id: string): LibraryItem | undefined {
    const item = this.answers.get(id);
    return item && this.curation.decorate(item);
  }

  /** Which of `ids` the library holds, each once, in the order given. */
  known(ids: readonly string[]): string[] { return this.answers.known(ids); }

  models(): string[] { return this.answers.models(); }
  /** The ids of the items that name `id` as a source (lineage-table.ts): one indexed lookup. */
  usedIn(id: string, limit: number): string[] { return childrenOf(this.table.db, id, limit); }
  /** Whether stacked lists are stacked yet, and whether any item stacks (stack-keys.ts): known once `searchReady` settles. */
  get stacks(): { ready: boolean; size: number } { return this.index.stacks; }

  /** Whether a library-relative path is a saved item's file or thumbnail: the only media served. */
  knows(relativePath: string): boolean { return this.answers.knows(relativePath); }

  /** A save or removal made in memory, or kept until the rows read into memory are there. */
  private change(c: Change): void {
    if (this.filling) this.filling.push(c);
    else if (this.answering === 'index') this.index.apply(c);
  }

  /** Absolute path of a library-relative path, refusing anything that would leave the root. */
  resolve(rel: string): string {
    return insideRoot(this.root, rel);
  }

  async add(input: AddInput): Promise<LibraryItem> {
    const meta = LibraryItemMeta.parse(input.meta);
    await this.open();
    const id = randomUUID();
    const savedAt = this.now();
    const type = await sniffSource(this.disk, input.source, this.root);
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
      const thumb = await saveThumbnail(this.saving, input.source, input.name, id, type, undo);
      const from = input.ownTags ? input.source : await taggedCopy(this.saving, input.source, type, meta, dir, id, undo);
      const placed = await placeFile(this.saving, from, dir, stem, type.ext, id, undo);
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
    this.persist((t) => t.put(columnsOf([item])));
    this.change({ put: item });
    if (copied) await this.disk.unlink(input.source).catch((err: unknown) => this.log(`library: saved a copy but could not remove ${input.source} (${errno(err)})`));
    return item;
  }

  /** Marks or unmarks a winner: the sidecar first (the truth a rebuild reads: sidecar-edit.ts), then the row. Undefined when the item is gone. */
  async setFavourite(id: string, favourite: boolean): Promise<LibraryItem | undefined> {
    await this.open();
    const item = this.get(id);
    if (!item) return undefined;
    if ((item.favourite === true) === favourite) return item;
    let next: LibraryItem;
    try {
      next = await this.curating.sidecars.edit(this.resolve(item.file), id, ({ favourite: _was, ...kept }) => (favourite ? { ...kept, favourite: true } : kept));
    } catch (err) {
      throw explain(err, this.root);
    }
    this.persist((t) => t.put(columnsOf([next])));
    this.change({ put: next });
    if (favourite) this.curation.favourites.add(id);
    else this.curation.favourites.delete(id);
    return this.curation.decorate(next);
  }

  /** Marks or unmarks many winners in one transaction, their sidecars following (favourite-bulk.ts); answers how many changed. */
  favourite(ids: readonly string[], favourite: boolean): number {
    const changed = favouriteMany(this.curation, this.known(ids), favourite);
    this.change({ reread: changed });
    return changed.length;
  }

  /** Deletes the sidecar first (so the item is gone even if the rest fails), then media and thumbnail. */
  async remove(id: string): Promise<boolean> {
    await this.open();
    const item = this.get(id);
    if (!item) return false;
    const media = this.resolve(item.file);
    try {
      await this.disk.unlink(`${media}.json`);
    } catch (err) {
      if (errno(err) !== 'ENOENT') throw explain(err, this.root);
    }
    this.persist((t) => {
      t.delete(id);
      this.curation.forget(id);
    });
    this.change({ remove: id });
    const rest = [media, ...(item.thumb ? [this.resolve(item.thumb)] : [])];
    for (const p of rest) {
      await this.disk.unlink(p).catch((err: unknown) => {
        if (errno(err) !== 'ENOENT') this.log(`library: could not delete ${p} (${errno(err)})`);
      });
    }
    return true;
  }
}
