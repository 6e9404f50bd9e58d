/**
 * The contact sheet's grid, windowed in both directions: only the rows and the columns in view
 * (and a couple either side) are drawn, so a batch of 500 cells opens as fast as one of 20
 * (docs/library-files.md, "The contact sheet"). It stays a table: its column and row headers stick
 * to the top and the left, a spacer row above and below and a spacer cell left and right stand
 * for what is not drawn, and `aria-rowcount` / `aria-rowindex` (and the column ones) tell a screen
 * reader where a drawn row sits in the whole. Rows vary in height (stacks, several results, an
 * error) and are measured as they are drawn; columns are the cells' fixed width, their header
 * measured in case a long label widens one.
 *
 * The keyboard: `focusCell` focuses any shown cell, scrolling it into view first when it is not
 * drawn; one drawn cell is always tabbable (the focused one, or the first drawn one when that has
 * scrolled away).
 */
import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { BatchCellView } from '@shared/contract/batches.js';
import { findAt, type At, type SheetPlaces } from './sheet-places.js';

/** `.sheet-cell`'s 200 px, its place's padding and border (contact-sheet.css). */
const COLUMN_PX = 209;
const OVERSCAN = 2;

/** A row's likely height before it is measured: its tallest stack of cells, each with its results. */
function estimateRow(places: SheetPlaces, r: number): number {
  let tallest = 0;
  for (const stack of places.places[r] ?? []) {
    const px = stack.reduce((sum, c) => sum + 48 + 196 * Math.max(1, c.libraryIds.length) + (c.state === 'failed' ? 40 : 0), 0);
    tallest = Math.max(tallest, px);
  }
  return Math.max(60, tallest + 10);
}

export interface SheetGridHandle {
  /** Focuses the cell with this index, scrolling it into view and waiting for it to be drawn if needed. */
  focusCell(index: number): void;
}

interface SheetGridProps {
  places: SheetPlaces;
  /** False when the columns follow no axis of their own: one column, no header row. */
  hasColumns: boolean;
  focusAt: At | undefined;
  renderCell(cell: BatchCellView, tabbable: boolean): ReactNode;
  onKeyDown(e: KeyboardEvent<HTMLElement>): void;
  ref?: Ref<SheetGridHandle>;
}

/** The size of `el` as it is laid out, kept as it changes (ResizeObserver: nothing runs meanwhile). */
function useBox(): [(el: HTMLElement | null) => void, { width: number; height: number }] {
  const [box, setBox] = useState({ width: 0, height: 0 });
  const [el, setEl] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const size = entry.borderBoxSize?.[0];
      const width = Math.round(size?.inlineSize ?? entry.contentRect.width);
      const height = Math.round(size?.blockSize ?? entry.contentRect.height);
      setBox((b) => (b.width === width && b.height === height ? b : { width, height }));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return [setEl, box];
}

export function SheetGrid({ places, hasColumns, focusAt, renderCell, onKeyDown, ref }: SheetGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The header row's height and the row headers' width: the rows and columns start past them.
  const [cornerRef, corner] = useBox();
  // (One column has no header row, and nothing to scroll sideways past.)
  const headPx = hasColumns ? corner.height : 0;
  const labelsPx = hasColumns ? corner.width : 0;
  const columnCount = places.columnLabels.length;

  // The build does not use React Compiler, so the "cannot be memoized" hint does not apply: the
  // grid re-renders when a window moves, which is what is wanted.
  // eslint-disable-next-line react-hooks/incompatible-library
  const rowWindow = useVirtualizer({
    count: places.rowLabels.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (r) => estimateRow(places, r),
    overscan: OVERSCAN,
    indexAttribute: 'data-row',
    scrollMargin: headPx,
    scrollPaddingStart: headPx,
    useFlushSync: false,
  });
  const columnWindow = useVirtualizer({
    horizontal: true,
    count: columnCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => COLUMN_PX,
    overscan: OVERSCAN,
    indexAttribute: 'data-column',
    scrollMargin: labelsPx,
    scrollPaddingStart: labelsPx,
    useFlushSync: false,
  });
  // Rows are measured by index: new places (other axes, cells hidden or shown) mean new sizes.
  useLayoutEffect(() => rowWindow.measure(), [rowWindow, places]);

  const rows = rowWindow.getVirtualItems();
  const columns = columnWindow.getVirtualItems();
  const above = rows.length > 0 ? rows[0].start - headPx : 0;
  const below = rows.length > 0 ? rowWindow.getTotalSize() - (rows[rows.length - 1].end - headPx) : 0;
  const before = columns.length > 0 ? columns[0].start - labelsPx : 0;
  const after = columns.length > 0 ? columnWindow.getTotalSize() - (columns[columns.length - 1].end - labelsPx) : 0;
  const span = 1 + (before > 0 ? 1 : 0) + columns.length + (after > 0 ? 1 : 0);

  // One drawn cell takes Tab: the focused one while it is drawn, else the first drawn one.
  const drawn = (at: At) => rows.some((v) => v.index === at.r) && columns.some((v) => v.index === at.k);
  let tabbable: BatchCellView | undefined;
  if (focusAt && drawn(focusAt)) tabbable = places.places[focusAt.r][focusAt.k][focusAt.j];
  for (const row of rows) {
    for (const column of columns) tabbable ??= places.places[row.index]?.[column.index]?.[0];
  }

  // A cell asked for by the keyboard is focused once it is drawn (after each render).
  const pending = useRef<number | null>(null);
  const tryFocus = useCallback(() => {
    if (pending.current === null) return;
    const el = scrollRef.current?.querySelector<HTMLElement>(`[data-cell-index="${pending.current}"]`);
    if (!el) return;
    pending.current = null;
    // The browser scrolls it fully into view, past the sticky headers (the scroll padding).
    el.focus();
  }, []);
  useEffect(tryFocus);
  const focusCell = useCallback(
    (index: number) => {
      pending.current = index;
      const at = findAt(places, index);
      if (at && !scrollRef.current?.querySelector(`[data-cell-index="${index}"]`)) {
        rowWindow.scrollToIndex(at.r, { align: 'auto' });
        columnWindow.scrollToIndex(at.k, { align: 'auto' });
      }
      tryFocus();
    },
    [places, rowWindow, columnWindow, tryFocus],
  );
  useImperativeHandle(ref, () => ({ focusCell }), [focusCell]);

  const spacer = (px: number) => <td aria-hidden="true" className="sheet-spacer" style={{ width: px, minWidth: px }} />;
  return (
    <div ref={scrollRef} className="contact-sheet-scroll" style={{ scrollPaddingTop: headPx, scrollPaddingLeft: labelsPx }}>
      <table
        className="contact-sheet-grid"
        aria-rowcount={places.rowLabels.length + (hasColumns ? 1 : 0)}
        aria-colcount={columnCount + 1}
        onKeyDown={onKeyDown}
      >
        {hasColumns && (
          <thead>
            <tr aria-rowindex={1}>
              <td ref={cornerRef} className="sheet-corner" />
              {before > 0 && spacer(before)}
              {columns.map((v) => {
                const label = places.columnLabels[v.index];
                return (
                  <th key={label} ref={columnWindow.measureElement} data-column={v.index} aria-colindex={v.index + 2} scope="col" title={label}>
                    {label}
                  </th>
                );
              })}
              {after > 0 && spacer(after)}
            </tr>
          </thead>
        )}
        <tbody>
          {above > 0 && (
            <tr aria-hidden="true" className="sheet-spacer-row">
              <td colSpan={span} style={{ height: above }} />
            </tr>
          )}
          {rows.map((v) => {
            const label = places.rowLabels[v.index];
            return (
              <tr key={label} ref={rowWindow.measureElement} data-row={v.index} aria-rowindex={v.index + (hasColumns ? 2 : 1)}>
                <th scope="row" title={label} aria-colindex={1}>
                  {label}
                </th>
                {before > 0 && spacer(before)}
                {columns.map((c) => (
                  <td key={places.columnLabels[c.index]} data-column={c.index} aria-colindex={c.index + 2}>
                    {places.places[v.index][c.index].map((cell) => renderCell(cell, cell === tabbable))}
                  </td>
                ))}
                {after > 0 && spacer(after)}
              </tr>
            );
          })}
          {below > 0 && (
            <tr aria-hidden="true" className="sheet-spacer-row">
              <td colSpan={span} style={{ height: below }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
