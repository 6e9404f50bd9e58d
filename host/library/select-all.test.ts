/**
 * `library.ids` on a real core: the Gallery's "Choose all" names every item its filters match, in
 * the grid's order, so a bulk edit that follows touches exactly those (docs/library-files.md,
 * "Curation") — never one the filters hide, never a removed one.
 */
import { describe, expect, it } from 'vitest';
import { openCore } from '../test/open-core.js';

describe('library.ids (Choose all)', () => {
  it('lists the ids the filters match in list order, and only those', async () => {
    const c = await openCore();
    const task = await c.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'four lanterns', n: 4, resolution: '1K' } });
    await c.until(async () => (await c.value('tasks.list')).find((t: { id: string }) => t.id === task.id)?.state === 'saved');
    const listed = ((await c.value('library.list', {})).items as { id: string }[]).map((i) => i.id);
    expect(listed).toHaveLength(4);

    expect(await c.value('library.ids', {})).toEqual({ ids: listed, total: 4 });
    // Curation filters as the grid applies them: two rated, then only those two are chosen.
    await c.value('library.rate', { ids: [listed[3], listed[1]], rating: 5 });
    expect(await c.value('library.ids', { minRating: 5 })).toEqual({ ids: [listed[1], listed[3]], total: 2 });
    expect(await c.value('library.ids', { text: 'no such words anywhere' })).toEqual({ ids: [], total: 0 });

    // A bulk edit of the chosen ids, then a removal: the next "Choose all" follows both.
    const { ids } = await c.value('library.ids', { minRating: 5 });
    expect(await c.value('library.tag', { ids, add: ['best'], remove: [] })).toEqual({ changed: 2 });
    await c.value('library.remove', { id: listed[1] });
    expect(await c.value('library.ids', { tag: 'best' })).toEqual({ ids: [listed[3]], total: 1 });
  });
});
