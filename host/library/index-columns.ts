/**
 * The library index in memory and in the database: one array (or column) per field
 * (docs/library-files.md, "The index"), newest first. Only what lists, searches, filters and
 * lays out the gallery is kept as a column of its own; everything else about an item (its MIME type, size, settings, cost…) is
 * one short JSON text per item, parsed only when that item is handed out. So opening 100,000
 * items makes a handful of arrays, not 100,000 objects, and a page of 200 parses 200 texts.
 */
import { z } from 'zod';
import { ratioOf } from '@shared/contract/library-shape.js';
import { Lineage } from '@shared/contract/lineage-ref.js';
import { ItemOrigin, LibraryItem, type LibraryKind } from './library-item.js';

export interface Columns {
  id: string[];
  kind: LibraryKind[];
  file: string[];
  /** '' for none. */
  thumb: string[];
  prompt: string[];
  model: string[];
  createdAt: number[];
  savedAt: number[];
  /** Width over height rounded to 2 decimals, 0 when unknown: what `library.shapes` answers. */
  ratio: number[];
  /**
   * `[mime, bytes, width, height, durationSeconds, taskId, sourceUrl, params, usage, cost, favourite, actualPrompt, origin, madeFrom]`
   * as JSON (rows of earlier releases end sooner). The database keeps `madeFrom` in step as edges
   * too (lineage-table.ts).
   */
  rest: string[];
}

export const COLUMN_NAMES = ['id', 'kind', 'file', 'thumb', 'prompt', 'model', 'createdAt', 'savedAt', 'ratio', 'rest'] as const satisfies readonly (keyof Columns)[];

export function emptyColumns(): Columns {
  return { id: [], kind: [], file: [], thumb: [], prompt: [], model: [], createdAt: [], savedAt: [], ratio: [], rest: [] };
}


/** Appends `item` as the last row. */
export function pushItem(c: Columns, i: LibraryItem): void {
  c.id.push(i.id);
  c.kind.push(i.kind);
  c.file.push(i.file);
  c.thumb.push(i.thumb ?? '');
  c.prompt.push(i.prompt);
  c.model.push(i.model);
  c.createdAt.push(i.createdAt);
  c.savedAt.push(i.savedAt);
  c.ratio.push(ratioOf(i.width, i.height));
  c.rest.push(JSON.stringify([i.mime, i.bytes, i.width ?? null, i.height ?? null, i.durationSeconds ?? null, i.taskId ?? null, i.sourceUrl ?? null, i.params, i.usage ?? null, i.cost ?? null, i.favourite ?? null, i.actualPrompt ?? null, i.origin ?? null, i.madeFrom ?? null]));
}

export function columnsOf(items: readonly LibraryItem[]): Columns {
  const c = emptyColumns();
  for (const i of items) pushItem(c, i);
  return c;
}

const orNull = <T extends z.ZodType>(t: T) => t.nullable();
/** Each field of `rest` with what stands in for it when it cannot be read. */
const REST: [z.ZodType, unknown][] = [
  [LibraryItem.shape.mime, 'application/octet-stream'], [LibraryItem.shape.bytes, 0], [orNull(z.number().int().positive()), null],
  [orNull(z.number().int().positive()), null], [orNull(z.number().nonnegative()), null], [orNull(z.string()), null], [orNull(z.string()), null],
  [LibraryItem.shape.params, {}], [orNull(z.record(z.string(), z.unknown())), null], [orNull(z.object({ amount: z.number().finite(), currency: z.string() })), null],
  // Absent from rows an earlier release wrote: not a favourite, not damage.
  [z.literal(true).nullish(), null],
  // The gateway's rewritten prompt, the item's origin (stack-keys.ts) and its sources: absent from
  // rows of earlier releases and from items without them.
  [z.string().nullish(), null],
  [ItemOrigin.nullish(), null],
  [Lineage.nullish(), null],
];

/**
 * Row `at` as an item. A damaged `rest` loses only the fields it cannot give (the sidecar keeps
 * them all): the item is still listed, opened and served, and the log says which.
 */
export function itemAt(c: Columns, at: number, log: (line: string) => void): LibraryItem {
  let raw: unknown;
  try {
    raw = JSON.parse(c.rest[at]);
  } catch {
    raw = undefined;
  }
  const fields = Array.isArray(raw) ? raw : [];
  let damaged = false;
  const rest = REST.map(([schema, fallback], i) => {
    const parsed = schema.safeParse(fields[i]);
    if (parsed.success) return parsed.data;
    damaged = true;
    return fallback;
  });
  if (damaged) log(`library: the index entry of ${c.file[at]} has unreadable details`);
  const [mime, bytes, width, height, durationSeconds, taskId, sourceUrl, params, usage, cost, favourite, actualPrompt, origin, madeFrom] = rest as [string, number, ...unknown[]];
  const item = { version: 1, id: c.id[at], kind: c.kind[at], file: c.file[at], mime, bytes, prompt: c.prompt[at], model: c.model[at], params, createdAt: c.createdAt[at], savedAt: c.savedAt[at] } as LibraryItem;
  const optional = { width, height, durationSeconds, thumb: c.thumb[at] || null, taskId, sourceUrl, usage, cost, favourite, actualPrompt, origin, madeFrom };
  for (const [k, v] of Object.entries(optional)) if (v !== null && v !== undefined) (item as Record<string, unknown>)[k] = v;
  return item;
}

/** Newest first by creation, then by save time; the id breaks ties so the order is stable. */
export function compareRows(c: Columns, a: number, b: number): number {
  return c.createdAt[b] - c.createdAt[a] || c.savedAt[b] - c.savedAt[a] || (c.id[a] < c.id[b] ? -1 : c.id[a] > c.id[b] ? 1 : 0);
}

/** Puts the rows in list order: one pass when they already are (an index file is written so). */
export function sortRows(c: Columns): void {
  const n = c.id.length;
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) sorted = compareRows(c, i - 1, i) <= 0;
  if (sorted) return;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => compareRows(c, a, b));
  for (const name of COLUMN_NAMES) {
    const column = c[name] as unknown[];
    const copy = column.slice();
    for (let i = 0; i < n; i++) column[i] = copy[order[i]];
  }
}

/** Keeps the rows whose flag is set (a reconcile's verdict), in order. */
export function keepRows(c: Columns, keep: Uint8Array): Columns {
  const out = emptyColumns();
  for (const name of COLUMN_NAMES) {
    const from = c[name] as unknown[];
    const to = out[name] as unknown[];
    for (let i = 0; i < from.length; i++) if (keep[i]) to.push(from[i]);
  }
  return out;
}
