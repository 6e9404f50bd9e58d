/**
 * The in-memory index behind the gallery: every item once, newest first, with its search text
 * lower-cased ahead of time so that a search over tens of thousands of prompts is one pass of
 * `includes` and never allocates per item.
 *
 * The index file stores each item as a flat row of primitives (zod checks those quickly) with
 * `params`/`usage`/`cost` kept as JSON text, which is parsed and validated only when the item
 * is actually handed out: opening 20,000 items must not pay for 20,000 nested validations.
 */
import { zodMessage } from '@shared/messages/index.js';
import { z } from 'zod';
import { LibraryId, LibraryItem, LibraryKind } from './library-item.js';

export interface ListQuery {
  kind?: LibraryKind;
  model?: string;
  /** Inclusive bounds on `createdAt`, ms since epoch. */
  from?: number;
  to?: number;
  /** Case-insensitive; every whitespace-separated word must occur in the prompt or the model. */
  text?: string;
  offset?: number;
  limit?: number;
}

export interface ListResult {
  items: LibraryItem[];
  total: number;
}

const str = z.string();
const opt = <T extends z.ZodType>(t: T) => t.nullable();
/** `file`/`thumb` are plain strings here; `Library.resolve` refuses any that would leave the root. */
export const IndexRow = z.tuple([
  LibraryId, LibraryKind, str.min(1), str, z.number(), opt(z.number()), opt(z.number()), opt(z.number()),
  str, str, z.number(), z.number(), opt(str.min(1)), opt(str), opt(str), str,
]);
export type IndexRow = z.infer<typeof IndexRow>;

const KINDS = new Set<unknown>(LibraryKind.options);
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const isStr = (v: unknown): v is string => typeof v === 'string';
const isNum = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);
const orNull = (check: (v: unknown) => boolean) => (v: unknown) => v === null || check(v);
const nonEmpty = (v: unknown): boolean => isStr(v) && v.length > 0;
const ROW_CHECKS: ((v: unknown) => boolean)[] = [
  (v) => isStr(v) && ID.test(v), (v) => KINDS.has(v), nonEmpty, isStr, isNum, orNull(isNum), orNull(isNum), orNull(isNum),
  isStr, isStr, isNum, isNum, orNull(nonEmpty), orNull(isStr), orNull(isStr), isStr,
];

/**
 * The same rule as `IndexRow`, as one zod schema over the whole array: zod's per-element machinery
 * costs 80–180 ms for 20,000 rows on these machines, this loop a few ms. library-index.test.ts
 * checks that both agree.
 */
export const IndexRows = z.custom<IndexRow[]>(
  (rows) => Array.isArray(rows) && rows.every((r) => Array.isArray(r) && r.length === ROW_CHECKS.length && ROW_CHECKS.every((check, i) => check(r[i]))),
  { message: zodMessage('jobs.library.indexRows') },
);

const Extra = LibraryItem.pick({ params: true, usage: true, cost: true });

interface Entry {
  row: IndexRow;
  /** The prompt, lower-cased; models are lower-cased once per distinct model in `modelHay`. */
  hay: string;
  item?: LibraryItem;
}

export function toRow(i: LibraryItem): IndexRow {
  const extra = JSON.stringify({ params: i.params, usage: i.usage, cost: i.cost });
  return [i.id, i.kind, i.file, i.mime, i.bytes, i.width ?? null, i.height ?? null, i.durationSeconds ?? null,
    i.prompt, i.model, i.createdAt, i.savedAt, i.thumb ?? null, i.taskId ?? null, i.sourceUrl ?? null, extra];
}

/** Newest first by creation, then by save time; the id breaks ties so the order is stable. */
function newerFirst(a: IndexRow, b: IndexRow): number {
  return b[10] - a[10] || b[11] - a[11] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
}

export class LibraryIndex {
  private sorted: Entry[] = [];
  private readonly byId = new Map<string, Entry>();
  private readonly modelCounts = new Map<string, number>();
  private readonly modelHay = new Map<string, string>();
  /** Each item's file and thumbnail (a video's poster), counted: only these may be served. */
  private readonly paths = new Map<string, number>();

  constructor(private readonly log: (line: string) => void = () => undefined) {}

  get size(): number {
    return this.sorted.length;
  }

  /** Replaces the whole content (open, rebuild); duplicates by id keep the first. */
  load(rows: readonly IndexRow[]): void {
    this.sorted = [];
    this.byId.clear();
    this.modelCounts.clear();
    this.paths.clear();
    for (const row of rows) {
      if (this.byId.has(row[0])) continue;
      const e: Entry = { row, hay: row[8].toLowerCase() };
      this.byId.set(row[0], e);
      this.sorted.push(e);
      this.countModel(row[9], 1);
      this.countPaths(row, 1);
    }
    // The file is written newest first, so this is one linear pass in the usual case.
    this.sorted.sort((a, b) => newerFirst(a.row, b.row));
  }

  put(item: LibraryItem): void {
    this.delete(item.id);
    const row = toRow(item);
    const e: Entry = { row, hay: item.prompt.toLowerCase(), item };
    // Binary search for the insertion point keeps a save O(log n) + one splice.
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (newerFirst(this.sorted[mid].row, row) <= 0) lo = mid + 1;
      else hi = mid;
    }
    this.sorted.splice(lo, 0, e);
    this.byId.set(item.id, e);
    this.countModel(item.model, 1);
    this.countPaths(row, 1);
  }

  delete(id: string): LibraryItem | undefined {
    const e = this.byId.get(id);
    if (!e) return undefined;
    this.byId.delete(id);
    const at = this.sorted.indexOf(e);
    if (at >= 0) this.sorted.splice(at, 1);
    this.countModel(e.row[9], -1);
    this.countPaths(e.row, -1);
    return this.materialize(e);
  }

  get(id: string): LibraryItem | undefined {
    const e = this.byId.get(id);
    return e && this.materialize(e);
  }

  /** Every row, newest first, for the index file. */
  rows(): IndexRow[] {
    return this.sorted.map((e) => e.row);
  }

  models(): string[] {
    return [...this.modelCounts.keys()].sort((a, b) => a.localeCompare(b));
  }

  /** Whether `relativePath` ('/'-separated) is an item's file or thumbnail. */
  knows(relativePath: string): boolean {
    return this.paths.has(relativePath);
  }

  list(q: ListQuery = {}): ListResult {
    const offset = Math.max(0, Math.floor(q.offset ?? 0));
    const limit = q.limit === undefined ? Infinity : Math.max(0, Math.floor(q.limit));
    const matches = this.matcher(q);
    const items: LibraryItem[] = [];
    let total = 0;
    for (const e of this.sorted) {
      if (!matches(e)) continue;
      if (total >= offset && items.length < limit) items.push(this.materialize(e));
      total++;
    }
    return { items, total };
  }

  /**
   * Width over height of every match, in list order, rounded to 2 decimals; 0 when unknown. Read
   * from the rows, never materializing an item: 100,000 matches cost one pass and one number each.
   */
  shapes(q: ListQuery = {}): number[] {
    const matches = this.matcher(q);
    const ratios: number[] = [];
    for (const e of this.sorted) {
      if (!matches(e)) continue;
      const width = e.row[5];
      const height = e.row[6];
      ratios.push(width !== null && height !== null && width > 0 && height > 0 ? Math.round((width / height) * 100) / 100 || 0.01 : 0);
    }
    return ratios;
  }

  /** The filters of a query (all but offset and limit), as one test per entry. */
  private matcher(q: ListQuery): (e: Entry) => boolean {
    const words = (q.text ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const from = q.from ?? -Infinity;
    const to = q.to ?? Infinity;
    return (e) => {
      const row = e.row;
      if (q.kind !== undefined && row[1] !== q.kind) return false;
      if (q.model !== undefined && row[9] !== q.model) return false;
      if (row[10] < from || row[10] > to) return false;
      if (words.length === 0) return true;
      const model = this.modelHay.get(row[9]) ?? '';
      return words.every((w) => e.hay.includes(w) || model.includes(w));
    };
  }

  private materialize(e: Entry): LibraryItem {
    if (e.item) return e.item;
    const [id, kind, file, mime, bytes, width, height, durationSeconds, prompt, model, createdAt, savedAt, thumb, taskId, sourceUrl, extra] = e.row;
    let parsed: z.infer<typeof Extra> = { params: {} };
    try {
      parsed = Extra.parse(JSON.parse(extra));
    } catch {
      // The file and prompt are still good; only the generation details are lost (the sidecar keeps them).
      this.log(`library: the index entry of ${file} has unreadable parameters`);
    }
    const item: LibraryItem = { version: 1, id, kind, file, mime, bytes, prompt, model, params: parsed.params, createdAt, savedAt };
    const optional = { width, height, durationSeconds, thumb, taskId, sourceUrl, usage: parsed.usage, cost: parsed.cost };
    for (const [k, v] of Object.entries(optional)) if (v !== null && v !== undefined) (item as Record<string, unknown>)[k] = v;
    e.item = item;
    return item;
  }

  private countPaths(row: IndexRow, delta: number): void {
    for (const path of [row[2], row[12]]) {
      if (path === null) continue;
      const n = (this.paths.get(path) ?? 0) + delta;
      if (n > 0) this.paths.set(path, n);
      else this.paths.delete(path);
    }
  }

  private countModel(model: string, delta: number): void {
    const n = (this.modelCounts.get(model) ?? 0) + delta;
    if (n > 0) {
      this.modelCounts.set(model, n);
      if (!this.modelHay.has(model)) this.modelHay.set(model, model.toLowerCase());
    } else {
      this.modelCounts.delete(model);
      this.modelHay.delete(model);
    }
  }
}
