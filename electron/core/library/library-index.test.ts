import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IndexRow, IndexRows, LibraryIndex, toRow } from './library-index.js';
import type { LibraryItem } from './library-item.js';

const item = (over: Partial<LibraryItem> = {}): LibraryItem => ({
  version: 1, id: 'a1', kind: 'image', file: '2025-01/a.png', mime: 'image/png', bytes: 10, width: 2, height: 3,
  prompt: 'A Fox', model: 'Flux-Pro', params: { seed: 1 }, createdAt: 1, savedAt: 2, usage: { images: 1 }, cost: { amount: 0.1, currency: 'USD' },
  thumb: '.thumbs/a1.jpg', ...over,
});

describe('index rows', () => {
  it('round-trip an item through a row', () => {
    const index = new LibraryIndex();
    const full = item({ taskId: 't', sourceUrl: 'https://x', durationSeconds: 3 });
    index.load([toRow(full), toRow(item({ id: 'b2', width: undefined, height: undefined, thumb: undefined, usage: undefined, cost: undefined }))]);
    expect(index.get('a1')).toEqual(full);
    expect(index.get('b2')).toEqual(item({ id: 'b2', width: undefined, height: undefined, thumb: undefined, usage: undefined, cost: undefined }));
  });

  it('the fast whole-array check agrees with the zod tuple', () => {
    const good = toRow(item());
    const variants: unknown[] = [good, toRow(item({ width: undefined, thumb: undefined }))];
    for (let i = 0; i < good.length; i++) {
      for (const bad of [undefined, null, 7, 'x', '', {}, 'bad id!', 'video', Infinity]) {
        const row: unknown[] = [...good];
        row[i] = bad;
        variants.push(row);
      }
    }
    variants.push([...good, 'extra'], good.slice(0, 15), { ...good }, 'row');
    for (const row of variants) {
      expect(IndexRows.safeParse([row]).success, JSON.stringify(row)).toBe(z.array(IndexRow).safeParse([row]).success);
    }
  });

  it('searches prompt and model words case-insensitively, and tolerates unreadable parameters', () => {
    const lines: string[] = [];
    const index = new LibraryIndex((l) => lines.push(l));
    const row = toRow(item());
    row[15] = '{"params": 5}';
    index.load([row]);
    expect(index.list({ text: 'fox FLUX' }).total).toBe(1);
    expect(index.list({ text: 'fox owl' }).total).toBe(0);
    expect(index.get('a1')?.params).toEqual({});
    expect(lines).toHaveLength(1);
  });
});
