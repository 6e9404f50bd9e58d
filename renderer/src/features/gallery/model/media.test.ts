import { describe, expect, it } from 'vitest';
import type { LibraryItemView } from '@shared/contract/library.js';
import '../strings/register.js';
import { i18n } from '../../../i18n/index.js';
import { cellLabel } from './media.js';

const item = (over: Partial<LibraryItemView> = {}): LibraryItemView => ({
  id: 'a', kind: 'image', file: 'a.png', mime: 'image/png', bytes: 1, prompt: 'a red kite', model: 'm', params: {}, createdAt: 1, savedAt: 1, ...over,
});

describe("a gallery tile's name", () => {
  it('says a favourite is one (the star on the tile is only drawn)', () => {
    const t = i18n.getFixedT('en', 'gallery');
    expect(cellLabel(t, item())).toBe('Image: a red kite');
    expect(cellLabel(t, item({ favourite: true }))).toBe('Image: a red kite, a favourite');
  });
});
