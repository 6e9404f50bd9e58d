/** What the tile and the item view mark and say for a search (search-marks.tsx). */
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { LibraryItemView } from '@shared/contract/library.js';
import { Marked, matchOf, searchWords, snippet, wordRanges } from './search-marks.js';

const item = (over: Partial<LibraryItemView>): LibraryItemView => ({
  id: 'a', kind: 'image', file: 'a.png', mime: 'image/png', bytes: 1, prompt: 'a quiet meadow', model: 'seedream-4-0', params: {}, createdAt: 0, savedAt: 0, ...over,
});

describe('search marks', () => {
  it('marks every word, in any case, merging words that overlap', () => {
    expect(renderToStaticMarkup(<Marked text="Moonlit MOON river" words={searchWords('moon  lit')} />)).toBe(
      '<mark class="search-mark">Moonlit</mark> <mark class="search-mark">MOON</mark> river',
    );
    expect(wordRanges('no match here', ['zzz'])).toEqual([]);
  });

  it('says why an item is listed: the prompt when it holds every word, else where the missing word was found', () => {
    expect(matchOf(item({}), searchWords('MEADOW'))).toEqual({ field: 'prompt', text: 'a quiet meadow' });
    expect(matchOf(item({ actualPrompt: 'a quiet meadow, smooth camera motion' }), searchWords('meadow camera'))).toEqual({ field: 'actualPrompt', text: 'a quiet meadow, smooth camera motion' });
    expect(matchOf(item({ tags: ['keep', 'Moonlit'] }), ['moon'])).toEqual({ field: 'tag', text: 'Moonlit' });
    expect(matchOf(item({ collections: [{ id: 'c', name: 'Portfolio' }] }), ['folio'])).toEqual({ field: 'collection', text: 'Portfolio' });
    expect(matchOf(item({}), ['seedream'])).toEqual({ field: 'model', text: 'seedream-4-0' });
    expect(matchOf(item({}), [])).toBeUndefined();
  });

  it('cuts a long text around its first match', () => {
    const long = `${'x'.repeat(200)} lantern ${'y'.repeat(200)}`;
    const cut = snippet(long, ['lantern']);
    expect(cut).toContain('lantern');
    expect(cut.startsWith('…') && cut.endsWith('…')).toBe(true);
    expect(snippet('short', ['x'])).toBe('short');
  });
});
