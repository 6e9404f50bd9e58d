/**
 * The gallery reads the library a page at a time: the first page (which also carries `total` and
 * the model list) always, and further pages only while the grid shows their rows. Pages scrolled
 * away lose their observers, so react-query drops them after its gc time: memory follows what is
 * on screen, not the size of the library (tens of thousands of items: docs/performance.md,
 * "Targets").
 */
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { call, callKey, callQuery, EMPTY } from '../../../api/client.js';
import type { LibraryItemView, LibraryQuery } from '@shared/contract/library.js';
import { NO_FILTERS, toQuery } from './media.js';
import { expectedGridSize, firstThumbnails, warmThumbnails } from './first-thumbnails.js';
import { readStacked, withStacks } from './use-stacks.js';

export const PAGE_SIZE = 200;
/**
 * Pages beyond the first that can be on screen at once. A fixed number of `useQuery` slots
 * (rather than `useQueries`) keeps react-query's multi-query observer out of the bundle; 3 pages
 * cover any range of up to 401 items, more cells than even a 4K screen shows with overscan.
 */
const SLOTS = 3;

const pageQuery = (query: LibraryQuery, page: number) => {
  const input = { ...query, offset: page * PAGE_SIZE, limit: PAGE_SIZE };
  return callQuery('library.list', input);
};

/** Every `library.list` query, whatever its filters: what a library change invalidates. */
export const LIBRARY_LIST_KEY = callKey('library.list');

/** The first page: total, models, and the first rows. Keeps the previous result while a new filter loads, so the grid does not blink. */
export function useLibraryHead(query: LibraryQuery) {
  return useQuery({ ...pageQuery(query, 0), placeholderData: (previous) => previous });
}

/**
 * The items at `[first, last]` (indices into the filtered list), given the head from
 * `useLibraryHead`. The lookup yields undefined for rows whose page is still loading; the grid
 * shows a placeholder there.
 */
export function useLibraryPages(query: LibraryQuery, head: ReturnType<typeof useLibraryHead>, first: number, last: number) {
  const total = head.data?.total ?? 0;
  const firstPage = Math.max(1, Math.floor(first / PAGE_SIZE));
  const lastPage = Math.min(Math.floor(Math.max(0, total - 1) / PAGE_SIZE), Math.floor(last / PAGE_SIZE), firstPage + SLOTS - 1);
  // While the head shows a previous filter's result, deeper pages belong to the new one: show
  // only the head until it catches up, so rows from two different queries never mix.
  const live = !head.isPlaceholderData;
  const slot0 = useQuery({ ...pageQuery(query, firstPage), enabled: live && firstPage <= lastPage });
  const slot1 = useQuery({ ...pageQuery(query, firstPage + 1), enabled: live && firstPage + 1 <= lastPage });
  const slot2 = useQuery({ ...pageQuery(query, firstPage + 2), enabled: live && firstPage + 2 <= lastPage });

  const byPage = new Map<number, LibraryItemView[]>();
  if (head.data) byPage.set(0, head.data.items);
  [slot0, slot1, slot2].forEach((slot, i) => {
    if (live && slot.data && firstPage + i <= lastPage) byPage.set(firstPage + i, slot.data.items);
  });
  return (index: number): LibraryItemView | undefined => byPage.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE];
}

/**
 * The shape of every item the query matches (`library.shapes`: one number each), which justified
 * rows need before any page has loaded (justified-layout.ts). Keyed under LIBRARY_LIST_KEY, so the
 * one invalidation a library change makes (use-library-live.ts) refreshes shapes with the pages.
 */
export function useLibraryShapes(query: LibraryQuery) {
  return useQuery({ ...shapesQuery(query), placeholderData: (previous) => previous });
}

function shapesQuery(query: LibraryQuery) {
  const { kind, model, from, to, text, stacked } = query;
  const input = { kind, model, from, to, text, stacked };
  return {
    queryKey: [...LIBRARY_LIST_KEY, input, 'shapes'],
    queryFn: () => call('library.shapes', input),
    // 100,000 numbers: comparing a refetch with the last answer number by number costs a frame
    // and saves nothing (the layout is remade from a new array either way).
    structuralSharing: false,
  };
}

const infoQuery = callQuery('app.info', EMPTY);

/** The media base the first thumbnails' addresses start with, asked in idle time before the Gallery's first open (tab-registry.ts). */
export function prefetchMediaBase(client: QueryClient): void {
  void client.prefetchQuery(infoQuery);
}

/**
 * The Gallery's first requests (its first page and the shapes, unfiltered), sent while its code
 * is still loading (tab-registry.ts, lazy-panel.tsx) under the keys its hooks then read: they no
 * longer wait for the chunk to arrive, be evaluated and render. The pictures the grid will show
 * first are asked for as the first page comes, before it reaches the cache: the renders its
 * arrival causes then run while they load (first-thumbnails.ts).
 */
export function prefetchGallery(client: QueryClient, load?: (url: string) => unknown): void {
  // As the tab will ask: stacked or not as the creator last chose (use-stacks.ts).
  const query = withStacks(toQuery(NO_FILTERS), readStacked());
  const first = pageQuery(query, 0);
  const warm = (mediaBase: string, items: readonly LibraryItemView[]) => {
    const { width, height } = expectedGridSize();
    warmThumbnails(firstThumbnails(mediaBase, items, width, height), load);
  };
  void client.prefetchQuery({
    ...first,
    queryFn: async () => {
      const page = await first.queryFn();
      const known = client.getQueryData<{ mediaBase: string }>(infoQuery.queryKey);
      if (known) warm(known.mediaBase, page.items);
      else void client.fetchQuery(infoQuery).then(({ mediaBase }) => warm(mediaBase, page.items), () => undefined);
      return page;
    },
  });
  void client.prefetchQuery(shapesQuery(query));
  // Not asked ahead (the press came before an idle moment): asked now, beside the page.
  void client.prefetchQuery(infoQuery);
}
