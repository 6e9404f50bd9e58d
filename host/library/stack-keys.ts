/**
 * Stacks (docs/library-files.md, "Stacks"): the variants of one job, one compare run or one batch
 * cell are one tile in the gallery. An item's stack key comes from its `origin`; items without one
 * (imported, saved by an earlier release) stand alone.
 *
 * The keys are kept in memory by item id, a few strings per stacked item: made after an opening
 * from the database a page per turn of the loop (the `rest` texts stay in the database until an
 * item is handed out, library-table.ts), and kept up to date by every save and removal. Until
 * they are made, a stacked query is answered unstacked (`ready`), and the library says so once
 * (library.onDidChange `changed`, which keeps the creator's choice and open item) so the gallery asks again.
 */
import type { ItemOrigin } from './library-item.js';

/** An item's stack key: its batch cell, else its compare run, else its job; undefined when it has no origin. */
export function stackKeyOf(origin: ItemOrigin | undefined): string | undefined {
  if (!origin) return undefined;
  if (origin.batch) return `batch:${origin.batch.id}:${origin.batch.index}`;
  if (origin.group) return `group:${origin.group}`;
  if (origin.jobId) return `job:${origin.jobId}`;
  return undefined;
}

/** The same key as stackKeyOf, in SQL over a row's `rest` (index-columns.ts: the origin is at position 12). */
export const STACK_KEY_SQL = `CASE
  WHEN json_type(rest, '$[12].batch') = 'object' THEN 'batch:' || json_extract(rest, '$[12].batch.id') || ':' || json_extract(rest, '$[12].batch.index')
  WHEN json_extract(rest, '$[12].group') IS NOT NULL THEN 'group:' || json_extract(rest, '$[12].group')
  WHEN json_extract(rest, '$[12].jobId') IS NOT NULL THEN 'job:' || json_extract(rest, '$[12].jobId')
END`;

/** One page of `[id, key]` after `afterId` in id order (library-table.ts `stackKeysAfter`); key null when none. */
export type ReadKeys = (afterId: string) => [string, string | null][];

/** Matching rows grouped into stacks, in list order: each stack's first row, and how many rows it holds. */
export interface Stacked {
  heads: Int32Array;
  counts: Int32Array;
}

export class StackKeys {
  /** Each item's stack, as a number (`names` holds the keys): grouping then marks an array, not a map of strings. */
  private readonly byId = new Map<string, number>();
  private readonly numbers = new Map<string, number>();
  private names: string[] = [];
  /** Each stack's item ids: a small stack's rows are found by id (a native scan each) rather than by a look at every row. */
  private readonly byKey = new Map<string, Set<string>>();
  private made = false;
  /** Changes with every key set or dropped: a grouping made before is stale. */
  version = 0;
  private generation = 0;

  get ready(): boolean {
    return this.made;
  }

  get size(): number {
    return this.byId.size;
  }

  key(id: string): string | undefined {
    const n = this.byId.get(id);
    return n === undefined ? undefined : this.names[n];
  }

  set(id: string, key: string | undefined): void {
    const was = this.key(id);
    if (was === key) return;
    if (was !== undefined) {
      const ids = this.byKey.get(was);
      ids?.delete(id);
      if (ids?.size === 0) this.byKey.delete(was);
    }
    if (key === undefined) this.byId.delete(id);
    else {
      let n = this.numbers.get(key);
      if (n === undefined) {
        n = this.names.push(key) - 1;
        this.numbers.set(key, n);
      }
      this.byId.set(id, n);
      let ids = this.byKey.get(key);
      if (!ids) this.byKey.set(key, (ids = new Set()));
      ids.add(id);
    }
    this.version++;
  }

  /** Forgets every key: the rows were replaced (an opening); `fill` makes them again. */
  reset(): void {
    this.byId.clear();
    this.byKey.clear();
    this.numbers.clear();
    this.names = [];
    this.made = false;
    this.generation++;
    this.version++;
  }

  /**
   * Reads every row's key, a page per turn of the loop; saves and removals meanwhile set their
   * own keys (a removed row is gone from the database too, a saved one is written there first).
   * False when a reset came meanwhile (its own fill makes the keys).
   */
  async fill(read: ReadKeys, pause: () => Promise<void>): Promise<boolean> {
    const generation = this.generation;
    let after = '';
    for (;;) {
      const page = read(after);
      if (this.generation !== generation) return false;
      for (const [id, key] of page) if (key !== null) this.set(id, key);
      if (page.length === 0) break;
      after = page[page.length - 1][0];
      await pause();
      if (this.generation !== generation) return false;
    }
    this.made = true;
    this.version++;
    return true;
  }

  /** `rows` (every row when undefined, `n` of them) grouped by stack: one pass, one map lookup a row. */
  group(ids: readonly string[], rows: Int32Array | undefined, n: number): Stacked {
    const total = rows ? rows.length : n;
    const heads = new Int32Array(total);
    const counts = new Int32Array(total);
    // Where each stack's first row went, plus one (0: not met yet).
    const slot = new Int32Array(this.names.length);
    let k = 0;
    for (let j = 0; j < total; j++) {
      const row = rows ? rows[j] : j;
      const n = this.byId.get(ids[row]);
      if (n !== undefined) {
        const at = slot[n];
        if (at > 0) {
          counts[at - 1]++;
          continue;
        }
        slot[n] = k + 1;
      }
      heads[k] = row;
      counts[k++] = 1;
    }
    return { heads: heads.subarray(0, k), counts: counts.subarray(0, k) };
  }

  /** The rows of `rows` (every row when undefined) in the stack `key`, in list order. */
  members(ids: readonly string[], rows: Int32Array | undefined, n: number, key: string): Int32Array {
    const mine = this.byKey.get(key);
    if (!mine) return new Int32Array(0);
    if (mine.size <= SMALL_STACK) {
      const found: number[] = [];
      for (const id of mine) {
        const at = ids.indexOf(id);
        if (at >= 0 && (!rows || holds(rows, at))) found.push(at);
      }
      return Int32Array.from(found.sort((a, b) => a - b));
    }
    const total = rows ? rows.length : n;
    const out = new Int32Array(total);
    let k = 0;
    for (let j = 0; j < total; j++) {
      const row = rows ? rows[j] : j;
      if (this.key(ids[row]) === key) out[k++] = row;
    }
    return out.subarray(0, k);
  }
}

/** Up to this many items, a stack's rows are found by their ids (about a millisecond each at 100,000 rows). */
const SMALL_STACK = 16;

/** Whether the ascending `rows` hold `row`: a binary search. */
function holds(rows: Int32Array, row: number): boolean {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (rows[mid] < row) lo = mid + 1;
    else hi = mid;
  }
  return lo < rows.length && rows[lo] === row;
}
