/**
 * Ratings, tags and collections of library items (docs/library-files.md, "Curation"):
 * database-first. Each edit is one transaction, however many items it names, that also marks
 * every item it changed as lagging (`library_sidecar_lag`), so a kill leaves every item edited or
 * none; the sidecars follow in the background (sidecar-drain.ts). The same state is kept in
 * memory (a few maps holding only curated items) so listing and filtering never ask the database.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/migrations.js';
import type { LibraryItem } from './library-item.js';
import type { FacetFilter } from '@shared/contract/library-facets.js';

export interface CollectionRef {
  id: string;
  name: string;
}
export interface Curated {
  /** 0 for none, else 1–5. */
  rating: number;
  tags: string[];
  collections: CollectionRef[];
}
export interface CollectionInfo extends CollectionRef {
  createdAt: number;
  count: number;
}
/** The curation's filters, and the facets' (facets.ts), which a list query combines. */
export interface CurationFilter extends FacetFilter {
  minRating?: number;
  tag?: string;
  collectionId?: string;
  favourite?: boolean;
}

/** What the facets read of the curation: the maps as they are, and what says they changed. */
export interface FacetSource {
  ratings: ReadonlyMap<string, number>;
  tags: ReadonlyMap<string, readonly string[]>;
  memberOf: ReadonlyMap<string, ReadonlySet<string>>;
  collections: ReadonlyMap<string, { name: string }>;
  favourites: ReadonlySet<string>;
  favouritesReady: boolean;
  /** The last edit's number: every edit of ratings, tags or collections raises it. */
  edit: number;
}

/** A tag as kept: trimmed, at most 64 characters; its key (what makes it unique per item) lower-cased. */
export function cleanTag(tag: string): string | undefined {
  const t = tag.trim().slice(0, 64).trim();
  return t === '' ? undefined : t;
}
const keyOf = (tag: string) => tag.toLowerCase();
/** Tags in the order of their keys, as the database reads them back (SQLite's BINARY order, as `<` compares). */
const byKey = (a: string, b: string) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0);

/** Rows read between two gives of the loop when the state is loaded at open. */
const PAGE = 2_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class Curation {
  private readonly ratings = new Map<string, number>();
  private readonly tags = new Map<string, string[]>();
  private readonly memberOf = new Map<string, Set<string>>();
  private readonly collections = new Map<string, { name: string; createdAt: number }>();
  /** Favourites (kept in the items' rows, library.ts): asked by the gallery's favourite filter. */
  readonly favourites = new Set<string>();
  /** The number of the last edit: a lagging item is settled only for the edit its sidecar got. */
  private edit = 0;
  /** Counts every change of the state in memory: a search's matches by curation are kept until it changes. */
  version = 0;

  constructor(
    readonly db: Db,
    private readonly now: () => number = Date.now,
    private readonly pause: () => Promise<void> = nextTurn,
  ) {}

  /** Reads every curation row into memory, a page per turn of the loop. */
  async load(): Promise<void> {
    this.edit = (this.db.prepare('SELECT coalesce(max(edit), 0) FROM library_sidecar_lag').pluck().get() as number);
    for (const r of this.db.prepare('SELECT id, name, created_at AS createdAt FROM library_collections').all() as { id: string; name: string; createdAt: number }[]) {
      this.collections.set(r.id, { name: r.name, createdAt: r.createdAt });
    }
    await this.paged('SELECT item_id, rating FROM library_ratings WHERE item_id > ? ORDER BY item_id LIMIT ?', (r) => this.ratings.set(r[0] as string, r[1] as number));
    await this.paged('SELECT item_id, tag_key, tag FROM library_item_tags WHERE (item_id, tag_key) > (?, ?) ORDER BY item_id, tag_key LIMIT ?', (r) => this.pushTag(r[0] as string, r[2] as string), 'pair');
    await this.paged('SELECT item_id, collection_id FROM library_collection_items WHERE (item_id, collection_id) > (?, ?) ORDER BY item_id, collection_id LIMIT ?', (r) => this.join(r[0] as string, r[1] as string), 'pair');
  }

  /**
   * The favourites, read from the items' rows after the opening rather than during it (an opening
   * reads no row of `library_items` it does not need: docs/performance.md, "gallery"); until then
   * the favourite filter is asked of the database (`favouritesReady`).
   */
  async loadFavourites(): Promise<void> {
    await this.pause();
    await this.paged('SELECT rowid, id, json_extract(rest, \'$[10]\') FROM library_items WHERE rowid > ? ORDER BY rowid LIMIT ?', (r) => {
      if (r[2] === 1) this.favourites.add(r[1] as string);
    }, 'rowid');
    this.favouritesReady = true;
  }

  favouritesReady = false;

  private async paged(sql: string, each: (row: unknown[]) => void, by: 'first' | 'rowid' | 'pair' = 'first'): Promise<void> {
    const s = this.db.prepare(sql).raw();
    let after: unknown[] = by === 'rowid' ? [0] : by === 'pair' ? ['', ''] : [''];
    for (;;) {
      const rows = s.all(...after, PAGE) as unknown[][];
      for (const r of rows) each(r);
      if (rows.length < PAGE) return;
      const last = rows[rows.length - 1];
      after = by === 'pair' ? [last[0], last[1]] : [last[0]];
      await this.pause();
    }
  }

  private pushTag(id: string, tag: string): void {
    const list = this.tags.get(id);
    if (list) list.push(tag);
    else this.tags.set(id, [tag]);
  }

  private join(id: string, collection: string): void {
    const set = this.memberOf.get(id);
    if (set) set.add(collection);
    else this.memberOf.set(id, new Set([collection]));
  }

  of(id: string): Curated {
    const collections: CollectionRef[] = [];
    for (const c of this.memberOf.get(id) ?? []) {
      const info = this.collections.get(c);
      if (info) collections.push({ id: c, name: info.name });
    }
    return { rating: this.ratings.get(id) ?? 0, tags: [...(this.tags.get(id) ?? [])], collections };
  }

  /** The item with its curation, as the gallery is answered. */
  decorate(item: LibraryItem): LibraryItem {
    const { rating: _r, tags: _t, collections: _c, ...kept } = item;
    const c = this.of(item.id);
    return { ...kept, ...(c.rating > 0 ? { rating: c.rating } : {}), ...(c.tags.length > 0 ? { tags: c.tags } : {}), ...(c.collections.length > 0 ? { collections: c.collections } : {}) };
  }

  /**
   * Runs `work` and marks `ids` lagging, in one transaction; memory follows once it committed.
   * Each statement takes every id at once (a JSON array read by `json_each`), so SQLite walks
   * them in C: a bulk edit of 10,000 items holds the loop tens of milliseconds, not hundreds
   * (docs/performance-findings.md, "A bulk edit of 10,000 items"). favourite-bulk.ts edits through it too.
   */
  edited(ids: Iterable<string>, work: () => void): void {
    const edit = this.edit + 1;
    const all = Array.isArray(ids) ? (ids as readonly string[]) : [...ids];
    const lag = this.db.prepare('INSERT OR REPLACE INTO library_sidecar_lag (item_id, edit) SELECT value, ? FROM json_each(?)');
    this.db.transaction(() => {
      work();
      if (all.length > 0) lag.run(edit, JSON.stringify(all));
    })();
    this.edit = edit;
    this.version++;
  }

  /** Sets (0: clears) the rating of every item of `ids`; answers how many changed. */
  rate(ids: readonly string[], rating: number): number {
    const changed = ids.filter((id) => (this.ratings.get(id) ?? 0) !== rating);
    this.edited(changed, () => {
      if (rating === 0) this.db.prepare('DELETE FROM library_ratings WHERE item_id IN (SELECT value FROM json_each(?))').run(JSON.stringify(changed));
      else this.db.prepare('INSERT OR REPLACE INTO library_ratings (item_id, rating) SELECT value, ? FROM json_each(?)').run(rating, JSON.stringify(changed));
    });
    for (const id of changed) if (rating === 0) this.ratings.delete(id); else this.ratings.set(id, rating);
    return changed.length;
  }

  /** Adds and removes tags (case-insensitively; a tag already there keeps its spelling). */
  tag(ids: readonly string[], add: readonly string[], remove: readonly string[]): number {
    const adding: string[] = [];
    for (const t of add.flatMap((x) => cleanTag(x) ?? [])) if (!adding.some((a) => keyOf(a) === keyOf(t))) adding.push(t);
    const removing = new Set(remove.flatMap((t) => cleanTag(t) ?? []).map(keyOf));
    const next = new Map<string, string[]>();
    /** Per tag key: the ids it is added to (with the spelling added), and the ids it is taken from. */
    const added = new Map<string, { tag: string; ids: string[] }>();
    const taken = new Map<string, string[]>();
    for (const id of ids) {
      const had = this.tags.get(id) ?? [];
      const kept = had.filter((t) => !removing.has(keyOf(t)));
      const keys = new Set(kept.map(keyOf));
      const gained = adding.filter((t) => !keys.has(keyOf(t)) && !removing.has(keyOf(t)));
      if (gained.length === 0 && kept.length === had.length) continue;
      for (const t of had) {
        if (!removing.has(keyOf(t))) continue;
        const from = taken.get(keyOf(t));
        if (from) from.push(id);
        else taken.set(keyOf(t), [id]);
      }
      for (const t of gained) {
        const entry = added.get(keyOf(t)) ?? { tag: t, ids: [] };
        entry.ids.push(id);
        added.set(keyOf(t), entry);
      }
      next.set(id, [...kept, ...gained].sort(byKey));
    }
    const put = this.db.prepare('INSERT OR IGNORE INTO library_item_tags (item_id, tag_key, tag) SELECT value, ?, ? FROM json_each(?)');
    const take = this.db.prepare('DELETE FROM library_item_tags WHERE tag_key = ? AND item_id IN (SELECT value FROM json_each(?))');
    this.edited([...next.keys()], () => {
      for (const [key, from] of taken) take.run(key, JSON.stringify(from));
      for (const [key, { tag, ids: to }] of added) put.run(key, tag, JSON.stringify(to));
    });
    for (const [id, tags] of next) if (tags.length) this.tags.set(id, tags); else this.tags.delete(id);
    return next.size;
  }

  /** What a search reads (curation-search.ts): each item's tags, its collections and their names. */
  get searchable(): { tags: ReadonlyMap<string, readonly string[]>; memberOf: ReadonlyMap<string, ReadonlySet<string>>; collections: ReadonlyMap<string, { name: string }> } {
    return { tags: this.tags, memberOf: this.memberOf, collections: this.collections };
  }

  list(): CollectionInfo[] {
    const counts = new Map(this.db.prepare('SELECT collection_id, count(*) FROM library_collection_items GROUP BY collection_id').raw().all() as [string, number][]);
    return [...this.collections].map(([id, c]) => ({ id, name: c.name, createdAt: c.createdAt, count: counts.get(id) ?? 0 }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.createdAt - b.createdAt);
  }

  has(collectionId: string): boolean {
    return this.collections.has(collectionId);
  }

  create(name: string): CollectionInfo {
    const c = { id: randomUUID(), name: name.trim(), createdAt: this.now() };
    this.db.prepare('INSERT INTO library_collections (id, name, created_at) VALUES (?, ?, ?)').run(c.id, c.name, c.createdAt);
    this.collections.set(c.id, { name: c.name, createdAt: c.createdAt });
    return { ...c, count: 0 };
  }

  /** Renames a collection; its items' sidecars name it, so they lag until rewritten. */
  rename(id: string, name: string): boolean {
    const info = this.collections.get(id);
    if (!info) return false;
    this.edited(this.itemsIn(id), () => this.db.prepare('UPDATE library_collections SET name = ? WHERE id = ?').run(name.trim(), id));
    info.name = name.trim();
    return true;
  }

  remove(id: string): boolean {
    if (!this.collections.has(id)) return false;
    const items = this.itemsIn(id);
    this.edited(items, () => {
      this.db.prepare('DELETE FROM library_collection_items WHERE collection_id = ?').run(id);
      this.db.prepare('DELETE FROM library_collections WHERE id = ?').run(id);
    });
    this.collections.delete(id);
    for (const item of items) this.memberOf.get(item)?.delete(id);
    return true;
  }

  /** Puts `ids` into (or takes them out of) a collection; answers how many changed. */
  collect(ids: readonly string[], collectionId: string, add: boolean): number {
    const changed = ids.filter((id) => (this.memberOf.get(id)?.has(collectionId) ?? false) !== add);
    this.edited(changed, () => {
      if (add) this.db.prepare('INSERT OR IGNORE INTO library_collection_items (collection_id, item_id) SELECT ?, value FROM json_each(?)').run(collectionId, JSON.stringify(changed));
      else this.db.prepare('DELETE FROM library_collection_items WHERE collection_id = ? AND item_id IN (SELECT value FROM json_each(?))').run(collectionId, JSON.stringify(changed));
    });
    for (const id of changed) if (add) this.join(id, collectionId); else this.memberOf.get(id)?.delete(collectionId);
    return changed.length;
  }

  /** The ids in a collection (its export), from the database. */
  itemsIn(collectionId: string): string[] {
    return this.db.prepare('SELECT item_id FROM library_collection_items WHERE collection_id = ?').pluck().all(collectionId) as string[];
  }

  /** The state as the facets count it (facet-columns.ts): read, never changed there. */
  facetSource(): FacetSource {
    return { ratings: this.ratings, tags: this.tags, memberOf: this.memberOf, collections: this.collections, favourites: this.favourites, favouritesReady: this.favouritesReady, edit: this.edit };
  }

  /** The ids a filter keeps; undefined when it has none (every item). */
  matching(f: CurationFilter): Set<string> | undefined {
    let out: Set<string> | undefined;
    const keep = (ids: Iterable<string>, test: (id: string) => boolean) => {
      const next = new Set<string>();
      for (const id of ids) if (test(id) && (!out || out.has(id))) next.add(id);
      out = next;
    };
    if (f.minRating !== undefined && f.minRating > 0) keep(this.ratings.keys(), (id) => this.ratings.get(id)! >= f.minRating!);
    if (f.tag !== undefined) {
      const key = keyOf(f.tag.trim());
      keep(this.tags.keys(), (id) => this.tags.get(id)!.some((t) => keyOf(t) === key));
    }
    if (f.collectionId !== undefined) keep(this.memberOf.keys(), (id) => this.memberOf.get(id)!.has(f.collectionId!));
    if (f.favourite === true) keep(this.favourites, () => true);
    return out;
  }

  /** An item removed from the library: its curation goes with it. */
  forget(id: string): void {
    this.db.transaction(() => {
      for (const t of ['library_ratings', 'library_item_tags', 'library_collection_items', 'library_sidecar_lag']) this.db.prepare(`DELETE FROM ${t} WHERE item_id = ?`).run(id);
    })();
    this.ratings.delete(id);
    this.tags.delete(id);
    this.memberOf.delete(id);
    this.favourites.delete(id);
  }

  /**
   * Items read from their sidecars (an index rebuilt, or saved by another copy of the library):
   * what their sidecars say is taken, unless the database has an edit their sidecar lags behind.
   */
  adopt(items: readonly LibraryItem[]): void {
    const lagging = new Set(this.db.prepare('SELECT item_id FROM library_sidecar_lag').pluck().all() as string[]);
    const fresh = items.filter((i) => !lagging.has(i.id) && (i.rating || i.tags?.length || i.collections?.length || i.favourite));
    if (fresh.length === 0) return;
    const rate = this.db.prepare('INSERT OR REPLACE INTO library_ratings (item_id, rating) VALUES (?, ?)');
    const tag = this.db.prepare('INSERT OR IGNORE INTO library_item_tags (item_id, tag_key, tag) VALUES (?, ?, ?)');
    const coll = this.db.prepare('INSERT OR IGNORE INTO library_collections (id, name, created_at) VALUES (?, ?, ?)');
    const member = this.db.prepare('INSERT OR IGNORE INTO library_collection_items (collection_id, item_id) VALUES (?, ?)');
    this.db.transaction(() => {
      for (const i of fresh) {
        if (i.rating) rate.run(i.id, i.rating);
        for (const t of i.tags ?? []) tag.run(i.id, keyOf(t), t);
        for (const c of i.collections ?? []) {
          coll.run(c.id, c.name, i.savedAt);
          member.run(c.id, i.id);
        }
      }
    })();
    this.version++;
    for (const i of fresh) {
      if (i.favourite) this.favourites.add(i.id);
      if (i.rating) this.ratings.set(i.id, i.rating);
      const had = new Set((this.tags.get(i.id) ?? []).map(keyOf));
      for (const t of i.tags ?? []) if (!had.has(keyOf(t))) this.pushTag(i.id, t);
      this.tags.get(i.id)?.sort(byKey);
      for (const c of i.collections ?? []) {
        if (!this.collections.has(c.id)) this.collections.set(c.id, { name: c.name, createdAt: i.savedAt });
        this.join(i.id, c.id);
      }
    }
  }

  /** Lagging items after `after` (by id), with the edit each waits for. */
  lagging(after: string, limit: number): { id: string; edit: number }[] {
    return this.db.prepare('SELECT item_id AS id, edit FROM library_sidecar_lag WHERE item_id > ? ORDER BY item_id LIMIT ?').all(after, limit) as { id: string; edit: number }[];
  }

  /** The sidecar of `id` now says what edit `edit` made: settled unless a later edit came. */
  settle(id: string, edit: number): void {
    this.db.prepare('DELETE FROM library_sidecar_lag WHERE item_id = ? AND edit <= ?').run(id, edit);
  }

  /** The edit number in memory, read together with `of()` before a sidecar is written. */
  get lastEdit(): number {
    return this.edit;
  }

  lagCount(): number {
    return this.db.prepare('SELECT count(*) FROM library_sidecar_lag').pluck().get() as number;
  }
}
