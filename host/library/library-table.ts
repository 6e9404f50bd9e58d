/**
 * The library's rows in the studio database (docs/data.md, "The library"): one row per item with
 * the columns the gallery lists, sorts, filters and searches by, and the rest of the item as one
 * JSON text (index-columns.ts). It is a cache of the sidecars, as the index file was: the sidecars
 * stay the truth, and a lost or damaged database is rebuilt from them.
 *
 * Every statement is bounded so none holds the host's loop for long: one row per save or
 * removal, and pages of rows (PAGE read, keyset by the list order's index; WRITE_PAGE written) with the loop given back
 * between pages when the whole library is read at open or written after a rebuild or an import.
 */
import type { Db, DomainMigrations } from '../db/migrations.js';
import { COLUMN_NAMES, emptyColumns, type Columns } from './index-columns.js';
import type { LibraryKind } from './library-item.js';
import { curationMigration } from './curation-table.js';
import { LineageEdges, lineageMigration } from './lineage-table.js';
import { STACK_KEY_SQL } from './stack-keys.js';

export const libraryMigrations: DomainMigrations = {
  domain: 'library',
  migrations: [
    {
      version: 1,
      name: 'library index',
      up: (db) => db.exec(`
        CREATE TABLE library_items (
          id TEXT PRIMARY KEY,
          kind TEXT NOT NULL CHECK (kind IN ('image', 'video', 'audio')),
          file TEXT NOT NULL,
          thumb TEXT NOT NULL,
          prompt TEXT NOT NULL,
          model TEXT NOT NULL,
          created_at REAL NOT NULL,
          saved_at REAL NOT NULL,
          ratio REAL NOT NULL,
          rest TEXT NOT NULL
        ) STRICT;
        CREATE INDEX library_items_list ON library_items (created_at DESC, saved_at DESC, id);
        CREATE INDEX library_items_model ON library_items (model, created_at DESC);
        CREATE INDEX library_items_kind ON library_items (kind, created_at DESC);
        CREATE INDEX library_items_file ON library_items (file);
        CREATE INDEX library_items_thumb ON library_items (thumb) WHERE thumb <> '';
        CREATE TABLE library_state (
          one INTEGER PRIMARY KEY CHECK (one = 1),
          root TEXT NOT NULL,
          dirs TEXT NOT NULL,
          imported_from TEXT
        ) STRICT;
      `),
    },
    curationMigration,
    lineageMigration,
  ],
};

/**
 * Rows read between two gives of the loop: a few milliseconds each (a row read is a few
 * microseconds); small enough that a page meeting a garbage collection still stays short
 * (docs/performance-findings.md, "Pages of 2,000 rows written per transaction").
 */
const PAGE = 1_000;
/**
 * Rows written between two gives of the loop, a transaction each: a written row costs about ten
 * times a read one (five indexes to keep): pages of 2,000 held the loop 35–60 ms each while
 * importing 100,000 items, and pages of 500 up to 54 ms (docs/performance-findings.md).
 */
export const WRITE_PAGE = 250;

export interface LibraryState {
  /** The library folder the rows describe. */
  root: string;
  /** Folder mtimes from the last reconcile (scan.ts); `{}` while a write of many rows is under way. */
  dirs: Record<string, number>;
  /** The old index file the rows were imported from, until a later start removes it. */
  importedFrom: string | null;
}

type Row = [string, LibraryKind, string, string, string, string, number, number, number, string];

const yieldLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export class LibraryTable {
  private readonly insert;
  private readonly remove;
  private readonly restById;
  private readonly edges: LineageEdges;

  constructor(
    readonly db: Db,
    /** Gives the loop back between pages (tests count the calls). */
    private readonly pause: () => Promise<void> = yieldLoop,
  ) {
    this.insert = db.prepare('INSERT OR REPLACE INTO library_items (id, kind, file, thumb, prompt, model, created_at, saved_at, ratio, rest) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    this.remove = db.prepare('DELETE FROM library_items WHERE id = ?');
    this.restById = db.prepare('SELECT rest FROM library_items WHERE id = ?').pluck();
    this.edges = new LineageEdges(db);
  }

  state(): LibraryState | undefined {
    const row = this.db.prepare('SELECT root, dirs, imported_from AS importedFrom FROM library_state').get() as { root: string; dirs: string; importedFrom: string | null } | undefined;
    if (!row) return undefined;
    let dirs: Record<string, number> = {};
    try {
      const parsed: unknown = JSON.parse(row.dirs);
      if (parsed && typeof parsed === 'object') dirs = parsed as Record<string, number>;
    } catch {
      // Unknown folder times only make the next reconcile read every folder again.
    }
    return { root: row.root, dirs, importedFrom: row.importedFrom };
  }

  setState(s: LibraryState): void {
    this.db.prepare('INSERT OR REPLACE INTO library_state (one, root, dirs, imported_from) VALUES (1, ?, ?, ?)').run(s.root, JSON.stringify(s.dirs), s.importedFrom);
  }

  count(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM library_items').get() as { n: number }).n;
  }

  /** An item's file (library-relative), one indexed lookup: the sidecar drain's way to an item. */
  fileOf(id: string): string | undefined {
    return this.db.prepare('SELECT file FROM library_items WHERE id = ?').pluck().get(id) as string | undefined;
  }

  /** An item's other fields (index-columns.ts), read when the item is handed out: one indexed lookup. */
  restOf(id: string): string | undefined {
    return this.restById.get(id) as string | undefined;
  }

  /** A page of the gateway's rewritten prompts (rewritten-prompts.ts), by rowid. */
  rewrittenPage(afterRowid: number, limit: number): [number, string, string][] {
    const sql = "SELECT rowid, id, json_extract(rest, '$[11]') FROM library_items WHERE rowid > ? AND json_type(rest, '$[11]') = 'text' ORDER BY rowid LIMIT ?";
    return this.db.prepare(sql).raw().all(afterRowid, limit) as [number, string, string][];
  }

  /**
   * Every row, in list order (newest first), read page by page, with `rest` left empty (restOf).
   * `stop` is asked between pages: true ends the reading with an error (the library closed).
   */
  async readAll(stop: () => boolean = () => false): Promise<Columns> {
    const c = emptyColumns();
    // `rest`, the largest column, stays in the database until its item is handed out (restOf).
    const first = this.db.prepare(`SELECT id, kind, file, thumb, prompt, model, created_at, saved_at, ratio, '' FROM library_items ORDER BY created_at DESC, saved_at DESC, id LIMIT ${PAGE}`).raw();
    // The rows after the last one read, in the same order; ties on both times fall to the id.
    const next = this.db.prepare(`SELECT id, kind, file, thumb, prompt, model, created_at, saved_at, ratio, '' FROM library_items
      WHERE created_at <= @c AND (created_at < @c OR saved_at < @s OR (saved_at = @s AND id > @id))
      ORDER BY created_at DESC, saved_at DESC, id LIMIT ${PAGE}`).raw();
    // Each row read is new strings; a kind or model is one of a few, kept once (200,000 strings
    // fewer at 100,000 items for the garbage collector to walk while the library is open).
    const once = new Map<string, string>();
    const shared = (s: string): string => {
      const known = once.get(s);
      if (known !== undefined) return known;
      once.set(s, s);
      return s;
    };
    let rows = first.all() as Row[];
    while (rows.length > 0) {
      for (const r of rows) {
        r[1] = shared(r[1]) as LibraryKind;
        r[5] = shared(r[5]);
        for (let k = 0; k < COLUMN_NAMES.length; k++) (c[COLUMN_NAMES[k]] as unknown[]).push(r[k]);
      }
      if (rows.length < PAGE) break;
      const last = rows[rows.length - 1];
      await this.pause();
      if (stop()) throw new Error('the library closed while its rows were read');
      rows = next.all({ c: last[6], s: last[7], id: last[0] }) as Row[];
    }
    return c;
  }

  /** One row written (a save): its statement, then its lineage edges. */
  put(c: Columns, at = 0): void {
    const write = () => {
      this.insert.run(...COLUMN_NAMES.map((name) => (c[name] as unknown[])[at]));
      // Its "used in" edges (lineage-table.ts), in the same transaction as the row.
      this.edges.put(c.id[at], c.rest[at]);
    };
    if (this.db.inTransaction) write();
    else this.db.transaction(write)();
  }

  delete(id: string): void {
    this.remove.run(id);
  }

  /**
   * Removes the rows of `removeIds` and writes every row of `add`, a page per transaction, then
   * records `state`. The folder times are cleared first, so a kill half-way makes the next open
   * read every folder again (the rows already written save it reading their sidecars).
   */
  async apply(state: LibraryState, change: { removeAll?: boolean; removeIds?: readonly string[]; add: Columns }): Promise<void> {
    this.setState({ ...state, dirs: {} });
    if (change.removeAll) {
      const wipe = this.db.prepare(`DELETE FROM library_items WHERE rowid IN (SELECT rowid FROM library_items LIMIT ${WRITE_PAGE})`);
      while (wipe.run().changes > 0) await this.pause();
    }
    const ids = change.removeIds ?? [];
    for (let from = 0; from < ids.length; from += WRITE_PAGE) {
      this.db.transaction(() => {
        for (const id of ids.slice(from, from + WRITE_PAGE)) this.remove.run(id);
      })();
      await this.pause();
    }
    const n = change.add.id.length;
    for (let from = 0; from < n; from += WRITE_PAGE) {
      this.db.transaction(() => {
        for (let i = from; i < Math.min(n, from + WRITE_PAGE); i++) this.put(change.add, i);
      })();
      await this.pause();
    }
    this.setState(state);
  }

  /** A page of rows' stack keys after `afterId` in id order (stack-keys.ts): the key read from `rest` in SQL, so no item is parsed. */
  stackKeysAfter(afterId: string): [string, string | null][] {
    return this.db.prepare(`SELECT id, ${STACK_KEY_SQL} FROM library_items WHERE id > ? ORDER BY id LIMIT ${PAGE}`).raw().all(afterId) as [string, string | null][];
  }

  /** The ids of every row, page by page (an import's check). */
  async ids(): Promise<Set<string>> {
    const out = new Set<string>();
    const page = this.db.prepare(`SELECT id FROM library_items WHERE id > ? ORDER BY id LIMIT ${PAGE}`).pluck();
    let last = '';
    for (;;) {
      const ids = page.all(last) as string[];
      for (const id of ids) out.add(id);
      if (ids.length < PAGE) return out;
      last = ids[ids.length - 1];
      await this.pause();
    }
  }
}
