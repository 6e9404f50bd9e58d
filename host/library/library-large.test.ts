/**
 * A library of 100,000 items as a creator with years of results has it, its index file written
 * by the previous release (test/previous-index.ts) in either of its formats: imported into the
 * studio database on the first start with every item and field, then opened, searched and
 * filtered from the database with the same answers as a plain reading of the items would give.
 * Results, not timings (those are bench/gallery.ts's).
 */
import { existsSync } from 'node:fs';
import { stat, mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LibraryItem } from './library-item.js';
import { columnsOf, sortRows } from './index-columns.js';
import { writeIndex } from './test/previous-index.js';
import { toRow } from './index-v1.js';
import { nodeDisk } from './disk.js';
import type { ListQuery } from './library-index.js';
import type { Statement } from 'better-sqlite3';
import { openDatabase } from '../db/database.js';
import type { Db } from '../db/migrations.js';
import { libraryMigrations } from './library-table.js';
import { incomingFile, meta, openLibrary, pngBytes, tempDirs, type TempDirs } from './test/fixtures.js';

const COUNT = 100_000;
const WORDS = 'fox owl heron harbor glacier neon golden film rain snow Dragon CAT'.split(' ');
const MODELS = ['flux-pro', 'seedream-4-5', 'veo-3', 'tts-1'];
const MONTHS = ['2024-01', '2024-02', '2024-03'];

/** A seeded generator, so a failure names the same items every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => ((a = (Math.imul(a, 1664525) + 1013904223) >>> 0) / 4294967296);
}

function manyItems(): LibraryItem[] {
  const rand = random(26);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  return Array.from({ length: COUNT }, (_, i) => {
    const kind = i % 10 < 7 ? 'image' : i % 10 < 9 ? 'video' : 'audio';
    const prompt = Array.from({ length: 3 + Math.floor(rand() * 5) }, () => pick(WORDS)).join(' ') + (i % 997 === 0 ? '\nsecond line' : '');
    // Repeated times (every 7th item shares its neighbour's) make the save time and id decide the order.
    const createdAt = 1_700_000_000_000 + Math.floor(i / 7) * 60_000 + (i % 7 === 0 ? 0 : i % 3) * 1_000;
    return {
      version: 1, id: `it${i.toString(36)}`, kind, file: `${MONTHS[i % 3]}/item ${i}.${kind === 'image' ? 'png' : kind === 'video' ? 'mp4' : 'mp3'}`,
      mime: kind === 'image' ? 'image/png' : kind === 'video' ? 'video/mp4' : 'audio/mpeg', bytes: 1000 + i, prompt, model: pick(MODELS),
      params: { seed: i, style: i % 2 ? 'film' : 'watercolor \\ "quoted"' }, createdAt, savedAt: createdAt + (i % 5),
      ...(kind !== 'audio' ? { width: 1024, height: kind === 'video' ? 576 : 1024 + (i % 4), thumb: `.thumbs/it${i.toString(36)}.jpg` } : {}),
      ...(kind === 'video' ? { durationSeconds: 5 } : {}),
      ...(i % 11 === 0 ? { cost: { amount: 0.04, currency: 'USD' }, taskId: `task-${i}` } : {}),
    } satisfies LibraryItem;
  });
}

const newerFirst = (a: LibraryItem, b: LibraryItem) => b.createdAt - a.createdAt || b.savedAt - a.savedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** What the gallery should show for a query: the items (newest first) read one by one. */
function expected(sorted: readonly LibraryItem[], q: ListQuery): LibraryItem[] {
  const words = (q.text ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return sorted.filter((i) => (q.kind === undefined || i.kind === q.kind) && (q.model === undefined || i.model === q.model)
    && i.createdAt >= (q.from ?? -Infinity) && i.createdAt <= (q.to ?? Infinity)
    && words.every((w) => i.prompt.toLowerCase().includes(w) || i.model.toLowerCase().includes(w)));
}

/** `db`, counting every row its statements hand out. */
function countingRows(db: Db, read: (n: number) => void): Db {
  const statement = (st: Statement): Statement => new Proxy(st, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const out = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (key === 'all') read((out as unknown[]).length);
        else if (key === 'get' && out !== undefined) read(1);
        else if (key === 'iterate') throw new Error('counting iterate() is not done here');
        return out === target ? statement(target) : out;
      };
    },
  });
  return new Proxy(db, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (key === 'prepare') return (sql: string) => statement(target.prepare(sql));
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

let dirs: TempDirs;
let items: LibraryItem[];
/** The same, newest first. */
let sorted: LibraryItem[];
beforeEach(async () => {
  dirs = await tempDirs();
  items = manyItems();
  sorted = [...items].sort(newerFirst);
});
afterEach(() => dirs.cleanup());

/**
 * The folders the items name, aged past the settle window, and the index of every item in them
 * with those folders' times: what the previous release's `Library.close()` left for a settled library.
 */
async function writtenLibrary(format: 'current' | 'first'): Promise<void> {
  const past = new Date(Date.now() - 3_600_000);
  for (const m of MONTHS) {
    await mkdir(path.join(dirs.root, m), { recursive: true });
    await utimes(path.join(dirs.root, m), past, past);
  }
  await utimes(dirs.root, past, past);
  const dirTimes: Record<string, number> = { '': (await stat(dirs.root)).mtimeMs };
  for (const m of MONTHS) dirTimes[m] = (await stat(path.join(dirs.root, m))).mtimeMs;
  const columns = columnsOf(items);
  sortRows(columns);
  if (format === 'current') await writeIndex(nodeDisk, dirs.indexFile, { root: path.resolve(dirs.root), dirs: dirTimes, columns });
  else {
    await mkdir(path.dirname(dirs.indexFile), { recursive: true });
    await writeFile(dirs.indexFile, JSON.stringify({ version: 1, root: path.resolve(dirs.root), dirs: dirTimes, rows: sorted.map(toRow) }));
  }
}

const QUERIES: [string, ListQuery][] = [
  ['one word', { text: 'fox' }],
  ['a word in capitals, in prompts written in capitals', { text: 'DRAGON cat' }],
  ['three words', { text: 'golden harbor film' }],
  ['a word only a model name holds', { text: 'seedream' }],
  ['a prompt’s second line', { text: 'second line' }],
  ['a word nobody used', { text: 'zebra' }],
  ['two words that only meet across two prompts', { text: 'linefox' }],
  ['videos', { kind: 'video' }],
  ['one model', { model: 'veo-3' }],
  ['a model that is not there', { model: 'dall-e' }],
  ['a week', { from: 1_700_000_000_000 + 20_000 * 60_000, to: 1_700_000_000_000 + 30_080 * 60_000 }],
  ['everything at once', { kind: 'image', model: 'flux-pro', from: 1_700_000_000_000, to: 1_700_000_000_000 + 10_000 * 60_000, text: 'rain neon' }],
];

describe('a library of 100,000 items', () => {
  it('is imported whole: every item, every field, the same ids, the old file kept as .imported, then removed on a later start', async () => {
    await writtenLibrary('current');
    const lines: string[] = [];
    const first = openLibrary(dirs, {}, lines);
    expect(await first.open()).toBe(COUNT);
    await first.close();
    expect(lines.join('\n')).toMatch(/imported 100000 items/);
    expect(existsSync(dirs.indexFile)).toBe(false);
    expect(existsSync(`${dirs.indexFile}.imported`)).toBe(true);
    // The next start reads the database alone: every item as the old index held it.
    const reads: string[] = [];
    const again = openLibrary(dirs, { disk: { readFile: (f) => (reads.push(f), nodeDisk.readFile(f)) } }, lines);
    expect(await again.open()).toBe(COUNT);
    expect(reads).toEqual([]);
    expect(again.list().items).toEqual(sorted);
    // That start proved the database holds them: the old file has served its purpose.
    expect(existsSync(`${dirs.indexFile}.imported`)).toBe(false);
  });

  it('gives the host back its loop many times while it imports 100,000 items', async () => {
    await writtenLibrary('current');
    let turns = 0;
    let counting = true;
    const turn = () => {
      turns += 1;
      if (counting) setImmediate(turn);
    };
    setImmediate(turn);
    const lib = openLibrary(dirs);
    expect(await lib.open()).toBe(COUNT);
    counting = false;
    // Pages of rows written and read back with the loop given back between them (library-table.ts).
    expect(turns).toBeGreaterThan(100);
  });

  it('opens, searches and filters with the answers a reading of every item gives', async () => {
    await writtenLibrary('current');
    await openLibrary(dirs).open();
    await dirs.opened[0].close();
    const lib = openLibrary(dirs);
    expect(await lib.open()).toBe(COUNT);
    const all = sorted;
    expect(lib.list({ limit: 200 }).items).toEqual(all.slice(0, 200));
    expect(lib.list({ offset: COUNT - 3, limit: 200 }).items).toEqual(all.slice(-3));
    expect(lib.models()).toEqual([...MODELS].sort());
    for (const [what, q] of QUERIES) {
      const want = expected(sorted, q);
      const page = lib.list({ ...q, offset: 0, limit: 200 });
      expect(page.total, what).toBe(want.length);
      expect(page.items.map((i) => i.id), what).toEqual(want.slice(0, 200).map((i) => i.id));
      // The last page, and the shapes the grid lays out, line up with the same list.
      expect(lib.list({ ...q, offset: Math.max(0, want.length - 5), limit: 5 }).items, what).toEqual(want.slice(-5));
      // Joined: comparing 100,000 numbers one assertion at a time would take longer than the rest.
      expect(lib.shapes(q).join(), what).toBe(want.map((i) => (i.width && i.height ? Math.round((i.width / i.height) * 100) / 100 : 0)).join());
    }
    // Deep in the list, one by one: every field as it was written.
    for (const i of [0, 4_242, 77_777, COUNT - 1]) {
      expect(lib.get(items[i].id)).toEqual(items[i]);
      expect(lib.knows(items[i].file)).toBe(true);
    }
    expect(lib.knows(items[1].thumb!)).toBe(true);
    expect(lib.knows('2024-01/not an item.png')).toBe(false);
  });

  it('opens on the database without reading its 100,000 rows first: they are read after it is open', async () => {
    await writtenLibrary('current');
    // The first start imports the old file; the second removes it once the rows prove whole.
    for (let i = 0; i < 2; i++) {
      const lib = openLibrary(dirs);
      await lib.open();
      await lib.close();
    }
    const database = openDatabase({ file: dirs.database, domains: [libraryMigrations] });
    try {
      let rowsRead = 0;
      const lib = openLibrary(dirs, { db: countingRows(database.forDomain('library'), (n) => (rowsRead += n)) });
      expect(await lib.open()).toBe(COUNT);
      // A count and a look at the folders; the rows come into memory a page per turn after it.
      expect(rowsRead).toBeLessThan(100);
      await lib.searchReady();
      expect(rowsRead).toBeGreaterThanOrEqual(COUNT);
      expect(lib.list({ limit: 3 }).items).toEqual(sorted.slice(0, 3));
      await lib.close();
    } finally {
      database.close();
    }
  });

  it('answers the same from the database while its rows fill as from memory once they have', async () => {
    await writtenLibrary('current');
    await openLibrary(dirs).open();
    await dirs.opened[0].close();
    const lib = openLibrary(dirs);
    await lib.open();
    const ask = (q: ListQuery) => ({ first: lib.list({ ...q, offset: 0, limit: 50 }), last: lib.list({ ...q, offset: 20_000, limit: 7 }), shapes: lib.shapes(q).join() });
    const early = QUERIES.map(([, q]) => ask(q));
    const models = lib.models();
    const found = [0, 4_242, COUNT - 2].map((i) => [lib.get(items[i].id), lib.knows(items[i].file), lib.knows(items[i + 1].thumb ?? '')]);
    await lib.searchReady();
    expect(QUERIES.map(([, q]) => ask(q))).toEqual(early);
    expect(lib.models()).toEqual(models);
    expect([0, 4_242, COUNT - 2].map((i) => [lib.get(items[i].id), lib.knows(items[i].file), lib.knows(items[i + 1].thumb ?? '')])).toEqual(found);
  });

  it('keeps a save and a removal made while its rows fill: listed exactly once, and gone', async () => {
    await writtenLibrary('current');
    await openLibrary(dirs).open();
    await dirs.opened[0].close();
    const lib = openLibrary(dirs);
    await lib.open();
    const gone = items[77_777];
    const saved = await lib.add({ source: await incomingFile(dirs, pngBytes(8, 8)), meta: meta({ prompt: 'a Zebra at dusk', createdAt: 1_700_000_000_000 + 5_000 * 60_000 }), name: 'zebra.png' });
    expect(await lib.remove(gone.id)).toBe(true);
    expect(lib.list({ text: 'zebra' }).items).toEqual([saved]);
    expect(lib.get(gone.id)).toBeUndefined();
    await lib.searchReady();
    const all = lib.list();
    expect(all.total).toBe(COUNT);
    expect(all.items.filter((i) => i.id === saved.id)).toEqual([saved]);
    expect(all.items.map((i) => i.id)).toEqual([...sorted.filter((i) => i !== gone), saved].sort(newerFirst).map((i) => i.id));
    expect(lib.list({ text: 'zebra' }).items).toEqual([saved]);
    expect(lib.knows(gone.file)).toBe(false);
  });

  it('takes a new save, a delete and a reopen in its stride', async () => {
    await writtenLibrary('current');
    const lib = openLibrary(dirs);
    await lib.open();
    expect(lib.list({ text: 'fox' }).total).toBe(expected(sorted, { text: 'fox' }).length);
    const saved = await lib.add({ source: await incomingFile(dirs, pngBytes(8, 8)), meta: meta({ prompt: 'a zebra at dusk', createdAt: 1_800_000_000_000 }), name: 'zebra.png' });
    expect(lib.list({ text: 'zebra' }).items).toEqual([saved]);
    expect(lib.list({ limit: 1 }).items).toEqual([saved]);
    const gone = items[50_000];
    expect(await lib.remove(gone.id)).toBe(true);
    expect(lib.list({ text: 'fox' }).total).toBe(expected(sorted.filter((i) => i !== gone), { text: 'fox' }).length);
    await lib.close();

    const again = openLibrary(dirs);
    expect(await again.open()).toBe(COUNT);
    expect(again.get(saved.id)).toEqual(saved);
    expect(again.get(gone.id)).toBeUndefined();
    expect(again.list({ text: 'zebra' }).items).toEqual([saved]);
  });

  it('imports an index of the first format: every item kept, and read from the database next time', async () => {
    await writtenLibrary('first');
    const lines: string[] = [];
    const lib = openLibrary(dirs, {}, lines);
    expect(await lib.open()).toBe(COUNT);
    expect(lines.join('\n')).toMatch(/first format/);
    for (const i of [0, 1, 9, 11, 997, 50_001, COUNT - 1]) expect(lib.get(items[i].id)).toEqual(items[i]);
    expect(lib.list({ text: 'golden harbor' }).total).toBe(expected(sorted, { text: 'golden harbor' }).length);
    await lib.close();
    expect(existsSync(`${dirs.indexFile}.imported`)).toBe(true);
    const reopened = openLibrary(dirs, {}, lines);
    expect(await reopened.open()).toBe(COUNT);
    expect(reopened.list({ offset: 31_000, limit: 50 }).items).toEqual(sorted.slice(31_000, 31_050));
  });
});
