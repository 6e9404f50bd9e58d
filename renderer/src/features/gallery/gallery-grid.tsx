/**
 * The gallery grid. Rows are virtualized (only those in view, plus a little overscan, are in the
 * DOM) and the column count follows the width, so a library of tens of thousands of items costs
 * the same as one screenful. Cells are buttons: Tab reaches them, Enter opens the detail, and the
 * arrow keys / Home / End / Page keys move between cells, scrolling rows into view as needed.
 * During a fling, cells that scroll in hold back their thumbnails until the scroll slows down.
 */
import { memo, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type KeyboardEvent, type Ref, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { LibraryItemView, LibraryQuery } from '@shared/contract/library.js';
import { useLibraryHead, useLibraryPages } from './use-library-pages.js';
import { cellLabel, cellPrompt, formatDuration, mediaUrl } from './media.js';
import { KindIcon } from './kind-icon.js';

const MIN_CELL = 160;
const GAP = 12;
const OVERSCAN_ROWS = 2;
/**
 * Faster than a screenful per this many ms is a fling: a cell is on screen for a frame or two,
 * and loading its thumbnail would only cost the page and the host work (requests, decoding) that
 * makes the fling stutter on a slow machine (bench/gallery.ts) for a picture nobody sees.
 */
const FLING_MS_PER_SCREEN = 250;

export interface GalleryGridHandle {
  /** Focuses the cell at `index` (clamped), scrolling it into view and waiting for its page if needed. */
  focusIndex(index: number): void;
}

interface GalleryGridProps {
  query: LibraryQuery;
  mediaBase: string;
  onOpen(item: LibraryItemView, index: number): void;
  ref?: Ref<GalleryGridHandle>;
}

/** Content width of the scroller. A hidden tab reports 0; the last real width is kept so nothing reflows. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // ResizeObserver is event-driven: nothing runs while the window keeps its size.
    const observer = new ResizeObserver(([entry]) => {
      const w = Math.floor(entry.contentRect.width);
      if (w > 0) setWidth(w);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

export function GalleryGrid({ query, mediaBase, onOpen, ref }: GalleryGridProps) {
  const { t } = useTranslation('gallery');
  const scrollRef = useRef<HTMLDivElement>(null);
  const width = useWidth(scrollRef);
  const head = useLibraryHead(query);
  const total = head.data?.total ?? 0;
  const cols = Math.max(1, Math.floor((width + GAP) / (MIN_CELL + GAP)));
  const cell = Math.floor((width - GAP * (cols - 1)) / cols);
  const rowSize = cell + GAP;
  const [fling, setFling] = useState(false);
  const lastScroll = useRef({ offset: 0, at: 0 });

  // The build does not use React Compiler, so the "cannot be memoized" hint does not apply; the
  // grid re-renders when the virtualizer's range changes, which is exactly what is wanted.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: width > 0 ? Math.ceil(total / cols) : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowSize,
    overscan: OVERSCAN_ROWS,
    // React 19 batches the scroll updates itself; a synchronous flush per scroll event only costs frames.
    useFlushSync: false,
    // Called when the visible range or the scrolling state changes, so a stop always ends a fling.
    onChange: (instance) => {
      const at = performance.now();
      const offset = instance.scrollOffset ?? 0;
      const screen = instance.scrollRect?.height ?? 0;
      const speed = Math.abs(offset - lastScroll.current.offset) / Math.max(1, at - lastScroll.current.at);
      lastScroll.current = { offset, at };
      setFling(instance.isScrolling && screen > 0 && speed > screen / FLING_MS_PER_SCREEN);
    },
  });
  // Row sizes are cached by index; a new width means new sizes for all of them.
  useLayoutEffect(() => virtualizer.measure(), [virtualizer, rowSize]);

  const rows = virtualizer.getVirtualItems();
  const first = rows.length > 0 ? rows[0].index * cols : 0;
  const last = rows.length > 0 ? Math.min(total, (rows[rows.length - 1].index + 1) * cols) - 1 : 0;
  const itemAt = useLibraryPages(query, head, first, last);

  // A new filter starts at the top: the old scroll offset means nothing in a different list.
  const queryHash = JSON.stringify(query);
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [queryHash]);

  const pendingFocus = useRef<number | null>(null);
  const tryFocus = useCallback(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    const el = scrollRef.current?.querySelector<HTMLElement>(`button[data-index="${index}"]`);
    if (el) {
      el.focus({ preventScroll: true });
      pendingFocus.current = null;
    }
  }, []);
  // After each render the wanted row may have been rendered, or its page may have arrived.
  useEffect(tryFocus);

  const focusIndex = useCallback(
    (index: number) => {
      if (total === 0) {
        scrollRef.current?.focus();
        return;
      }
      const target = Math.min(Math.max(0, index), total - 1);
      pendingFocus.current = target;
      virtualizer.scrollToIndex(Math.floor(target / cols), { align: 'auto' });
      tryFocus();
    },
    [total, cols, virtualizer, tryFocus],
  );
  useImperativeHandle(ref, () => ({ focusIndex }), [focusIndex]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = Number((event.target as HTMLElement).dataset.index);
    if (!Number.isInteger(from)) return;
    const page = cols * Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? rowSize) / rowSize));
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: cols, ArrowUp: -cols, PageDown: page, PageUp: -page };
    const to = event.key === 'Home' ? 0 : event.key === 'End' ? total - 1 : event.key in moves ? from + moves[event.key] : undefined;
    if (to === undefined) return;
    event.preventDefault();
    focusIndex(to);
  };

  return (
    <div ref={scrollRef} className="gallery-scroll" tabIndex={-1} data-testid="gallery-scroll">
      <div
        role="list"
        aria-label={t('grid.label')}
        className="gallery-canvas"
        style={{ height: virtualizer.getTotalSize() }}
        onKeyDown={onKeyDown}
      >
        {rows.map((row) => {
          const start = row.index * cols;
          const indices = Array.from({ length: Math.min(cols, total - start) }, (_, i) => start + i);
          return (
            <div
              key={row.index}
              className="gallery-row"
              style={{ transform: `translateY(${row.start}px)`, gridTemplateColumns: `repeat(${cols}, ${cell}px)`, columnGap: GAP, height: cell }}
            >
              {/* Keyed by position, so a cell keeps its DOM node (and focus) when the list shifts under it. */}
              {indices.map((i) => (
                <Cell key={i} index={i} total={total} item={itemAt(i)} mediaBase={mediaBase} onOpen={onOpen} fling={fling} t={t} />
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}

interface CellProps {
  index: number;
  total: number;
  item: LibraryItemView | undefined;
  mediaBase: string;
  onOpen(item: LibraryItemView, index: number): void;
  /** The grid is being flung: a cell that appears now waits with its thumbnail. */
  fling: boolean;
  /** The grid's, passed down: one language subscription for the grid rather than one per cell. */
  t: TFunction<'gallery'>;
}

/** Memoized: scrolling re-renders the grid each frame, but a cell only when its item changes. */
const Cell = memo(function Cell({ index, total, item, mediaBase, onOpen, fling, t }: CellProps) {
  // Once shown, a thumbnail stays, whatever the scrolling does next.
  const [thumbWanted, setThumbWanted] = useState(!fling);
  if (!fling && !thumbWanted) setThumbWanted(true);
  if (!item) {
    return <div role="listitem" aria-posinset={index + 1} aria-setsize={total} aria-busy="true" className="gallery-cell is-loading" />;
  }
  // Images without a thumbnail (too big to decode) fall back to the file itself; lazy loading keeps that cheap.
  const thumb = item.thumb ? mediaUrl(mediaBase, item.thumb) : item.kind === 'image' ? mediaUrl(mediaBase, item.file) : undefined;
  return (
    <div role="listitem" aria-posinset={index + 1} aria-setsize={total} className="gallery-item">
      <button type="button" className={`gallery-cell kind-${item.kind}`} data-index={index} aria-label={cellLabel(t, item)} title={item.prompt} onClick={() => onOpen(item, index)}>
        {/* First in reading order, as in the name (it is drawn over the corner either way), and a word apart from the prompt. */}
        {item.kind !== 'image' && (
          <>
            <span className="gallery-badge" aria-hidden="true">
              <KindIcon kind={item.kind} small />
              {item.durationSeconds !== undefined ? formatDuration(item.durationSeconds) : t(`kind.${item.kind}`)}
            </span>{' '}
          </>
        )}
        {thumb ? (
          thumbWanted && <img src={thumb} alt="" loading="lazy" decoding="async" draggable={false} />
        ) : (
          <span className="gallery-cell-placeholder">
            <KindIcon kind={item.kind} />
            {item.kind === 'audio' && <span className="gallery-cell-prompt">{cellPrompt(item)}</span>}
          </span>
        )}
      </button>
    </div>
  );
});
