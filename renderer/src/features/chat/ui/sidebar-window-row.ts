/**
 * A row of the conversations sidebar's window (conversation-list.tsx): only the rows in view are
 * in the page, each placed at its offset in the list and measured once drawn, each telling
 * assistive technology its place among its siblings (the others are not in the page to count).
 */

/** Where a row of the sidebar's window sits: its index and offset, its place among its siblings. */
export interface RowPlace {
  index: number;
  rowKey: string;
  start: number;
  posinset: number;
  setsize: number;
  /** The window's measure of the row's height (the same function for every row). */
  measure(el: HTMLElement | null): void;
}

/** The attributes that place and measure a row in the window. */
export function placeAttributes({ index, rowKey, start, measure }: RowPlace) {
  return { ref: measure, 'data-index': index, 'data-row-key': rowKey, style: { transform: `translateY(${start}px)` } };
}

/** A list item's place among its siblings. */
export const setAttributes = ({ posinset, setsize }: Pick<RowPlace, 'posinset' | 'setsize'>) => ({ 'aria-posinset': posinset, 'aria-setsize': setsize });

/** Both, for a row that is its list item. */
export const rowAttributes = (row: RowPlace) => ({ ...placeAttributes(row), ...setAttributes(row) });

/** Whether a row stays where it was: a row drawn again at the same place need not render again. */
export const samePlace = (a: RowPlace, b: RowPlace) =>
  a.index === b.index && a.rowKey === b.rowKey && a.start === b.start && a.posinset === b.posinset && a.setsize === b.setsize && a.measure === b.measure;
