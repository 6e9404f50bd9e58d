/**
 * The gallery's facets (docs/data.md, "Facets") on a real core and library on disk: each facet's
 * counts over the items matching every other filter, the list following the same filters, and
 * the counts following a save, a removal and curation edits. Then 100,000 rows counted against a
 * count made item by item.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FacetCounts, LibraryFacets } from '@shared/contract/library-facets.js';
import { dataDirCores } from '../test/data-dir-cores.js';
import { pngBytes } from './test/fixtures.js';
import { columnsOf } from './index-columns.js';
import { LibraryIndex } from './library-index.js';
import type { LibraryItem } from './library-item.js';
import { FacetColumns } from './facet-columns.js';
import { countFacets } from './facets.js';
import type { FacetSource } from './curation.js';

const cores = dataDirCores('studio-facets-');
const PNG = pngBytes(2, 2);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.now();

/** Sizes by i % 4: square and small, portrait, landscape (both large), unknown. */
const SIZES: ({ width: number; height: number } | undefined)[] = [{ width: 512, height: 512 }, { width: 1024, height: 1536 }, { width: 1920, height: 1080 }, undefined];
/** Costs by i % 5: none, free, low, mid, high. */
const COSTS = [undefined, 0, 0.01, 0.1, 1];
const MODELS = ['model-a', 'model-b', 'model-c'];

function itemOf(i: number): LibraryItem {
  const id = `item-${String(i).padStart(6, '0')}`;
  const cost = COSTS[i % 5];
  return {
    version: 1, id, kind: 'image', file: `2026-01/${id}.png`, mime: 'image/png', bytes: PNG.length, ...SIZES[i % 4],
    prompt: `picture ${i}`, model: MODELS[i % 3], params: {},
    // Even items made an hour ago, odd ones over a year ago.
    createdAt: i % 2 === 0 ? NOW - HOUR - i : NOW - 400 * DAY - i, savedAt: NOW - 400 * DAY,
    ...(cost === undefined ? {} : { cost: { amount: cost, currency: 'USD' } }),
  };
}

function writeLibrary(libraryDir: string, n: number): LibraryItem[] {
  const dir = path.join(libraryDir, '2026-01');
  mkdirSync(dir, { recursive: true });
  const items = Array.from({ length: n }, (_, i) => itemOf(i));
  for (const item of items) {
    writeFileSync(path.join(libraryDir, item.file), PNG);
    writeFileSync(path.join(libraryDir, `${item.file}.json`), JSON.stringify(item));
  }
  return items;
}

const counts = (f: FacetCounts) => Object.fromEntries(f.values.map((v) => [v.name ?? v.value, v.count]));

describe('library facets', () => {
  it('counts each facet over the items matching every other filter, and lists what the filters keep', async () => {
    const dataDir = cores.freshDir();
    writeLibrary(path.join(dataDir, 'Library'), 60);
    const core = await cores.start(dataDir);

    // Asked before any facet count: answered from the database's rows (facet-sql.ts), as the columns answer later.
    const mixed = { resolution: 'large' as const, cost: 'high' as const, date: 'older' as const };
    const early = (await core.value('library.list', mixed)).total;
    const unrated = (await core.value('library.list', { rating: 0, aspect: 'portrait' as const, date: 'day' as const })).total;

    const all: LibraryFacets = await core.value('library.facets', {});
    expect(all.total).toBe(60);
    expect(counts(all.facets.kind)).toEqual({ image: 60, video: 0, audio: 0 });
    expect(counts(all.facets.model)).toEqual({ 'model-a': 20, 'model-b': 20, 'model-c': 20 });
    expect(counts(all.facets.date)).toEqual({ day: 30, week: 0, month: 0, year: 0, older: 30 });
    expect(counts(all.facets.aspect)).toEqual({ portrait: 15, square: 15, landscape: 15, wide: 0, unknown: 15 });
    expect(counts(all.facets.resolution)).toEqual({ small: 15, medium: 0, large: 30, huge: 0, unknown: 15 });
    expect(counts(all.facets.cost)).toEqual({ free: 12, low: 12, mid: 12, high: 12, unknown: 12 });
    expect(counts(all.facets.rating)).toEqual({ 5: 0, 4: 0, 3: 0, 2: 0, 1: 0, 0: 60 });
    expect(counts(all.facets.favourite)).toEqual({ yes: 0, no: 60 });

    // model-a and square: i % 3 === 0 and i % 4 === 0, so i % 12 === 0: 5 items.
    const q = { model: 'model-a', aspect: 'square' as const };
    const narrowed: LibraryFacets = await core.value('library.facets', q);
    expect(narrowed.total).toBe(5);
    // The model facet is counted over the square items only, every model still there.
    expect(counts(narrowed.facets.model)).toEqual({ 'model-a': 5, 'model-b': 5, 'model-c': 5 });
    // The aspect facet over model-a's items only.
    expect(counts(narrowed.facets.aspect)).toEqual({ portrait: 5, square: 5, landscape: 5, wide: 0, unknown: 5 });
    expect(counts(narrowed.facets.date)).toEqual({ day: 5, week: 0, month: 0, year: 0, older: 0 });
    const listed = await core.value('library.list', q);
    expect(listed.total).toBe(5);
    expect(listed.items.map((i: LibraryItem) => i.width)).toEqual([512, 512, 512, 512, 512]);
    expect((await core.value('library.shapes', q)).ratios).toEqual([1, 1, 1, 1, 1]);

    // Resolution, cost and date together: large (i % 4 in 1, 2), high (i % 5 === 4), older (odd).
    const expected = Array.from({ length: 60 }, (_, i) => i).filter((i) => (i % 4 === 1 || i % 4 === 2) && i % 5 === 4 && i % 2 === 1);
    expect((await core.value('library.facets', mixed)).total).toBe(expected.length);
    expect((await core.value('library.list', mixed)).total).toBe(expected.length);
    expect(early).toBe(expected.length);
    expect(unrated).toBe(0);
    expect((await core.value('library.list', { rating: 0, aspect: 'landscape' as const, date: 'day' as const })).total).toBe(15);
  });

  it('follows a save, a removal, ratings, tags, collections and favourites', async () => {
    const dataDir = cores.freshDir();
    const items = writeLibrary(path.join(dataDir, 'Library'), 12);
    const core = await cores.start(dataDir);
    const ids = items.map((i) => i.id);

    await core.value('library.rate', { ids: ids.slice(0, 4), rating: 5 });
    await core.value('library.rate', { ids: [ids[4]], rating: 2 });
    await core.value('library.tag', { ids: ids.slice(0, 6), add: ['Sunset'] });
    await core.value('library.tag', { ids: ids.slice(3, 5), add: ['fox'] });
    const album = await core.value('library.createCollection', { name: 'Album' });
    await core.value('library.collect', { ids: [ids[0], ids[5]], collectionId: album.id, add: true });
    await core.value('library.setFavourite', { id: ids[1], favourite: true });

    let f: LibraryFacets = await core.value('library.facets', {});
    expect(counts(f.facets.rating)).toEqual({ 5: 4, 4: 0, 3: 0, 2: 1, 1: 0, 0: 7 });
    expect(counts(f.facets.tag)).toEqual({ Sunset: 6, fox: 2 });
    expect(counts(f.facets.collection)).toEqual({ Album: 2 });
    expect(counts(f.facets.favourite)).toEqual({ yes: 1, no: 11 });

    // Rated 5 and tagged sunset: the tag facet counts over the 5-star items, the rating over the tagged.
    f = await core.value('library.facets', { rating: 5, tag: 'SUNSET' });
    expect(f.total).toBe(4);
    expect(counts(f.facets.tag)).toEqual({ Sunset: 4, fox: 1 });
    expect(counts(f.facets.rating)).toEqual({ 5: 4, 4: 0, 3: 0, 2: 1, 1: 0, 0: 1 });
    expect((await core.value('library.list', { rating: 0, tag: 'sunset' })).items.map((i: LibraryItem) => i.id)).toEqual([ids[5]]);

    // An edit, a removal and a save move the counts.
    await core.value('library.tag', { ids: [ids[0]], remove: ['sunset'] });
    await core.value('library.remove', { id: ids[1] });
    f = await core.value('library.facets', { tag: 'sunset' });
    expect(f.total).toBe(4);
    expect(counts(f.facets.favourite)).toEqual({ yes: 0, no: 4 });
    expect(counts(f.facets.rating)).toEqual({ 5: 2, 4: 0, 3: 0, 2: 1, 1: 0, 0: 1 });

    await core.value('library.importFile', { name: 'wide.png', data: pngBytes(40, 10) });
    f = await core.value('library.facets', {});
    expect(f.total).toBe(12);
    expect(counts(f.facets.aspect).wide).toBe(1);
    expect(counts(f.facets.resolution).small).toBe(4);

    // After a restart the rows are read into memory after the opening: a list filtered by size
    // is answered from the database meanwhile, and the counts once the rows are in memory.
    await core.close();
    const again = await cores.start(dataDir);
    expect((await again.value('library.list', { resolution: 'small', tag: 'sunset' })).total).toBe(1);
    const after: LibraryFacets = await again.value('library.facets', { tag: 'sunset' });
    expect(after.total).toBe(4);
    expect(counts(after.facets.rating)).toEqual({ 5: 2, 4: 0, 3: 0, 2: 1, 1: 0, 0: 1 });
    expect(counts(after.facets.aspect)).toEqual({ portrait: 1, square: 1, landscape: 1, wide: 0, unknown: 1 });
  });
});

describe('library facets at 100,000 items', () => {
  it('counts every facet as an item-by-item count does, under combined filters', async () => {
    const n = 100_000;
    const items = Array.from({ length: n }, (_, i) => itemOf(i));
    const index = new LibraryIndex();
    index.load(columnsOf(items));
    const columns = new FacetColumns(index, () => undefined, () => undefined);
    await columns.load();
    const tagNames = Array.from({ length: 20 }, (_, k) => `tag-${k}`);
    const ratings = new Map<string, number>();
    const tags = new Map<string, string[]>();
    const memberOf = new Map<string, Set<string>>();
    const collections = new Map(Array.from({ length: 50 }, (_, k) => [`c${k}`, { name: `Collection ${k}` }]));
    items.forEach((item, i) => {
      if (i % 3) ratings.set(item.id, i % 6);
      if (i % 2) tags.set(item.id, [tagNames[i % 20], tagNames[(i * 7) % 20]].filter((t, k, a) => a.indexOf(t) === k));
      if (i % 5 === 0) memberOf.set(item.id, new Set([`c${i % 50}`]));
    });
    for (const [id, r] of ratings) if (r === 0) ratings.delete(id);
    const source: FacetSource = { ratings, tags, memberOf, collections, favourites: new Set(items.filter((_, i) => i % 7 === 0).map((i) => i.id)), favouritesReady: true, edit: 1 };
    const lib = { index, columns, curation: () => source, collectionName: (id: string) => collections.get(id)?.name };

    const q = { model: 'model-b', tag: 'tag-3', cost: 'mid' as const, date: 'older' as const };
    const got = countFacets(lib, q, NOW);
    // Item by item: a facet counts the items passing every filter but its own.
    const passes = (item: LibraryItem, skip: string) => (skip === 'model' || item.model === 'model-b')
      && (skip === 'tag' || (tags.get(item.id) ?? []).includes('tag-3'))
      && (skip === 'cost' || item.cost?.amount === 0.1)
      && (skip === 'date' || NOW - item.createdAt >= 365 * DAY);
    const tally = (skip: string, key: (item: LibraryItem) => string[]) => {
      const out: Record<string, number> = {};
      for (const item of items) if (passes(item, skip)) for (const k of key(item)) out[k] = (out[k] ?? 0) + 1;
      return out;
    };
    const nonZero = (f: FacetCounts) => Object.fromEntries(f.values.filter((v) => v.count > 0).map((v) => [v.value, v.count]));
    expect(got.total).toBe(items.filter((i) => passes(i, '')).length);
    expect(got.total).toBeGreaterThan(0);
    expect(nonZero(got.facets.model)).toEqual(tally('model', (i) => [i.model]));
    expect(nonZero(got.facets.tag)).toEqual(tally('tag', (i) => tags.get(i.id) ?? []));
    expect(nonZero(got.facets.rating)).toEqual(tally('', (i) => [String(ratings.get(i.id) ?? 0)]));
    expect(nonZero(got.facets.collection)).toEqual(tally('', (i) => [...(memberOf.get(i.id) ?? [])]));
    expect(nonZero(got.facets.favourite)).toEqual(tally('', (i) => [source.favourites.has(i.id) ? 'yes' : 'no']));
    const costs = ['free', 'low', 'mid', 'high'];
    expect(nonZero(got.facets.cost)).toEqual(tally('cost', (i) => [i.cost ? costs[COSTS.indexOf(i.cost.amount) - 1] : 'unknown']));
    expect(nonZero(got.facets.date)).toEqual(tally('date', (i) => [NOW - i.createdAt < DAY ? 'day' : 'older']));
    expect(got.facets.tag.more).toBe(0);
    expect(got.facets.collection.values).toHaveLength(50);
  });
});
