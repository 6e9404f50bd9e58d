// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifyManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import type { LibraryItemView } from '@shared/contract/library.js';
import { fakeHost, hostError } from '../../../test/fake-host.js';
import { firstThumbnails } from './first-thumbnails.js';
import { PAGE_SIZE, prefetchGallery, prefetchMediaBase } from './use-library-pages.js';
import { callKey, EMPTY } from '../../../api/client.js';

const item = (n: number, over: Partial<LibraryItemView> = {}): LibraryItemView => ({
  id: `i${n}`, kind: 'image', file: `images/${n}.png`, mime: 'image/png', bytes: 1, width: 512, height: 512,
  prompt: '', model: 'm', params: {}, createdAt: n, savedAt: n, thumb: `thumbs/${n}.jpg`, ...over,
});
const squares = (count: number) => Array.from({ length: count }, (_, n) => item(n));
const client = () => new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });

afterEach(() => {
  // Back to react-query's own scheduler, for a test that took the studio's.
  notifyManager.setScheduler((cb) => setTimeout(cb, 0));
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
      'app.info': () => ({ version: '1', shell: 'browser', platform: 'linux', mediaBase: '/media/', startedAt: 0 }),
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

  it('with its media base asked ahead, asks for the pictures as the first page comes, before anything renders it', async () => {
    // The host answers the page at once but the shapes never: the pictures must not wait for them.
    const host = fakeHost({
      'app.info': () => ({ version: '1', shell: 'browser', platform: 'linux', mediaBase: '/media/', startedAt: 0 }),
      'library.list': () => ({ items: squares(200), total: 100_000, models: ['m'] }),
      'library.shapes': () => new Promise(() => undefined),
    });
    const queries = client();
    prefetchMediaBase(queries);
    await vi.waitFor(() => expect(queries.getQueryData(callKey('app.info', EMPTY))).toBeDefined());
    const load = vi.fn();
    // What a component reading the first page sees, as the studio notifies it (main.tsx): in the
    // microtask after the page reaches the cache.
    notifyManager.setScheduler(queueMicrotask);
    let loadsWhenRendered = -1;
    // The tab's first page: stacked, the switch's default (use-stacks.ts).
    const observer = new QueryObserver(queries, { queryKey: callKey('library.list', { stacked: true, offset: 0, limit: PAGE_SIZE }), enabled: false });
    const unsubscribe = observer.subscribe((result) => {
      if (result.status === 'success' && loadsWhenRendered < 0) loadsWhenRendered = load.mock.calls.length;
    });
    prefetchGallery(queries, load);
    await vi.waitFor(() => expect(loadsWhenRendered).toBeGreaterThanOrEqual(0));
    unsubscribe();
    expect(loadsWhenRendered).toBeGreaterThanOrEqual(10);
    expect(load.mock.calls[0][0]).toBe('/media/thumbs/0.jpg');
    // The media base was asked once, in idle time, not again with the tab's own requests.
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
