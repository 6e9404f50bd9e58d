/**
 * Stacks (docs/library-files.md, "Stacks"): the variants of one job, one compare run or one batch
 * cell are one tile in the gallery. An item's stack key comes from its `origin`; items without one
 * (imported, saved by an earlier release) stand alone.
 *
 * The keys are kept in memory by item id, a few strings per stacked item: made after an opening
 * from the database a page per turn of the loop (the `rest` texts stay in the database until an
 * item is handed out, library-table.ts), and kept up to date by every save and removal. Until
 * they are made, a stacked query is answered unstacked (`ready`), and the library says so once
 * (library.onDidChange `reset`) so the gallery asks again.
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
  private readonly byId = new Map<string, string>();
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
    return this.byId.get(id);
  }

  set(id: string, key: string | undefined): void {
    if (key === undefined ? this.byId.delete(id) : this.byId.get(id) !== key) {
      if (key !== undefined) this.byId.set(id, key);
      this.version++;
    }
  }

  /** Forgets every key: the rows were replaced (an opening); `fill` makes them again. */
  reset(): void {
    this.byId.clear();
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
    const slot = new Map<string, number>();
    let k = 0;
    for (let j = 0; j < total; j++) {
      const row = rows ? rows[j] : j;
      const key = this.byId.get(ids[row]);
      if (key !== undefined) {
        const at = slot.get(key);
        if (at !== undefined) {
          counts[at]++;
          continue;
        }
        slot.set(key, k);
      }
      heads[k] = row;
      counts[k++] = 1;
    }
    return { heads: heads.subarray(0, k), counts: counts.subarray(0, k) };
  }

  /** The rows of `rows` (every row when undefined) in the stack `key`, in list order. */
  members(ids: readonly string[], rows: Int32Array | undefined, n: number, key: string): Int32Array {
    const total = rows ? rows.length : n;
    const out = new Int32Array(total);
    let k = 0;
    for (let j = 0; j < total; j++) {
      const row = rows ? rows[j] : j;
      if (this.byId.get(ids[row]) === key) out[k++] = row;
    }
    return out.subarray(0, k);
  }
}
