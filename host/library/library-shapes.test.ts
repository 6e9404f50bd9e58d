import { describe, expect, it } from 'vitest';
import { LibraryIndex } from './library-index.js';
import { columnsOf } from './index-columns.js';
import type { LibraryItem } from './library-item.js';

const item = (i: number, over: Partial<LibraryItem> = {}): LibraryItem => ({
  version: 1, id: `i${i}`, kind: 'image', file: `2025-01/${i}.png`, mime: 'image/png', bytes: 10, width: 1600, height: 900,
  prompt: `picture ${i}`, model: i % 2 ? 'odd-model' : 'even-model', params: {}, createdAt: 1_000_000 - i, savedAt: 2_000_000, ...over,
});

describe('library shapes (the gallery lays out justified rows from them)', () => {
  it('gives one ratio per match, in list order, with 0 for items of unknown shape', () => {
    const index = new LibraryIndex();
    index.load(columnsOf([
      item(0),
      item(1, { width: 900, height: 1600 }),
      item(2, { kind: 'audio', width: undefined, height: undefined }),
      item(3, { width: 0, height: 500 }),
      item(4, { width: 1, height: 200 }),
    ]));
    expect(index.shapes()).toEqual([1.78, 0.56, 0, 0, 0.01]);
    expect(index.list().items.map((i) => i.id)).toEqual(['i0', 'i1', 'i2', 'i3', 'i4']);
    // The same filters as the list, so ratios line up with the list's indices.
    expect(index.shapes({ model: 'odd-model' })).toEqual([0.56, 0]);
    expect(index.shapes({ kind: 'audio' })).toEqual([0]);
    expect(index.shapes({ text: 'PICTURE 4' })).toEqual([0.01]);
    expect(index.shapes({ from: 999_998, to: 999_999 })).toEqual([0.56, 0]);
  });

  it('answers for a library of 100,000 items, one number each', () => {
    const index = new LibraryIndex();
    index.load(columnsOf(Array.from({ length: 100_000 }, (_, i) => item(i, { width: 100 + (i % 7) * 100, height: 400 }))));
    const ratios = index.shapes({ text: 'picture' });
    expect(ratios).toHaveLength(100_000);
    expect(ratios.slice(0, 3)).toEqual([0.25, 0.5, 0.75]);
  });
});
