/**
 * The in-memory index behind the gallery: every item once, newest first, held as columns
 * (index-columns.ts) as the database's rows hold them (library-table.ts), with no object per item
 * and an item's other fields read from the database only when it is handed out. A query's
 * matches are kept (one number each) until the next query or change: the gallery asks for the
 * count, the shapes and page after page of the same filters, and each of those is then a slice. Text search goes through one lower-cased string (index-search.ts).
 *
 * Lookups by id (a detail view, a delete) and by path (`knows`, asked for every picture the
 * gallery shows) are a scan of one array of strings, about a millisecond at 100,000 items,
 * instead of maps whose making (over 100 ms for 100,000 items) would cost every open more than
 * all such lookups of a session. The paths of items handed out lately, which are the ones the
 * gallery then asks for, are answered from a small set.
 */
import type { LibraryItem, LibraryKind } from './library-item.js';
import { COLUMN_NAMES, emptyColumns, itemAt, pushItem, sortRows, type Columns } from './index-columns.js';
import { buildHaystack, buildHaystackInSlices, markWord, type Haystack } from './index-search.js';
import { stackKeyOf, StackKeys, type ReadKeys, type Stacked } from './stack-keys.js';
import { RewrittenPrompts, type RewrittenPage } from './rewritten-prompts.js';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface ListQuery {
  kind?: LibraryKind;
  model?: string;
  /** Inclusive bounds on `createdAt`, ms since epoch. */
  from?: number;
  to?: number;
  /**
   * Case-insensitive; every whitespace-separated word must occur in the prompt, the rewritten
   * prompt, the model's name, or (through `curated`) a tag or a collection's name.
   */
  text?: string;
  /** The items a search word matches by their curation (curation-search.ts), and a key that changes with every curation edit. */
  curated?: { key: string; ids: (word: string) => ReadonlySet<string> | undefined };
  /** Only these ids (the curation's filters, curation.ts); answered from the database by their own filters. */
  only?: ReadonlySet<string>;
  /** Only rows whose flag is set, by row (the facets' buckets, facets.ts); made for this index as it is now. */
  mask?: Uint8Array;
  /** Each stack (stack-keys.ts) as its first match, with how many of its items match. */
  stacked?: boolean;
  /** Only the items of this stack. */
  stack?: string;
  offset?: number;
  limit?: number;
}

/** An item as listed: a stacked list gives each stack's first item its key and count. */
export type ListedItem = LibraryItem & { stackKey?: string; stackCount?: number };
/** A save or a removal to make in the index; `reread`: items whose details changed in the database (a bulk favourite). */
export type Change = { put: LibraryItem } | { remove: string } | { reread: readonly string[] };

export interface ListResult {
  items: ListedItem[];
  total: number;
  /** A stacked list's items counted one by one, every item of a stack (an export takes them all). */
  every?: number;
}

/** A query's search words: lower-cased, each once. */
export function queryWords(text: string | undefined): string[] {
  return [...new Set((text ?? '').toLowerCase().split(/\s+/).filter(Boolean))];
}

/** Items handed out are kept for the next ask (pages are asked again as the grid scrolls back), up to this many. */
const CACHED_ITEMS = 5_000;

export class LibraryIndex {
  private c: Columns = emptyColumns();
  private readonly modelCounts = new Map<string, number>();
  /** Items handed out lately, by id, and their files and thumbnails (a video's poster). */
  private readonly items = new Map<string, LibraryItem>();
  private readonly recent = new Set<string>();
  private hay: Haystack | undefined;
  /** The rewritten prompts' search text, one line per row: null when no item has one. */
  private rewrittenHay: Haystack | null | undefined;
  private readonly rewritten: RewrittenPrompts;
  /** The last query's matching rows, valid while `version` is unchanged. */
  private last: { key: string; version: number; rows: Int32Array } | undefined;
  private version = 0;
  /** Every item's stack key (stack-keys.ts), and the last stacked query's grouping. */
  readonly stacks = new StackKeys();
  private lastStacked: { from: Int32Array | undefined; version: string; stacked: Stacked } | undefined;

  constructor(
    private readonly log: (line: string) => void = () => undefined,
    /** An item's `rest` when its row was loaded without it (an empty string): from the database. */
    private readonly loadRest: (id: string) => string | undefined = () => undefined,
    /** The stack keys of the rows in the database, a page at a time (library-table.ts). */
    private readonly readKeys: ReadKeys = () => [],
    /** The rewritten prompts kept in the database (rewritten-prompts.ts). */
    rewrittenPage: RewrittenPage = () => [],
  ) {
    this.rewritten = new RewrittenPrompts(rewrittenPage);
  }

  /** Raised by every change of the rows (their order, their content): what row-aligned columns are made for. */
  get changes(): number {
    return this.version;
  }

  get size(): number {
    return this.c.id.length;
  }

  /** Replaces the whole content (open, rebuild) with these rows, in list order. */
  load(columns: Columns): void {
    sortRows(columns);
    this.c = columns;
    this.modelCounts.clear();
    this.rewritten.reset();
    for (const m of columns.model) this.modelCounts.set(m, (this.modelCounts.get(m) ?? 0) + 1);
    this.forget();
    this.stacks.reset();
    this.changed();
  }

  /** The columns as they are, for the index file (read synchronously by the writer). */
  columns(): Columns {
    return this.c;
  }

  /**
   * Makes the search text after opening rather than during it, a slice at a time (index-search.ts):
   * at 100,000 items, made in one go it held the loop 70–230 ms. A search meanwhile makes it at once;
   * a change meanwhile makes this text stale, and it is dropped.
   */
  async warm(pause: () => Promise<void> = nextTurn): Promise<void> {
    const version = this.version;
    await this.stacks.fill(this.readKeys, pause);
    const hay = await buildHaystackInSlices(this.c.prompt, pause);
    if (this.version === version) this.hay ??= hay;
    // The rewritten prompts' text likewise, so the first search after opening makes neither.
    const ids = this.c.id;
    const rewritten = await this.rewritten.haystackInSlices(ids, pause);
    if (this.version === version && this.c.id === ids && this.rewrittenHay === undefined) this.rewrittenHay = rewritten ?? null;
  }

  /** A change made elsewhere (library.ts), made here. */
  apply(c: Change): void {
    if ('put' in c) this.put(c.put);
    else if ('remove' in c) this.delete(c.remove);
    else this.reread(c.reread);
  }

  /** Items whose details changed in the database: read again when next handed out. */
  reread(ids: readonly string[]): void {
    const changed = new Set(ids);
    for (let i = 0; i < this.size; i++) if (changed.has(this.c.id[i])) this.c.rest[i] = '';
    this.forget();
    // The rows and their prompts are as they were: the search text stays.
    this.version++;
    this.last = undefined;
  }

  put(item: LibraryItem): void {
    this.delete(item.id);
    const one = emptyColumns();
    pushItem(one, item);
    // Binary search for the insertion point keeps a save O(log n) + one splice per column.
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareTo(this.c, mid, one) <= 0) lo = mid + 1;
      else hi = mid;
    }
    for (const name of COLUMN_NAMES) (this.c[name] as unknown[]).splice(lo, 0, (one[name] as unknown[])[0]);
    this.modelCounts.set(item.model, (this.modelCounts.get(item.model) ?? 0) + 1);
    this.stacks.set(item.id, stackKeyOf(item.origin));
    this.rewritten.set(item.id, item.actualPrompt);
    this.remember(item);
    this.changed();
  }

  /** Removes the item; false when it is not there. Its details are not read (the row may be gone already). */
  delete(id: string): boolean {
    const at = this.c.id.indexOf(id);
    if (at < 0) return false;
    const model = this.c.model[at];
    this.rewritten.set(id, undefined);
    for (const name of COLUMN_NAMES) (this.c[name] as unknown[]).splice(at, 1);
    const n = (this.modelCounts.get(model) ?? 0) - 1;
    if (n > 0) this.modelCounts.set(model, n);
    else this.modelCounts.delete(model);
    this.stacks.set(id, undefined);
    // Another item may name the same thumbnail: the scan in `knows` decides from now on.
    this.forget();
    this.changed();
    return true;
  }

  get(id: string): LibraryItem | undefined {
    const cached = this.items.get(id);
    if (cached) return cached;
    const at = this.c.id.indexOf(id);
    return at < 0 ? undefined : this.materialize(at);
  }

  /** Which of `ids` are here, each once, in the order given: one set of every id (a bulk edit's check). */
  known(ids: readonly string[]): string[] {
    const all = new Set(this.c.id);
    return [...new Set(ids)].filter((id) => all.has(id));
  }

  models(): string[] {
    return [...this.modelCounts.keys()].sort((a, b) => a.localeCompare(b));
  }

  /** Whether `relativePath` ('/'-separated) is an item's file or thumbnail. */
  knows(relativePath: string): boolean {
    if (this.recent.has(relativePath)) return true;
    return relativePath !== '' && (this.c.thumb.includes(relativePath) || this.c.file.includes(relativePath));
  }

  list(q: ListQuery = {}): ListResult {
    const { rows, counts, every } = this.view(q);
    const total = rows ? rows.length : this.size;
    const offset = Math.min(total, Math.max(0, Math.floor(q.offset ?? 0)));
    const end = q.limit === undefined ? total : Math.min(total, offset + Math.max(0, Math.floor(q.limit)));
    const items: ListedItem[] = [];
    for (let k = offset; k < end; k++) {
      const item = this.materialize(rows ? rows[k] : k);
      const stackKey = counts && this.stacks.key(item.id);
      // A copy: the item itself is cached and handed out unstacked too.
      items.push(counts && stackKey !== undefined ? { ...item, stackKey, stackCount: counts[k] } : item);
    }
    return { items, total, ...(every !== undefined ? { every } : {}) };
  }

  /**
   * Width over height of every match, in list order, rounded to 2 decimals; 0 when unknown. Read
   * from one column, never materializing an item: 100,000 matches cost one number each.
   */
  shapes(q: ListQuery = {}): number[] {
    const { rows } = this.view(q);
    if (!rows) return this.c.ratio.slice();
    const ratios = new Array<number>(rows.length);
    for (let k = 0; k < rows.length; k++) ratios[k] = this.c.ratio[rows[k]];
    return ratios;
  }

  /** Every match's id, in list order: one column read, no item made. */
  ids(q: ListQuery = {}): string[] {
    const rows = this.matching(q);
    if (!rows) return this.c.id.slice();
    const ids = new Array<string>(rows.length);
    for (let k = 0; k < rows.length; k++) ids[k] = this.c.id[rows[k]];
    return ids;
  }

  /**
   * The rows a query lists, in list order (undefined: every row): its matches, or one stack's,
   * or each stack's first match with the stack's count (`counts`, stack-keys.ts). Unstacked
   * until the keys are made after an opening.
   */
  private view(q: ListQuery): { rows: Int32Array | undefined; counts?: Int32Array; every?: number } {
    const rows = this.matching(q);
    if (q.stack !== undefined) return { rows: this.stacks.members(this.c.id, rows, this.size, q.stack) };
    if (!q.stacked || !this.stacks.ready) return { rows };
    const version = `${this.version}/${this.stacks.version}`;
    const last = this.lastStacked;
    const every = rows ? rows.length : this.size;
    if (last && last.from === rows && last.version === version) return { rows: last.stacked.heads, counts: last.stacked.counts, every };
    const stacked = this.stacks.group(this.c.id, rows, this.size);
    this.lastStacked = { from: rows, version, stacked };
    return { rows: stacked.heads, counts: stacked.counts, every };
  }

  /** The rows a query's filters match, in list order; undefined when it has none (every row). */
  matching(q: ListQuery): Int32Array | undefined {
    const words = queryWords(q.text);
    const from = q.from ?? -Infinity;
    const to = q.to ?? Infinity;
    const only = q.only;
    const mask = q.mask;
    if (q.kind === undefined && q.model === undefined && from === -Infinity && to === Infinity && words.length === 0 && !only && !mask) return undefined;
    const key = JSON.stringify([q.kind, q.model, q.from, q.to, words, words.length > 0 ? q.curated?.key : '']);
    // A curation filter's set changes with every edit: its matches are not kept.
    if (!only && !mask && this.last?.key === key && this.last.version === this.version) return this.last.rows;
    const { id, kind, model, createdAt } = this.c;
    const n = this.size;
    const text = words.length > 0 ? this.textMatches(words, q.curated?.ids) : undefined;
    const rows = new Int32Array(n);
    let k = 0;
    for (let i = 0; i < n; i++) {
      if (q.kind !== undefined && kind[i] !== q.kind) continue;
      if (q.model !== undefined && model[i] !== q.model) continue;
      if (createdAt[i] < from || createdAt[i] > to) continue;
      if (text && !text[i]) continue;
      if (only && !only.has(id[i])) continue;
      if (mask && !mask[i]) continue;
      rows[k++] = i;
    }
    if (only || mask) return rows.subarray(0, k);
    this.last = { key, version: this.version, rows: rows.subarray(0, k) };
    return this.last.rows;
  }

  /** One byte per row: 1 when every word is in its prompt, its rewritten prompt, its model's name or its curation. */
  private textMatches(words: string[], curated?: (word: string) => ReadonlySet<string> | undefined): Uint8Array {
    const hay = this.haystack();
    if (this.rewrittenHay === undefined) this.rewrittenHay = this.rewritten.haystack(this.c.id) ?? null;
    const n = this.size;
    const all = new Uint8Array(n).fill(1);
    const hits = new Uint8Array(n);
    for (const word of words) {
      hits.fill(0);
      markWord(hay, word, hits);
      if (this.rewrittenHay) markWord(this.rewrittenHay, word, hits);
      const ids = curated?.(word);
      if (ids && ids.size > 0) for (let i = 0; i < n; i++) if (!hits[i] && ids.has(this.c.id[i])) hits[i] = 1;
      const byModel = new Set([...this.modelCounts.keys()].filter((m) => m.toLowerCase().includes(word)));
      const model = this.c.model;
      for (let i = 0; i < n; i++) if (!hits[i] && !(byModel.size > 0 && byModel.has(model[i]))) all[i] = 0;
    }
    return all;
  }

  private haystack(): Haystack {
    this.hay ??= buildHaystack(this.c.prompt);
    return this.hay;
  }

  private remember(item: LibraryItem): void {
    if (this.items.size >= CACHED_ITEMS) this.forget();
    this.items.set(item.id, item);
    this.recent.add(item.file);
    if (item.thumb) this.recent.add(item.thumb);
  }

  private forget(): void {
    this.items.clear();
    this.recent.clear();
  }

  private changed(): void {
    this.version++;
    this.hay = undefined;
    this.rewrittenHay = undefined;
    this.last = undefined;
  }

  private materialize(at: number): LibraryItem {
    const id = this.c.id[at];
    const cached = this.items.get(id);
    if (cached) return cached;
    if (this.c.rest[at] === '') this.c.rest[at] = this.loadRest(id) ?? '';
    const item = itemAt(this.c, at, this.log);
    this.remember(item);
    return item;
  }
}

/** How row `at` of `c` sorts against the one row of `one`. */
function compareTo(c: Columns, at: number, one: Columns): number {
  return one.createdAt[0] - c.createdAt[at] || one.savedAt[0] - c.savedAt[at] || (c.id[at] < one.id[0] ? -1 : c.id[at] > one.id[0] ? 1 : 0);
}
