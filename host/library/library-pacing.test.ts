/**
 * The library's big reads and writes give the host's loop back often enough (docs/performance.md,
 * "gallery" and "long-history"): the import of the previous release's index file decodes it a
 * slice of bytes at a time, the rows are written a bounded page per transaction, and the search
 * text is made in slices after opening. Each is checked with a pause that counts, not a clock:
 * how much work happens between two gives of the loop is what a stall is made of, and the
 * budgets themselves are measured in bench/.
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type StudioDatabase } from '../db/database.js';
import { DECODE_SLICE_BYTES, decodeIndex, decodeIndexInSlices } from './index-format.js';
import { emptyColumns, pushItem, type Columns } from './index-columns.js';
import { buildHaystack, buildHaystackInSlices, HAYSTACK_SLICE } from './index-search.js';
import { LibraryTable, libraryMigrations, WRITE_PAGE } from './library-table.js';
import { LibraryIndex } from './library-index.js';
import type { LibraryItem } from './library-item.js';
import { encodeIndex } from './test/previous-index.js';
import { tempDirs, type TempDirs } from './test/fixtures.js';

/** `n` items, newest first, with prompts long enough to make a file of several slices. */
function columnsOfSize(n: number): Columns {
  const c = emptyColumns();
  const words = ['Fox', 'OWL', 'İstanbul', 'ΟΔΟΣ', 'harbor\\night', 'snow\nline', '雪の中の狐'];
  for (let i = n - 1; i >= 0; i--) {
    const item: LibraryItem = {
      version: 1, id: `item${i.toString(36).padStart(6, '0')}`, kind: i % 3 === 0 ? 'video' : 'image',
      file: `2026-11/picture ${i}.png`, thumb: `.thumbs/item${i}.jpg`, bytes: 1000 + i, mime: 'image/png',
      prompt: Array.from({ length: 30 }, (_, k) => words[(i + k) % words.length]).join(' '),
      model: i % 2 ? 'flux-pro' : 'seedream-4-5', params: { seed: i }, createdAt: 1_700_000_000_000 + i * 1000,
      savedAt: 1_700_000_000_500 + i * 1000, width: 1024, height: 768,
    };
    pushItem(c, item);
  }
  return c;
}

/** A pause that counts how often it was called and runs `check` each time. */
function countingPause(check: () => void = () => undefined): { pause: () => Promise<void>; count: () => number } {
  let calls = 0;
  return {
    pause: () => {
      calls++;
      check();
      return Promise.resolve();
    },
    count: () => calls,
  };
}

describe('the import of the previous release\'s index file', () => {
  it('decodes it a slice at a time, into exactly the rows a decode in one go gives', async () => {
    const columns = columnsOfSize(12_000);
    const bytes = encodeIndex({ root: '/library', dirs: { '': 5, '2026-11': 7 }, columns });
    const { pause, count } = countingPause();
    const read = await decodeIndexInSlices(bytes, pause);
    expect(read).toEqual(decodeIndex(bytes));
    expect(read.columns).toEqual(columns);
    // Every slice of bytes turned into strings ends in a give of the loop.
    expect(count()).toBeGreaterThanOrEqual(Math.floor(bytes.length / DECODE_SLICE_BYTES));
  });

  it('still finds a damaged file damaged when the damage lies in a later slice', async () => {
    const bytes = encodeIndex({ root: '/library', dirs: {}, columns: columnsOfSize(12_000) });
    const damaged = Buffer.from(bytes);
    // The very last byte of the file is in the `rest` section, many slices in.
    damaged[damaged.length - 1] = 0xff;
    await expect(decodeIndexInSlices(damaged, () => Promise.resolve())).rejects.toThrow(/rest/);
  });
});

describe('the library\'s rows in the studio database', () => {
  let dirs: TempDirs;
  let db: StudioDatabase;
  beforeEach(async () => {
    dirs = await tempDirs();
    db = openDatabase({ file: path.join(dirs.base, 'pacing.db'), domains: [libraryMigrations] });
  });
  afterEach(async () => {
    db.close();
    await dirs.cleanup();
  });

  it('are written at most a page per give of the loop, and every row arrives', async () => {
    const counted = db.forDomain('library').prepare('SELECT count(*) FROM library_items').pluck();
    const seen: number[] = [];
    const { pause } = countingPause(() => seen.push(counted.get() as number));
    const table = new LibraryTable(db.forDomain('library'), pause);
    const columns = columnsOfSize(WRITE_PAGE * 4 + 17);
    await table.apply({ root: '/library', dirs: {}, importedFrom: null }, { removeAll: true, add: columns });
    expect(table.count()).toBe(columns.id.length);
    const steps = seen.map((n, i) => n - (i === 0 ? 0 : seen[i - 1]));
    expect(steps.length).toBeGreaterThanOrEqual(4);
    expect(Math.max(...steps)).toBeLessThanOrEqual(WRITE_PAGE);
    expect(WRITE_PAGE).toBeLessThanOrEqual(500);
  });
});

describe('the search text', () => {
  it('made in slices is the text made in one go, whatever the prompts hold', async () => {
    const prompts = columnsOfSize(HAYSTACK_SLICE * 2 + 5).prompt;
    // Line breaks inside prompts take the slow path in one slice only; case changes the length of some letters.
    prompts[3] = 'two\nlines İİ';
    prompts[HAYSTACK_SLICE + 1] = '';
    const { pause, count } = countingPause();
    expect(await buildHaystackInSlices(prompts, pause)).toEqual(buildHaystack(prompts));
    expect(count()).toBeGreaterThanOrEqual(2);
  });

  it('is made after opening a slice at a time, and a search meanwhile still finds every match', async () => {
    const index = new LibraryIndex();
    const columns = columnsOfSize(HAYSTACK_SLICE * 3);
    index.load(columns);
    let searched = false;
    const { pause, count } = countingPause(() => {
      // A search arriving while the text is being made answers from the whole library.
      if (!searched) expect(index.list({ text: 'fox' }).total).toBe(columns.id.length);
      searched = true;
    });
    await index.warm(pause);
    expect(count()).toBeGreaterThanOrEqual(3);
    expect(index.list({ text: 'snow' }).total).toBe(columns.id.length);
  });
});
