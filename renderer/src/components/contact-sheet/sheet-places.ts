/**
 * The contact sheet's grid (components/contact-sheet): which cells sit in which place when the rows
 * follow one axis and the columns another, and where the arrow keys go from a cell. The cells of
 * the other axes that share a place are stacked in it, in the batch's order. Pure: no React.
 */
import type { BatchCellView } from '@shared/contract/batches.js';

export interface SheetPlaces {
  rowLabels: string[];
  /** [''] when the columns follow no axis of their own (the same axis as the rows). */
  columnLabels: string[];
  /** places[row][column]: the cells there, stacked. */
  places: BatchCellView[][][];
}

/** Prompt × model when the batch has them, else its first two axes (one column for a single axis). */
export function defaultAxes(axes: readonly string[]): { rows: string; columns: string } {
  const rows = axes.includes('prompt') ? 'prompt' : (axes[0] ?? '');
  const others = axes.filter((a) => a !== rows);
  const columns = others.includes('model') ? 'model' : (others[0] ?? rows);
  return { rows, columns };
}

function labelsOf(cells: readonly BatchCellView[], axis: string): string[] {
  return [...new Set(cells.map((c) => c.coords[axis] ?? ''))];
}

/** Labels come from every cell (hidden ones too), so hiding a cell never moves the others. */
export function placeCells(cells: readonly BatchCellView[], rows: string, columns: string, showHidden: boolean): SheetPlaces {
  const rowLabels = labelsOf(cells, rows);
  const columnLabels = columns === rows ? [''] : labelsOf(cells, columns);
  const places = rowLabels.map(() => columnLabels.map((): BatchCellView[] => []));
  const rowOf = new Map(rowLabels.map((l, i) => [l, i]));
  const columnOf = new Map(columnLabels.map((l, i) => [l, i]));
  for (const c of cells) {
    if (c.hidden && !showHidden) continue;
    const r = rowOf.get(c.coords[rows] ?? '') ?? 0;
    const k = columns === rows ? 0 : (columnOf.get(c.coords[columns] ?? '') ?? 0);
    places[r][k].push(c);
  }
  return { rowLabels, columnLabels, places };
}

export interface At {
  r: number;
  k: number;
  j: number;
}

/** The cells of row `r` in reading order, with where each is. */
function rowCells(p: SheetPlaces, r: number): At[] {
  return p.places[r].flatMap((stack, k) => stack.map((_, j) => ({ r, k, j })));
}

/**
 * Where an arrow key goes: ← → along the row's cells (stacked ones included), ↑ ↓ to the nearest
 * shown cell in the same column of the next row that has one. Undefined at an edge.
 */
export function step(p: SheetPlaces, at: At, key: string): At | undefined {
  if (key === 'ArrowLeft' || key === 'ArrowRight') {
    const list = rowCells(p, at.r);
    const i = list.findIndex((c) => c.k === at.k && c.j === at.j);
    return list[i + (key === 'ArrowRight' ? 1 : -1)];
  }
  if (key !== 'ArrowUp' && key !== 'ArrowDown') return undefined;
  const dir = key === 'ArrowDown' ? 1 : -1;
  for (let r = at.r + dir; r >= 0 && r < p.places.length; r += dir) {
    const list = rowCells(p, r);
    if (list.length === 0) continue;
    // The same column's cell when there is one, else the nearest column's.
    const best = list.reduce((a, b) => (Math.abs(b.k - at.k) < Math.abs(a.k - at.k) ? b : a));
    const same = list.filter((c) => c.k === best.k);
    return same[Math.min(at.j, same.length - 1)];
  }
  return undefined;
}

/** The first shown cell, where the keyboard starts. */
export function firstAt(p: SheetPlaces): At | undefined {
  for (let r = 0; r < p.places.length; r++) {
    const first = rowCells(p, r)[0];
    if (first) return first;
  }
  return undefined;
}

/** Where the cell with `index` is shown, if it is. */
export function findAt(p: SheetPlaces, index: number | undefined): At | undefined {
  if (index === undefined) return undefined;
  for (let r = 0; r < p.places.length; r++) {
    for (let k = 0; k < p.places[r].length; k++) {
      const j = p.places[r][k].findIndex((c) => c.index === index);
      if (j >= 0) return { r, k, j };
    }
  }
  return undefined;
}
