// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { LibraryItemView } from '@shared/contract/library.js';
import { fakeHost, hostError } from '../../test/fake-host.js';
import { firstThumbnails } from './first-thumbnails.js';
import { prefetchGallery } from './use-library-pages.js';

const item = (n: number, over: Partial<LibraryItemView> = {}): LibraryItemView => ({
  id: `i${n}`, kind: 'image', file: `images/${n}.png`, mime: 'image/png', bytes: 1, width: 512, height: 512,
  prompt: '', model: 'm', params: {}, createdAt: n, savedAt: n, thumb: `thumbs/${n}.jpg`, ...over,
});
const squares = (count: number) => Array.from({ length: count }, (_, n) => item(n));
const client = () => new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the first screenful of Gallery thumbnails', () => {
  it('are the pictures of the rows that start in view, in order, no more', () => {
    // Squares 180 px high with 12 px gaps: five to a 1,000 px row, rows 190 px high; a 400 px grid
    // shows two rows whole and the third's top edge (it starts at 405 px: out of view).
    const urls = firstThumbnails('/media/', squares(40), 1000, 400);
    expect(urls).toEqual(Array.from({ length: 10 }, (_, n) => `/media/thumbs/${n}.jpg`));
    expect(firstThumbnails('/media/', squares(40), 1000, 420)).toHaveLength(15);
  });

  it('fall back to an image file without a thumbnail, skip a sound, and are none for an empty library or no room', () => {
    const items = [item(0, { thumb: undefined }), item(1, { kind: 'audio', thumb: undefined, width: undefined, height: undefined }), item(2)];
    expect(firstThumbnails('/media/', items, 1000, 400)).toEqual(['/media/images/0.png', '/media/thumbs/2.jpg']);
    expect(firstThumbnails('/media/', [], 1000, 400)).toEqual([]);
    expect(firstThumbnails('/media/', squares(5), 0, 400)).toEqual([]);
  });
});

describe('opening the Gallery', () => {
  it('asks for its first page, shapes and media base while its code loads, then for the pictures in view, once', async () => {
    const host = fakeHost({
      'app.info': () => ({ version: '1', shell: 'browser', platform: 'linux', mediaBase: '/media/' }),
      'library.list': () => ({ items: squares(200), total: 100_000, models: ['m'] }),
      'library.shapes': () => ({ ratios: [] }),
    });
    const load = vi.fn();
    const queries = client();
    prefetchGallery(queries, load);
    await vi.waitFor(() => expect(load).toHaveBeenCalled());
    const urls = load.mock.calls.map(([url]) => url as string);
    // happy-dom's window: 1024 × 768, so a grid of about 1,016 × 470 px: a few rows of five or six.
    expect(urls.length).toBeGreaterThanOrEqual(10);
    expect(urls.length).toBeLessThan(24);
    expect(urls).toEqual(urls.map((_, n) => `/media/thumbs/${n}.jpg`));
    expect(host.callsOf('library.list')).toHaveLength(1);
    expect(host.callsOf('library.shapes')).toHaveLength(1);
    expect(host.callsOf('app.info')).toHaveLength(1);
  });

  it('loads no picture, and throws nothing, when the host cannot answer', async () => {
    // A rejection left unhandled would fail this run: Vitest reports it as an error.
    fakeHost({
      'app.info': () => { throw hostError('The studio is restarting.', 'internal'); },
      'library.list': () => ({ items: squares(200), total: 200, models: [] }),
      'library.shapes': () => ({ ratios: [] }),
    });
    const load = vi.fn();
    const queries = client();
    prefetchGallery(queries, load);
    await vi.waitFor(() => expect(queries.getQueryCache().findAll().map((q) => q.state.status)).toContain('error'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(load).not.toHaveBeenCalled();
  });
});
