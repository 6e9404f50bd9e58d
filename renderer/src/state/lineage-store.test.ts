/**
 * The page's side of lineage (docs/library-files.md, "Lineage"): a job records a Gallery item as
 * its source only while the value the item became is still in the request it sends.
 */
import { describe, expect, it } from 'vitest';
import { lineageOf, rememberRemix, rememberSource, withLineage, withNativeLineage } from './lineage-store.js';

const image = { id: 'img-1', prompt: 'a red lighthouse at dusk' };

describe('the sources a request names', () => {
  it('a starting image and references still in the request, and the remix the form came from', () => {
    rememberSource('https://gw.example/a.png', image);
    rememberSource('attachment:11111111-2222-3333-4444-555555555555', { id: 'img-2', prompt: '' });
    const video = { route: 'video' as const, request: { model: 'modelg3', prompt: 'waves', image_url: 'https://gw.example/a.png' } };
    expect(lineageOf(video as never)).toEqual([{ kind: 'startImage', itemId: 'img-1', name: 'a red lighthouse at dusk' }]);

    rememberRemix('image', { id: 'img-0', prompt: 'the first' });
    const req = { route: 'image' as const, request: { model: 'seedream-4-0', prompt: 'x', image_urls: ['attachment:11111111-2222-3333-4444-555555555555', 'https://elsewhere/b.png'] } };
    expect(withLineage(req as never)).toMatchObject({ lineage: [{ kind: 'remixOf', itemId: 'img-0', name: 'the first' }, { kind: 'reference', itemId: 'img-2' }] });
    rememberRemix('image', undefined);
  });

  it('nothing when the value was typed over or taken off', () => {
    rememberSource('https://gw.example/a.png', image);
    const typed = { route: 'video' as const, request: { model: 'modelg3', prompt: 'waves', image_url: 'https://gw.example/other.png' } };
    expect(lineageOf(typed as never)).toBeUndefined();
    expect(withLineage(typed as never)).not.toHaveProperty('lineage');
  });

  it('a native request names its pictures by attachment id, and only those it still sends', () => {
    rememberSource('attachment:aaaaaaaa-2222-3333-4444-555555555555', { id: 'img-3', prompt: 'a kettle' });
    const sent = withNativeLineage({ model: 'modelc-2.5-flash-image-preview', prompt: 'make it blue', attachmentIds: ['aaaaaaaa-2222-3333-4444-555555555555', 'unknown-id'] });
    expect(sent.lineage).toEqual([{ kind: 'reference', itemId: 'img-3', name: 'a kettle' }]);
    expect(withNativeLineage({ model: 'm', prompt: 'no pictures' })).not.toHaveProperty('lineage');
  });
});
