// @vitest-environment happy-dom
/**
 * The item view's curation as a creator uses it: the stars and the keys rate, F toggles the
 * favourite, T and C open the fields that tag and collect, a chip's × takes a tag or a collection
 * off again; each change is asked of the host for this one item and shown as the library holds it.
 * "Copy settings" copies the item's model, prompt and every parameter as JSON.
 */
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LibraryItemView } from '@shared/contract/library.js';
import { fakeHost } from '../../../test/fake-host.js';
import { button, cleanup, click, field, mount, settle, type } from '../../../test/mount.js';
import '../strings/register.js';
import { ItemCuration } from './item-curation.js';
import { settingsJson } from '../model/item-settings.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ITEM: LibraryItemView = {
  id: 'kettle', kind: 'image', file: '2026-12/kettle.png', mime: 'image/png', bytes: 10, prompt: 'a copper kettle', model: 'seedream-4-0',
  params: { model: 'seedream-4-0', size: '16:9', n: 2, image_urls: ['https://example.com/a.png'], extra: { nested: [1, 2] } },
  width: 1024, height: 576, createdAt: Date.UTC(2026, 11, 6), savedAt: 0,
};

/** A library of one item that keeps what it is told, as the host does. */
function library() {
  let item: LibraryItemView = { ...ITEM };
  const host = fakeHost({
    'library.get': () => item,
    'library.rate': ({ rating }) => ((item = { ...item, rating }), { changed: 1 }),
    'library.setFavourite': ({ favourite }) => (item = { ...item, favourite }),
    'library.tag': ({ add = [], remove = [] }) => {
      item = { ...item, tags: [...(item.tags ?? []).filter((t) => !remove.includes(t)), ...add] };
      return { changed: 1 };
    },
    'library.collections': () => [{ id: 'c1', name: 'Keepers', createdAt: 0, count: 0 }],
    'library.collect': ({ add }) => ((item = { ...item, collections: add ? [{ id: 'c1', name: 'Keepers' }] : [] }), { changed: 1 }),
  });
  return host;
}

async function open() {
  const keys: { current: ((key: string) => boolean) | null } = { current: null };
  const said: string[] = [];
  const page = await mount(<ItemCuration item={ITEM} keysRef={keys} announce={(text) => said.push(text)} />);
  const key = async (k: string) => {
    let took = false;
    await act(async () => {
      took = keys.current!(k);
    });
    await settle();
    return took;
  };
  const rating = () => page.host.querySelector('[data-testid="item-rating"]')?.textContent;
  const chips = (name: string) => [...page.host.querySelectorAll(`ul[aria-label="${name}"] > li`)].map((li) => li.textContent);
  return { page, key, said, rating, chips };
}

describe('the item view curation', () => {
  it('rates with the stars and the digit keys, 0 clearing it, and toggles the favourite with F', async () => {
    const host = library();
    const { page, key, rating, said } = await open();
    expect(rating()).toBe('Not rated');
    expect(await key('4')).toBe(true);
    expect(rating()).toBe('4 of 5');
    expect(button(page.host, '4 stars').getAttribute('aria-pressed')).toBe('true');
    await click(button(page.host, '2 stars'));
    expect(rating()).toBe('2 of 5');
    // The star already given clears it.
    await click(button(page.host, '2 stars'));
    expect(rating()).toBe('Not rated');
    await key('5');
    await key('0');
    expect(rating()).toBe('Not rated');
    expect(host.callsOf('library.rate')).toEqual([
      { ids: ['kettle'], rating: 4 }, { ids: ['kettle'], rating: 2 }, { ids: ['kettle'], rating: 0 }, { ids: ['kettle'], rating: 5 }, { ids: ['kettle'], rating: 0 },
    ]);
    await key('F');
    expect(button(page.host, 'Favourite').getAttribute('aria-pressed')).toBe('true');
    expect(said).toContain('Marked as a favourite.');
    await key('f');
    expect(button(page.host, 'Favourite').getAttribute('aria-pressed')).toBe('false');
    // Keys that are not curation's go on to the dialog.
    expect(await key('x')).toBe(false);
  });

  it('T adds a tag, C adds to a collection, and each chip comes off again', async () => {
    const host = library();
    const { page, key, chips } = await open();
    expect(chips('Tags')).toEqual(['No tags']);
    await key('t');
    await type(field(page.host, 'Tag to add'), 'warm light');
    await click(button(page.host, 'Add tag'));
    expect(chips('Tags')).toEqual(['warm light']);
    expect(host.callsOf('library.tag')).toEqual([{ ids: ['kettle'], add: ['warm light'], remove: [] }]);

    await key('c');
    await click(button(page.host, 'Add'));
    expect(chips('Collections')).toEqual(['Keepers']);
    expect(host.callsOf('library.collect')).toEqual([{ ids: ['kettle'], collectionId: 'c1', add: true }]);

    await click(button(page.host, 'Remove tag warm light'));
    expect(chips('Tags')).toEqual(['No tags']);
    await click(button(page.host, 'Remove from Keepers'));
    expect(chips('Collections')).toEqual(['In no collection']);
    expect(host.callsOf('library.collect').at(-1)).toEqual({ ids: ['kettle'], collectionId: 'c1', add: false });
  });
});

describe('Copy settings', () => {
  it('is the model, the prompt and every parameter as they were saved, nested values included', () => {
    const copied = JSON.parse(settingsJson(ITEM)) as Record<string, unknown>;
    expect(copied).toEqual({
      kind: 'image', model: 'seedream-4-0', prompt: 'a copper kettle', params: ITEM.params, width: 1024, height: 576, createdAt: '2026-12-06T00:00:00.000Z',
    });
    // Pretty: one value a line, readable when pasted.
    expect(settingsJson(ITEM).split('\n').length).toBeGreaterThan(10);
  });
});
