/**
 * The sticky submit row's height, for the column's scroll padding (form-layout.css,
 * `.studio-submit`): a field that focus scrolls into view stops above the row however tall the row
 * grows (an expected cost over two lines, a budget it would cross, an error). The row's parent
 * gets `--submit-row`, kept up to date as the row changes size.
 */
import { useCallback, useRef } from 'react';

export function useSubmitRow(): (row: HTMLDivElement | null) => void {
  const observer = useRef<ResizeObserver | null>(null);
  return useCallback((row: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    const column = row?.parentElement;
    if (!row || !column || typeof ResizeObserver === 'undefined') return;
    const measure = () => column.style.setProperty('--submit-row', `${Math.ceil(row.getBoundingClientRect().height)}px`);
    measure();
    observer.current = new ResizeObserver(measure);
    observer.current.observe(row);
  }, []);
}
