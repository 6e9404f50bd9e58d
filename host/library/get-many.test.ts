/**
 * `library.getMany` through the contract on a real core: the contact sheet reads the results it
 * draws in one call (docs/library-files.md, "The contact sheet"), so the answer must line up with
 * what it asked for, skip what the library no longer has, and refuse a list past its bound.
 */
import { describe, expect, it } from 'vitest';
import { GET_MANY_MAX_IDS } from '@shared/contract/library.js';
import { openCore } from '../test/open-core.js';

describe('library.getMany', () => {
  it('answers the items in the order asked, leaving out ids the library does not know', async () => {
    const c = await openCore();
    const task = await c.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'three kites', n: 3, resolution: '1K' } });
    await c.until(async () => (await c.value('tasks.list')).find((t: { id: string }) => t.id === task.id)?.state === 'saved');
    const listed = (await c.value('library.list', {})).items as { id: string }[];
    expect(listed).toHaveLength(3);
    const [a, b, d] = listed.map((i) => i.id);

    const got = await c.value('library.getMany', { ids: [d, 'no-such-item', a, b] });
    expect(got.map((i: { id: string }) => i.id)).toEqual([d, a, b]);
    // The same items `library.get` answers, one by one.
    expect(got[1]).toEqual(await c.value('library.get', { id: a }));

    await c.value('library.remove', { id: b });
    expect((await c.value('library.getMany', { ids: [a, b] })).map((i: { id: string }) => i.id)).toEqual([a]);
    expect(await c.value('library.getMany', { ids: [] })).toEqual([]);
  });

  it('refuses more ids than its bound as invalid input', async () => {
    const c = await openCore();
    const ids = Array.from({ length: GET_MANY_MAX_IDS + 1 }, (_, i) => `id-${i}`);
    const r = await c.call('library.getMany', { ids });
    expect(r.ok).toBe(false);
    expect(r.error).toMatchObject({ code: 'invalid_input', param: 'ids' });
    expect((await c.call('library.getMany', { ids: ids.slice(1) })).value).toEqual([]);
  });
});
