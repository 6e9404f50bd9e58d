/**
 * The gallery's questions answered from the library's rows in the studio database, without the
 * in-memory index: for the moments after an opening while the rows are read into memory
 * (library.ts, "filling"), so that opening waits for a count and a look at the folders, not for
 * 100,000 rows (docs/performance.md, "gallery"). The answers are the in-memory index's, item for
 * item (library-index.ts): the same filters, the same order, and text matched on the prompt
 * lower-cased by JavaScript, as the index's search text is (SQLite's own lower() knows only ASCII).
 *
 * Each is one statement over the indexes of library-table.ts; a text search or the shapes of
 * every item read a column of every row, tens of milliseconds at 100,000 items.
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/migrations.js';
import { COLUMN_NAMES, emptyColumns, itemAt } from './index-columns.js';
import { queryWords, type ListQuery, type ListResult } from './library-index.js';
import type { LibraryItem } from './library-item.js';
import type { CurationFilter } from './curation.js';
import { facetSql, registerFacetSql } from './facet-sql.js';
import { STACK_KEY_SQL } from './stack-keys.js';

const ORDER = 'ORDER BY created_at DESC, saved_at DESC, id';
const COLUMNS = 'id, kind, file, thumb, prompt, model, created_at, saved_at, ratio, rest';
const LOWER = 'library_lower';
/** An item whose tag or collection's name holds the word (tag keys are lower-cased already). */
const CURATED_WORD = `id IN (SELECT item_id FROM library_item_tags WHERE instr(tag_key, ?) > 0)
  OR id IN (SELECT item_id FROM library_collection_items WHERE collection_id IN (SELECT id FROM library_collections WHERE instr(${LOWER}(name), ?) > 0))`;

export interface FolderRow {
  id: string;
  file: string;
}

export class LibraryRows {
  private readonly statements = new Map<string, Statement>();

  constructor(
    private readonly db: Db,
    private readonly log: (line: string) => void,
  ) {
    db.function(LOWER, { deterministic: true }, (s: unknown) => (typeof s === 'string' ? s.toLowerCase() : s));
    registerFacetSql(db);
  }

  private statement(sql: string): Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  count(): number {
    return this.statement('SELECT count(*) FROM library_items').pluck().get() as number;
  }

  list(q: ListQuery & CurationFilter = {}): ListResult {
    const { where, params } = this.filter(q);
    const total = this.statement(`SELECT count(*) FROM library_items ${where}`).pluck().get(...params) as number;
    const offset = Math.min(total, Math.max(0, Math.floor(q.offset ?? 0)));
    const limit = q.limit === undefined ? -1 : Math.max(0, Math.floor(q.limit));
    const rows = this.statement(`SELECT ${COLUMNS} FROM library_items ${where} ${ORDER} LIMIT ? OFFSET ?`).raw().all(...params, limit, offset) as unknown[][];
    return { items: rows.map((r) => this.item(r)), total };
  }

  shapes(q: ListQuery & CurationFilter = {}): number[] {
    const { where, params } = this.filter(q);
    return this.statement(`SELECT ratio FROM library_items ${where} ${ORDER}`).pluck().all(...params) as number[];
  }

  ids(q: ListQuery & CurationFilter = {}): string[] {
    const { where, params } = this.filter(q);
    return this.statement(`SELECT id FROM library_items ${where} ${ORDER}`).pluck().all(...params) as string[];
  }

  models(): string[] {
    return (this.statement('SELECT DISTINCT model FROM library_items').pluck().all() as string[]).sort((a, b) => a.localeCompare(b));
  }

  get(id: string): LibraryItem | undefined {
    const row = this.statement(`SELECT ${COLUMNS} FROM library_items WHERE id = ?`).raw().get(id) as unknown[] | undefined;
    return row && this.item(row);
  }

  has(id: string): boolean {
    return this.statement('SELECT EXISTS (SELECT 1 FROM library_items WHERE id = ?)').pluck().get(id) === 1;
  }

  known(ids: readonly string[]): string[] {
    return [...new Set(ids)].filter((id) => this.has(id));
  }

  knows(relativePath: string): boolean {
    if (relativePath === '') return false;
    const sql = "SELECT EXISTS (SELECT 1 FROM library_items WHERE file = ?) OR EXISTS (SELECT 1 FROM library_items WHERE thumb = ? AND thumb <> '')";
    return this.statement(sql).pluck().get(relativePath, relativePath) === 1;
  }

  /** The rows whose file sits right in `folder` ('' the library's root), not in a folder below it. */
  inFolder(folder: string): FolderRow[] {
    const { where, params } = folderFilter(folder);
    return this.statement(`SELECT id, file FROM library_items WHERE ${where}`).all(...params) as FolderRow[];
  }

  countIn(folder: string): number {
    const { where, params } = folderFilter(folder);
    return this.statement(`SELECT count(*) FROM library_items WHERE ${where}`).pluck().get(...params) as number;
  }

  private item(row: unknown[]): LibraryItem {
    const c = emptyColumns();
    COLUMN_NAMES.forEach((name, k) => (c[name] as unknown[]).push(row[k]));
    return itemAt(c, 0, this.log);
  }

  private filter(q: ListQuery & CurationFilter): { where: string; params: unknown[] } {
    const parts: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, ...values: unknown[]) => {
      parts.push(sql);
      params.push(...values);
    };
    if (q.kind !== undefined) add('kind = ?', q.kind);
    if (q.model !== undefined) add('model = ?', q.model);
    if (q.from !== undefined) add('created_at >= ?', q.from);
    if (q.to !== undefined) add('created_at <= ?', q.to);
    // Curation (curation-table.ts), asked of its own tables: the same answers as curation.ts's sets.
    if (q.minRating !== undefined && q.minRating > 0) add('id IN (SELECT item_id FROM library_ratings WHERE rating >= ?)', q.minRating);
    if (q.tag !== undefined) add('id IN (SELECT item_id FROM library_item_tags WHERE tag_key = ?)', q.tag.trim().toLowerCase());
    if (q.collectionId !== undefined) add('id IN (SELECT item_id FROM library_collection_items WHERE collection_id = ?)', q.collectionId);
    if (q.favourite === true) add("json_extract(rest, '$[10]') = 1");
    facetSql(q, add);
    // One stack's items (stack-keys.ts); a stacked list is answered unstacked until the index has its keys.
    if (q.stack !== undefined) add(`(${STACK_KEY_SQL}) = ?`, q.stack);
    const words = queryWords(q.text);
    const models = words.length > 0 ? this.models() : [];
    for (const word of words) {
      // A word in a model's name matches its items, as in the index: a few names, found here.
      const byModel = models.filter((m) => m.toLowerCase().includes(word));
      // …and, as there, the rewritten prompt, a tag or a collection's name (curation-search.ts).
      const model = byModel.length > 0 ? ` OR model IN (${byModel.map(() => '?').join(', ')})` : '';
      add(`(instr(${LOWER}(prompt), ?) > 0${model} OR instr(${LOWER}(json_extract(rest, '$[11]')), ?) > 0 OR ${CURATED_WORD})`, word, ...byModel, word, word, word);
    }
    return { where: parts.length > 0 ? `WHERE ${parts.join(' AND ')}` : '', params };
  }
}

/** Rows right in `folder`: a range of the file index ('/' + 1 is '0'), then no '/' after it. */
function folderFilter(folder: string): { where: string; params: unknown[] } {
  if (folder === '') return { where: "instr(file, '/') = 0", params: [] };
  return { where: "file >= ? AND file < ? AND instr(substr(file, length(?) + 2), '/') = 0", params: [`${folder}/`, `${folder}0`, folder] };
}
