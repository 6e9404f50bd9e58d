/**
 * The first index format (one JSON document, one array of 16 primitives per item), read once to
 * carry an existing library over to the current one (index-file.ts) without reading a single
 * sidecar: nothing the old index held is lost, and the next write is in the current format.
 */
import { zodMessage } from '@shared/messages/index.js';
import { z } from 'zod';
import { LibraryId, LibraryKind, type LibraryItem } from './library-item.js';
import { ratioOf } from '@shared/contract/library-shape.js';
import { emptyColumns, type Columns } from './index-columns.js';

const str = z.string();
const opt = <T extends z.ZodType>(t: T) => t.nullable();
/** `[id, kind, file, mime, bytes, width, height, durationSeconds, prompt, model, createdAt, savedAt, thumb, taskId, sourceUrl, extra JSON]`. */
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

/** The same rule as `IndexRow` over the whole array, without zod's per-element cost (index-v1.test.ts checks they agree). */
export const IndexRows = z.custom<IndexRow[]>(
  (rows) => Array.isArray(rows) && rows.every((r) => Array.isArray(r) && r.length === ROW_CHECKS.length && ROW_CHECKS.every((check, i) => check(r[i]))),
  { message: zodMessage('jobs.library.indexRows') },
);

export const IndexFileV1 = z.object({
  version: z.literal(1),
  root: z.string(),
  dirs: z.record(z.string(), z.number()),
  rows: IndexRows,
});

/** An item as the first format stored it (tests write such files to check the migration). */
export function toRow(i: LibraryItem): IndexRow {
  const extra = JSON.stringify({ params: i.params, usage: i.usage, cost: i.cost });
  return [i.id, i.kind, i.file, i.mime, i.bytes, i.width ?? null, i.height ?? null, i.durationSeconds ?? null,
    i.prompt, i.model, i.createdAt, i.savedAt, i.thumb ?? null, i.taskId ?? null, i.sourceUrl ?? null, extra];
}

/** The rows in the current form; each row's details (`extra`) are carried as they are, read when handed out. */
export function columnsOfRows(rows: readonly IndexRow[]): Columns {
  const c = emptyColumns();
  for (const [id, kind, file, mime, bytes, width, height, durationSeconds, prompt, model, createdAt, savedAt, thumb, taskId, sourceUrl, extra] of rows) {
    let details: { params?: unknown; usage?: unknown; cost?: unknown } = {};
    try {
      const parsed: unknown = JSON.parse(extra);
      if (parsed && typeof parsed === 'object') details = parsed;
    } catch {
      // Left to itemAt: an unreadable entry is logged when the item is handed out, as before.
    }
    c.id.push(id);
    c.kind.push(kind);
    c.file.push(file);
    c.thumb.push(thumb ?? '');
    c.prompt.push(prompt);
    c.model.push(model);
    c.createdAt.push(createdAt);
    c.savedAt.push(savedAt);
    c.ratio.push(ratioOf(width, height));
    c.rest.push(JSON.stringify([mime, bytes, width, height, durationSeconds, taskId, sourceUrl, details.params ?? null, details.usage ?? null, details.cost ?? null]));
  }
  return c;
}
