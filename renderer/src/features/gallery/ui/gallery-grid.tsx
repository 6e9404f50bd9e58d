/**
 * The gallery grid: justified rows (justified-layout.ts), so every picture keeps its shape. Rows
 * are virtualized (only those in view, plus a little overscan, are in the DOM), laid out from one
 * number per item (`library.shapes`) while the items themselves load a page at a time, so a
 * library of tens of thousands of items costs the same as one screenful. Cells are buttons: Tab
 * reaches them, Enter opens the detail, ←/→ go to the previous/next item (across rows), ↑/↓ to
 * the nearest item in the row above/below, Home/End/Page keys jump, scrolling rows into view.
 * An image's cell can be dragged into the Image, Video and Chat tabs, or sent there from its
 * context menu (right click, the Menu key or Shift+F10: "Use in…", components/use-in/).
 * During a fling, cells that scroll in hold back their thumbnails until the scroll slows down.
 * A stack's tile (docs/library-files.md, "Stacks") shows its count; S on it, or a click on the
 * count, opens its other items right after it (use-stacks.ts), and S again (on any of them) closes it.
 */
import { memo, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type Ref, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { LibraryItemView, LibraryQuery } from '@shared/contract/library.js';
import { ratioOf } from '@shared/contract/library-shape.js';
import { draggableItem } from '../../../components/use-in/use-draggable-item.js';
import { UseInMenuList } from '../../../components/use-in/use-in-menu.js';
import { usableKind } from '../../../state/handoff.js';
import { useLibraryHead, useLibraryPages, useLibraryShapes } from '../model/use-library-pages.js';
import { cellsOf, GAP, nearestInRow, ROW_HEIGHT, rowOf } from '../model/justified-layout.js';
import { useJustifiedLayout } from '../model/use-justified-layout.js';
import { cellLabel, cellPrompt, formatDuration, thumbSrc } from '../model/media.js';
import { KindIcon } from './kind-icon.js';
import { Marked, matchOf, snippet, useSearchWords } from './search-marks.js';
import { useFillHeight } from '../../../components/generator/use-fill-height.js';
import { useStackExpansion } from '../model/use-stacks.js';
import { useGridStacks, type StackState } from '../model/use-grid-stacks.js';

/** The height rows aim for; the old square cells were 160 px at their smallest. */
const OVERSCAN_ROWS = 2;
/**
 * Faster than a screenful per this many ms is a fling: a cell is on screen for a frame or two,
 * and loading its thumbnail would only cost the page and the host work (requests, decoding) that
 * makes the fling stutter on a slow machine (bench/gallery.ts) for a picture nobody sees.
 */
const FLING_MS_PER_SCREEN = 250;
const NO_RATIOS: number[] = [];

export interface GalleryGridHandle {
  /** Focuses the cell at `index` (clamped), scrolling it into view and waiting for its page if needed. */
  focusIndex(index: number): void;
}

interface GalleryGridProps {
  query: LibraryQuery;
  mediaBase: string;
  onOpen(item: LibraryItemView, index: number): void;
  /** The items chosen for an export: Ctrl/⌘+click or Space on a cell adds or removes one. */
  selected: ReadonlySet<string>;
  onToggle(item: LibraryItemView): void;
  /** A curation key on a cell (0–5, F, T, C: docs/library-files.md, "Curation"); true when it was one. */
  onCurateKey?(item: LibraryItemView, key: string): boolean;
  /** Ctrl+A (⌘A) on a cell: every item the filters match is chosen. */
  onSelectAll?(): void;
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

export function GalleryGrid({ query, mediaBase, onOpen, selected, onToggle, onCurateKey, onSelectAll, ref }: GalleryGridProps) {
  const { t } = useTranslation('gallery');
  const scrollRef = useRef<HTMLDivElement>(null);
  const width = useWidth(scrollRef);
  // Its height is the window's below whatever sits above it (filters, the import bar, a selection's
  // curation buttons), measured, not a guess: a guess left its last row below the window.
  useFillHeight(scrollRef);
  const head = useLibraryHead(query);
  const shapes = useLibraryShapes(query);
  const total = head.data?.total ?? 0;
  // Until the shapes come, the first page's items are laid out by their own shapes, rounded as
  // the shapes are: its rows are drawn with the first answer and stay where they are when the
  // shapes come (docs/performance-findings.md, "Opening a tab").
  // (A previous filter's rows, shown while both answers of a new one load, stay as they are.)
  const firstPage = head.isPlaceholderData ? undefined : head.data?.items;
  const pageRatios = useMemo(() => firstPage?.map((item) => ratioOf(item.width, item.height)) ?? NO_RATIOS, [firstPage]);
  const byPage = firstPage !== undefined && (!shapes.data || shapes.isPlaceholderData);
  const ratios = byPage ? pageRatios : (shapes.data?.ratios ?? NO_RATIOS);
  const laidOut = byPage ? pageRatios.length : shapes.data ? total : 0;
  // An open stack's items are inserted after its tile: the grid's places are then not the list's.
  const stack = useStackExpansion(query, ratios, laidOut);
  const layout = useJustifiedLayout(stack.ratios, width > 0 ? stack.count : 0, width);
  const [fling, setFling] = useState(false);
  const lastScroll = useRef({ offset: 0, at: 0 });

  // The build does not use React Compiler, so the "cannot be memoized" hint does not apply; the
  // grid re-renders when the virtualizer's range changes, which is exactly what is wanted.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: layout.rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: (row) => (layout.rowHeight[row] ?? ROW_HEIGHT) + GAP,
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
  // Row sizes are cached by index; a new layout means new sizes for all of them.
  useLayoutEffect(() => virtualizer.measure(), [virtualizer, layout]);

  const rows = virtualizer.getVirtualItems();
  const first = rows.length > 0 ? layout.rowStart[rows[0].index] : 0;
  const last = rows.length > 0 ? layout.rowStart[rows[rows.length - 1].index + 1] - 1 : 0;
  const pageAt = useLibraryPages(query, head, stack.baseOf(first), stack.baseOf(last));

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
      if (layout.count === 0) {
        scrollRef.current?.focus();
        return;
      }
      const target = Math.min(Math.max(0, index), layout.count - 1);
      pendingFocus.current = target;
      virtualizer.scrollToIndex(rowOf(layout, target), { align: 'auto' });
      tryFocus();
    },
    [layout, virtualizer, tryFocus],
  );
  // The tab names places in the host's list (the detail's opener): an open stack shifts those after it.
  const stackIndexOf = stack.indexOf;
  useImperativeHandle(ref, () => ({ focusIndex: (index: number) => focusIndex(stackIndexOf(index)) }), [focusIndex, stackIndexOf]);
  const { note: stackNote, itemAt, toggleStack, stackState, onStack, onOpenCell } = useGridStacks(stack, pageAt, focusIndex, onOpen, t);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = Number((event.target as HTMLElement).dataset.index);
    if (!Number.isInteger(from) || layout.count === 0) return;
    // The Menu key and Shift+F10 open the context menu, whatever the platform makes of them.
    if ((event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) && openMenu(event.target)) {
      event.preventDefault();
      return;
    }
    // Space chooses (Enter still opens): the button's own click on Space is held back.
    if (event.key === ' ') {
      event.preventDefault();
      const item = itemAt(from);
      if (item) onToggle(item);
      return;
    }
    if (onSelectAll && (event.ctrlKey || event.metaKey) && !event.altKey && (event.key === 'a' || event.key === 'A')) {
      event.preventDefault();
      onSelectAll();
      return;
    }
    if ((event.key === 's' || event.key === 'S') && !event.ctrlKey && !event.metaKey && !event.altKey && toggleStack(from)) {
      event.preventDefault();
      return;
    }
    if (onCurateKey && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const item = itemAt(from);
      if (item && onCurateKey(item, event.key)) {
        event.preventDefault();
        return;
      }
    }
    const row = rowOf(layout, from);
    // A screenful of rows at the target height (rows vary a little; the focus lands in view either way).
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT) / (ROW_HEIGHT + GAP)));
    const rowMoves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page };
    let to: number | undefined;
    if (event.key === 'Home') to = 0;
    else if (event.key === 'End') to = layout.count - 1;
    else if (event.key === 'ArrowRight') to = from + 1;
    else if (event.key === 'ArrowLeft') to = from - 1;
    else if (event.key in rowMoves) {
      const next = Math.min(Math.max(0, row + rowMoves[event.key]), layout.rowCount - 1);
      if (next !== row) to = nearestInRow(layout, from, next);
      // Already in the first or last row: a Page key goes to the very first or last item.
      else if (event.key === 'PageUp') to = 0;
      else if (event.key === 'PageDown') to = layout.count - 1;
    }
    if (to === undefined) return;
    event.preventDefault();
    focusIndex(to);
  };

  const [menu, setMenu] = useState<{ index: number; item: LibraryItemView; at: { x: number; y: number } } | null>(null);
  /** Opens "Use in…" for the image whose cell holds `node`, if it is one; says whether it did. */
  const openMenu = (node: EventTarget, point?: { x: number; y: number }) => {
    const cell = (node as HTMLElement).closest<HTMLElement>('button[data-index]');
    const index = Number(cell?.dataset.index);
    const item = Number.isInteger(index) ? itemAt(index) : undefined;
    if (!cell || !item || !usableKind(item)) return false;
    // From the keyboard there is no pointer: the menu opens over the cell's corner.
    const box = cell.getBoundingClientRect();
    setMenu({ index, item, at: point ?? { x: box.left + 8, y: box.top + 8 } });
    return true;
  };
  const onContextMenu = (event: MouseEvent<HTMLDivElement>) => {
    const fromKeys = event.clientX === 0 && event.clientY === 0;
    if (openMenu(event.target, fromKeys ? undefined : { x: event.clientX, y: event.clientY })) event.preventDefault();
  };

  return (
    <>
      {/* The menu sits outside the scroller, whose containment would make it the menu's frame. */}
      {menu && (
        <div className="gallery-context">
          <UseInMenuList
            item={menu.item}
            start="first"
            at={menu.at}
            onClose={(refocus) => {
              setMenu(null);
              if (refocus) focusIndex(menu.index);
            }}
          />
        </div>
      )}
      <p role="status" className="sr-only">
        {stackNote}
      </p>
      <div ref={scrollRef} className="gallery-scroll" tabIndex={-1} data-testid="gallery-scroll" onScroll={menu ? () => setMenu(null) : undefined}>
        <div
          role="list"
          aria-label={t('grid.label')}
          className="gallery-canvas"
          style={{ height: virtualizer.getTotalSize() }}
          onKeyDown={onKeyDown}
          onContextMenu={onContextMenu}
        >
          {rows.map((row) => {
            const height = layout.rowHeight[row.index];
            // Rows drawn ahead of the scroll (overscan) fetch their thumbnails after those in view.
            const inView = virtualizer.range !== null && row.index >= virtualizer.range.startIndex && row.index <= virtualizer.range.endIndex;
            return (
              <div key={row.index} className="gallery-row" style={{ transform: `translateY(${row.start}px)`, columnGap: GAP, height }}>
                {/* Keyed by position, so a cell keeps its DOM node (and focus) when the list shifts under it. */}
                {cellsOf(layout, row.index).map((c) => (
                  <Cell
                    key={c.index}
                    index={c.index}
                    width={c.width}
                    total={stack.count}
                    item={itemAt(c.index)}
                    stack={stackState(c.index)}
                    onStack={onStack}
                    selected={selected.has(itemAt(c.index)?.id ?? '')}
                    mediaBase={mediaBase}
                    onOpen={onOpenCell}
                    onToggle={onToggle}
                    fling={fling}
                    inView={inView}
                    t={t}
                  />
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </>
  );
}

interface CellProps {
  index: number;
  stack: StackState | undefined;
  /** Opens or closes the stack of the item at this place (its count clicked). */
  onStack(index: number): boolean;
  /** Its width in the row, px: the picture's own shape at the row's height. */
  width: number;
  total: number;
  item: LibraryItemView | undefined;
  mediaBase: string;
  onOpen(item: LibraryItemView, index: number): void;
  selected: boolean;
  onToggle(item: LibraryItemView): void;
  /** The grid is being flung: a cell that appears now waits with its thumbnail. */
  fling: boolean;
  /** In the visible rows, not the overscan: its thumbnail is fetched first. */
  inView: boolean;
  /** The grid's, passed down: one language subscription for the grid rather than one per cell. */
  t: TFunction<'gallery'>;
}

/** Memoized: scrolling re-renders the grid each frame, but a cell only when its item changes. */
const Cell = memo(function Cell({ index, width, total, item, stack, onStack, selected, mediaBase, onOpen, onToggle, fling, inView, t }: CellProps) {
  const words = useSearchWords();
  // Once shown, a thumbnail stays, whatever the scrolling does next.
  const [thumbWanted, setThumbWanted] = useState(!fling);
  if (!fling && !thumbWanted) setThumbWanted(true);
  if (!item) {
    return <div role="listitem" aria-posinset={index + 1} aria-setsize={total} aria-busy="true" className="gallery-cell is-loading" style={{ width }} />;
  }
  // Images without a thumbnail (too big to decode) fall back to the file itself. Not loading="lazy":
  // only rows in view and a little overscan exist, and the browser's lazy loading waited for a
  // layout and an intersection check before asking for pictures already on screen.
  const thumb = thumbSrc(mediaBase, item);
  const label = stack ? t(`stack.cell.${stack}`, { label: cellLabel(t, item), n: item.stackCount ?? 1 }) : cellLabel(t, item);
  const match = matchOf(item, words);
  return (
    <div role="listitem" aria-posinset={index + 1} aria-setsize={total} className={`gallery-item${stack ? ` stack-${stack}` : ''}`} style={{ width }}>
      {/* For the pointer: the keyboard has S on the cell, which the cell's name tells of. */}
      {(stack === 'closed' || stack === 'open') && (
        <button type="button" tabIndex={-1} aria-hidden="true" className="gallery-stack-count" data-testid="stack-count" onClick={() => onStack(index)}>
          {item.stackCount}
        </button>
      )}
      <button
        type="button"
        className={`gallery-cell kind-${item.kind}${selected ? ' is-selected' : ''}`}
        data-index={index}
        aria-label={selected ? t('grid.cellSelected', { label }) : label}
        title={match && match.field !== 'prompt' ? `${item.prompt}\n${t(`search.field.${match.field}`)}: ${match.text}` : item.prompt}
        onClick={(e) => (e.ctrlKey || e.metaKey ? onToggle(item) : onOpen(item, index))}
        {...draggableItem(item, mediaBase)}
      >
        {/* First in reading order, as in the name (it is drawn over the corner either way), and a word apart from the prompt. */}
        {item.kind !== 'image' && (
          <>
            <span className="gallery-badge" aria-hidden="true">
              <KindIcon kind={item.kind} small />
              {item.durationSeconds !== undefined ? formatDuration(item.durationSeconds) : t(`kind.${item.kind}`)}
            </span>{' '}
          </>
        )}
        {selected && <span className="gallery-check" aria-hidden="true" />}
        {item.favourite && <span className="gallery-star" aria-hidden="true" />}
        {thumb ? (
          thumbWanted && <img src={thumb} alt="" fetchPriority={inView ? 'high' : 'low'} decoding="async" draggable={false} />
        ) : (
          <span className="gallery-cell-placeholder">
            <KindIcon kind={item.kind} />
            {item.kind === 'audio' && <span className="gallery-cell-prompt">{cellPrompt(item)}</span>}
          </span>
        )}
        {/* Why the item is listed: the matching words where they were found (search-marks.tsx). */}
        {match && (
          <span className="gallery-cell-match" data-testid="match-caption" aria-hidden="true">
            <span className="gallery-cell-match-field">{t(`search.field.${match.field}`)}</span> <Marked text={snippet(match.text, words)} words={words} />
          </span>
        )}
      </button>
    </div>
  );
});
