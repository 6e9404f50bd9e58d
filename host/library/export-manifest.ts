/**
 * The two manifests of an export (docs/library-files.md, "The zip"): manifest.json, the exact
 * record of every item, and manifest.csv, the same as rows for a spreadsheet (csv-stringify).
 * Both are streams generated row by row as the zip takes them, so an export of thousands of
 * items with long prompts is never held in memory whole.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { SOFTWARE } from './file-metadata.js';
import type { LibraryItem } from './library-item.js';

export interface ManifestEntry {
  /** Its path inside the zip. */
  file: string;
  item: LibraryItem;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** One item as manifest.json records it: everything a reader needs to know how it was made. */
export function manifestRecord({ file, item }: ManifestEntry) {
  return {
    file,
    kind: item.kind,
    mime: item.mime,
    prompt: item.prompt,
    model: item.model,
    settings: item.params,
    bytes: item.bytes,
    width: item.width,
    height: item.height,
    durationSeconds: item.durationSeconds,
    createdAt: iso(item.createdAt),
    savedAt: iso(item.savedAt),
    cost: item.cost,
    taskId: item.taskId,
    // The library's id, which other items' `madeFrom` names (docs/library-files.md, "Lineage").
    id: item.id,
    madeFrom: item.madeFrom,
  };
}

export function jsonManifest(entries: readonly ManifestEntry[], exportedAt: number): Readable {
  function* pieces() {
    const head = JSON.stringify({ software: SOFTWARE, exportedAt: iso(exportedAt), count: entries.length });
    yield `${head.slice(0, -1)},"items":[\n`;
    for (const [i, entry] of entries.entries()) yield `${i ? ',\n' : ''}${JSON.stringify(manifestRecord(entry))}`;
    yield '\n]}\n';
  }
  return Readable.from(pieces(), { objectMode: false });
}

export const CSV_COLUMNS = ['file', 'kind', 'prompt', 'model', 'settings', 'bytes', 'width', 'height', 'duration_seconds', 'created', 'cost', 'currency', 'id', 'made_from'] as const;

/**
 * A cell a spreadsheet would run as a formula (it starts with = + - @, a tab or a return) gets a
 * leading apostrophe, the usual guard against CSV injection; manifest.json keeps the exact text.
 */
export function csvCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function csvManifest(entries: readonly ManifestEntry[]): Readable {
  function* rows() {
    for (const { file, item } of entries) {
      yield [
        csvCell(file), item.kind, csvCell(item.prompt), csvCell(item.model), csvCell(JSON.stringify(item.params)), item.bytes,
        item.width ?? '', item.height ?? '', item.durationSeconds ?? '', iso(item.createdAt), item.cost?.amount ?? '', item.cost?.currency ?? '',
        item.id, item.madeFrom ? csvCell(JSON.stringify(item.madeFrom)) : '',
      ];
    }
  }
  // A byte-order mark, so spreadsheet programs read the UTF-8 prompts as UTF-8.
  return Readable.from(rows()).pipe(stringify({ header: true, columns: [...CSV_COLUMNS], bom: true, record_delimiter: 'windows' }));
}
