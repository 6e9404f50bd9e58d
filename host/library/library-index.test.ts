import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LibraryIndex } from './library-index.js';
import { columnsOf } from './index-columns.js';
import { columnsOfRows, IndexRow, IndexRows, toRow } from './index-v1.js';
import type { LibraryItem } from './library-item.js';

const item = (over: Partial<LibraryItem> = {}): LibraryItem => ({
  version: 1, id: 'a1', kind: 'image', file: '2025-01/a.png', mime: 'image/png', bytes: 10, width: 2, height: 3,
  prompt: 'A Fox', model: 'Flux-Pro', params: { seed: 1 }, createdAt: 1, savedAt: 2, usage: { images: 1 }, cost: { amount: 0.1, currency: 'USD' },
  thumb: '.thumbs/a1.jpg', ...over,
});
const bare = item({ id: 'b2', width: undefined, height: undefined, thumb: undefined, usage: undefined, cost: undefined });

describe('index columns', () => {
  it('round-trip an item, with and without its optional fields', () => {
    const index = new LibraryIndex();
    const full = item({ taskId: 't', sourceUrl: 'https://x', durationSeconds: 3 });
    index.load(columnsOf([full, bare]));
    expect(index.get('a1')).toEqual(full);
    expect(index.get('b2')).toEqual(bare);
  });

  it('searches prompt and model words case-insensitively, and tolerates unreadable details', () => {
    const lines: string[] = [];
    const index = new LibraryIndex((l) => lines.push(l));
    const columns = columnsOf([item()]);
    columns.rest[0] = '["image/png", 10, 2, 3, null, null, null, 5, null, null]';
    index.load(columns);
    expect(index.list({ text: 'fox FLUX' }).total).toBe(1);
    expect(index.list({ text: 'fox owl' }).total).toBe(0);
    // Only the unreadable field is lost; the rest of the entry is still there.
    expect(index.get('a1')).toMatchObject({ params: {}, mime: 'image/png', bytes: 10, width: 2 });
    expect(lines).toHaveLength(1);
  });

  it('keeps the newest first through saves and deletes, and answers searches after each', async () => {
    const index = new LibraryIndex();
    index.load(columnsOf([item({ id: 'old', createdAt: 1, prompt: 'red fox' }), item({ id: 'new', createdAt: 9, prompt: 'blue owl' })]));
    expect(index.list({ text: 'fox' }).items.map((i) => i.id)).toEqual(['old']);
    index.put(item({ id: 'mid', createdAt: 5, prompt: 'red owl', model: 'other' }));
    expect(index.list().items.map((i) => i.id)).toEqual(['new', 'mid', 'old']);
    expect(index.list({ text: 'red' }).items.map((i) => i.id)).toEqual(['mid', 'old']);
    expect(index.list({ text: 'OWL', offset: 1, limit: 1 })).toMatchObject({ total: 2, items: [{ id: 'mid' }] });
    expect(index.models()).toEqual(['Flux-Pro', 'other']);
    expect(index.knows('.thumbs/a1.jpg')).toBe(true);
    index.delete('mid');
    expect(index.list({ text: 'red' }).items.map((i) => i.id)).toEqual(['old']);
    expect(index.models()).toEqual(['Flux-Pro']);
    await index.warm();
    expect(index.knows('2025-01/a.png')).toBe(true);
    index.delete('old');
    index.delete('new');
    expect(index.knows('2025-01/a.png')).toBe(false);
    expect(index.list({ text: 'owl' })).toEqual({ items: [], total: 0 });
  });

  it('finds words in prompts that hold line breaks, and never across two prompts', () => {
    const index = new LibraryIndex();
    index.load(columnsOf([
      item({ id: 'p1', createdAt: 3, prompt: 'a cat\nin the RAIN' }),
      item({ id: 'p2', createdAt: 2, prompt: 'dog' }),
      item({ id: 'p3', createdAt: 1, prompt: '' }),
      item({ id: 'p4', createdAt: 0, prompt: 'İstanbul rain' }),
    ]));
    expect(index.list({ text: 'rain' }).items.map((i) => i.id)).toEqual(['p1', 'p4']);
    expect(index.list({ text: 'raindog' }).total).toBe(0);
    expect(index.list({ text: 'dog' }).items.map((i) => i.id)).toEqual(['p2']);
    expect(index.list({ text: 'in the' }).items.map((i) => i.id)).toEqual(['p1']);
  });
});

describe('index rows of the first format', () => {
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

  it('carry every field over to the current columns', () => {
    const full = item({ taskId: 't', sourceUrl: 'https://x', durationSeconds: 3 });
    const index = new LibraryIndex();
    index.load(columnsOfRows([toRow(full), toRow(bare)]));
    expect(index.get('a1')).toEqual(full);
    expect(index.get('b2')).toEqual(bare);
  });
});
