/**
 * The library as the facets count it (docs/data.md, "Facets"): one typed array per facet, a code
 * per row, aligned with the rows of the in-memory index (library-index.ts). Counting then reads
 * numbers only; no item is made and no JSON is parsed per query.
 *
 * A picture's size and cost sit in each row's `rest` text (index-columns.ts), which the index
 * keeps in the database until an item is handed out: they are read once, a page of rows per turn
 * of the loop (`load`), as two bucket codes per id. The row-aligned columns are remade from the
 * index's columns and those codes when the index changes (a save, a removal, an opening), and
 * the curation's columns when the curation does (an edit); both are plain loops over the rows.
 */
import type { Db } from '../db/migrations.js';
import { aspectCode, costCode, resolutionCode } from '@shared/contract/library-facets.js';
import type { FacetSource } from './curation.js';
import type { LibraryIndex } from './library-index.js';

const KINDS = ['image', 'video', 'audio'] as const;
/** Rows read between two gives of the loop (as library-table.ts reads them). */
const PAGE = 1_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The per-row codes made from the index's columns. */
export interface BaseColumns {
  changes: number;
  n: number;
  ids: readonly string[];
  kind: Uint8Array;
  model: Int32Array;
  models: string[];
  createdAt: Float64Array;
  aspect: Uint8Array;
  resolution: Uint8Array;
  cost: Uint8Array;
  /** The favourite flag as the row says it (before the curation's favourites are read). */
  rowFavourite: Uint8Array;
}

/** A list per row in one array: row i's values are `values[start[i]]` up to `values[start[i + 1]]`. */
export interface RowLists {
  start: Int32Array;
  values: Int32Array;
}

/** The per-row codes made from the curation. */
export interface CurationColumns {
  key: string;
  rating: Uint8Array;
  favourite: Uint8Array;
  tags: RowLists;
  /** Each tag's key (lower-cased) to its number, and its spelling as first met. */
  tagIndex: Map<string, number>;
  tagNames: string[];
  collections: RowLists;
  collectionIndex: Map<string, number>;
  collectionIds: string[];
}

/** Packs an item's resolution, cost and favourite codes into one number. */
export function packExtras(rest: string): number {
  let fields: unknown;
  try {
    fields = JSON.parse(rest);
  } catch {
    fields = undefined;
  }
  const f = Array.isArray(fields) ? fields : [];
  const w = typeof f[2] === 'number' ? f[2] : 0;
  const h = typeof f[3] === 'number' ? f[3] : 0;
  const cost = f[9] && typeof f[9] === 'object' ? (f[9] as { amount?: unknown }).amount : undefined;
  return pack(w * h, typeof cost === 'number' ? cost : NaN, f[10] === true);
}

const pack = (pixels: number, cost: number, favourite: boolean) => resolutionCode(pixels) | (costCode(cost) << 3) | (favourite ? 64 : 0);

export class FacetColumns {
  /** Each id's packed extras (packExtras), from one pass over the database and then each new item. */
  private readonly extras = new Map<string, number>();
  private loading: Promise<void> | undefined;
  private loaded = false;
  private base: BaseColumns | undefined;
  private curated: CurationColumns | undefined;

  constructor(
    private readonly index: LibraryIndex,
    private readonly db: () => Db | undefined,
    private readonly restOf: (id: string) => string | undefined,
    private readonly pause: () => Promise<void> = nextTurn,
  ) {}

  /** Whether the sizes and costs were read (until then, a filter by them is asked of the database). */
  get ready(): boolean {
    return this.loaded;
  }

  /** Reads every row's size, cost and favourite, a page per turn of the loop; once. */
  load(): Promise<void> {
    this.loading ??= this.read().then(() => {
      this.loaded = true;
    }, (err: unknown) => {
      // A failed reading (the database busy or closing) is tried again at the next ask.
      this.loading = undefined;
      throw err;
    });
    return this.loading;
  }

  private async read(): Promise<void> {
    const db = this.db();
    if (!db) return;
    // json_extract fails on a damaged text: such a row counts as unknown, as its item shows.
    const page = db.prepare(`SELECT rowid, id, CASE WHEN json_valid(rest) THEN json_extract(rest, '$[2]') END, CASE WHEN json_valid(rest) THEN json_extract(rest, '$[3]') END,
      CASE WHEN json_valid(rest) THEN json_extract(rest, '$[9].amount') END, CASE WHEN json_valid(rest) THEN json_extract(rest, '$[10]') END
      FROM library_items WHERE rowid > ? ORDER BY rowid LIMIT ${PAGE}`).raw();
    let after = 0;
    for (;;) {
      const rows = page.all(after) as [number, string, unknown, unknown, unknown, unknown][];
      for (const [, id, w, h, cost, favourite] of rows) {
        const pixels = typeof w === 'number' && typeof h === 'number' ? w * h : 0;
        this.extras.set(id, pack(pixels, typeof cost === 'number' ? cost : NaN, favourite === 1));
      }
      if (rows.length < PAGE) return;
      after = rows[rows.length - 1][0];
      await this.pause();
    }
  }

  /** An id's extras: read at `load`, or for an item saved since, from its row. */
  private extrasOf(id: string, at: number, rest: readonly string[]): number {
    let x = this.extras.get(id);
    if (x === undefined) {
      const text = rest[at] !== '' ? rest[at] : this.restOf(id);
      x = text ? packExtras(text) : pack(0, NaN, false);
      this.extras.set(id, x);
    }
    return x;
  }

  /** The columns of the index as it is now; remade after any change to it. */
  baseColumns(): BaseColumns {
    const changes = this.index.changes;
    if (this.base?.changes === changes) return this.base;
    const c = this.index.columns();
    const n = c.id.length;
    const kind = new Uint8Array(n);
    const model = new Int32Array(n);
    const models: string[] = [];
    const modelIndex = new Map<string, number>();
    const createdAt = new Float64Array(n);
    const aspect = new Uint8Array(n);
    const resolution = new Uint8Array(n);
    const cost = new Uint8Array(n);
    const rowFavourite = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      kind[i] = Math.max(0, KINDS.indexOf(c.kind[i]));
      let m = modelIndex.get(c.model[i]);
      if (m === undefined) {
        m = models.push(c.model[i]) - 1;
        modelIndex.set(c.model[i], m);
      }
      model[i] = m;
      createdAt[i] = c.createdAt[i];
      aspect[i] = aspectCode(c.ratio[i]);
      const x = this.extrasOf(c.id[i], i, c.rest);
      resolution[i] = x & 7;
      cost[i] = (x >> 3) & 7;
      rowFavourite[i] = (x >> 6) & 1;
    }
    this.base = { changes, n, ids: c.id, kind, model, models, createdAt, aspect, resolution, cost, rowFavourite };
    return this.base;
  }

  /** The curation's columns for these rows; remade after an edit or a change of the rows. */
  curationColumns(base: BaseColumns, s: FacetSource): CurationColumns {
    const key = `${base.changes}/${s.edit}/${s.favouritesReady}/${s.collections.size}`;
    if (this.curated?.key === key) return this.curated;
    const { n, ids } = base;
    const rating = new Uint8Array(n);
    const favourite = s.favouritesReady ? new Uint8Array(n) : base.rowFavourite;
    const tagIndex = new Map<string, number>();
    const tagNames: string[] = [];
    const bySpelling = new Map<string, number>();
    const collectionIds = [...s.collections.keys()];
    const collectionIndex = new Map(collectionIds.map((id, k) => [id, k]));
    const tagStart = new Int32Array(n + 1);
    const collStart = new Int32Array(n + 1);
    const tagValues: number[] = [];
    const collValues: number[] = [];
    for (let i = 0; i < n; i++) {
      const id = ids[i];
      tagStart[i] = tagValues.length;
      collStart[i] = collValues.length;
      // Most items carry no curation: the maps hold only curated ones, so most lookups miss.
      if (s.ratings.size > 0) rating[i] = s.ratings.get(id) ?? 0;
      if (s.favouritesReady && s.favourites.size > 0 && s.favourites.has(id)) favourite[i] = 1;
      const tags = s.tags.size > 0 ? s.tags.get(id) : undefined;
      if (tags) {
        for (const t of tags) {
          // By spelling first: a tag is spelt one way on almost every item, and lower-casing makes a string.
          let at = bySpelling.get(t);
          if (at === undefined) {
            const k = t.toLowerCase();
            at = tagIndex.get(k);
            if (at === undefined) {
              at = tagNames.push(t) - 1;
              tagIndex.set(k, at);
            }
            bySpelling.set(t, at);
          }
          tagValues.push(at);
        }
      }
      const member = s.memberOf.size > 0 ? s.memberOf.get(id) : undefined;
      if (member) for (const cid of member) {
        const at = collectionIndex.get(cid);
        if (at !== undefined) collValues.push(at);
      }
    }
    tagStart[n] = tagValues.length;
    collStart[n] = collValues.length;
    this.curated = {
      key, rating, favourite, tagIndex, tagNames, collectionIndex, collectionIds,
      tags: { start: tagStart, values: Int32Array.from(tagValues) },
      collections: { start: collStart, values: Int32Array.from(collValues) },
    };
    return this.curated;
  }
}

/** Whether row `i`'s list holds `value`. */
export function listHas(l: RowLists, i: number, value: number): boolean {
  for (let k = l.start[i]; k < l.start[i + 1]; k++) if (l.values[k] === value) return true;
  return false;
}
