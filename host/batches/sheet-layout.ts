/**
 * Where everything goes on an exported contact sheet (docs/library-files.md, "The contact sheet"): a
 * label column, a header row, and a square place per (row label, column label); the cells of the
 * other axes that share a place are stacked in it as a small grid, so each stays visible. Pure
 * arithmetic: sheet-export.ts draws what this decides.
 */
import type { BatchCellView } from '@shared/contract/batches.js';

/** A place's side in pixels, at most: a thumbnail's size (the library's are at most 320 px). */
export const CELL_MAX = 256;
const CELL_MIN = 24;
/** Keeps the canvas decodable anywhere (many viewers stop at 16,384 px) and its memory bounded. */
const SIDE_MAX = 16_000;
const PIXELS_MAX = 64_000_000;
export const LABEL_WIDTH = 220;
export const LABEL_HEIGHT = 56;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SheetLayout {
  rowLabels: string[];
  columnLabels: string[];
  cell: number;
  width: number;
  height: number;
  /** Per batch cell index: where its first result goes; null when hidden. */
  boxes: Map<number, Box | null>;
}

/** An axis's labels in the order its cells first use them (the composer's order). */
function labelsOf(cells: readonly Pick<BatchCellView, 'coords'>[], axis: string): string[] {
  const seen = new Set<string>();
  for (const c of cells) seen.add(c.coords[axis] ?? '');
  return [...seen];
}

/** `columns` equal to `rows` means one column: the sheet is a list by that axis. */
export function layOut(cells: readonly Pick<BatchCellView, 'index' | 'coords' | 'hidden'>[], rows: string, columns: string): SheetLayout {
  const rowLabels = labelsOf(cells, rows);
  const columnLabels = columns === rows ? [''] : labelsOf(cells, columns);
  const across = Math.max(rowLabels.length, columnLabels.length);
  const cell = Math.max(CELL_MIN, Math.min(
    CELL_MAX,
    Math.floor((SIDE_MAX - LABEL_WIDTH) / across),
    Math.floor(Math.sqrt(PIXELS_MAX / (rowLabels.length * columnLabels.length))),
  ));
  const places = new Map<string, number[]>();
  const boxes = new Map<number, Box | null>();
  for (const c of cells) {
    if (c.hidden) {
      boxes.set(c.index, null);
      continue;
    }
    const r = rowLabels.indexOf(c.coords[rows] ?? '');
    const k = columns === rows ? 0 : columnLabels.indexOf(c.coords[columns] ?? '');
    const key = `${r}/${k}`;
    places.set(key, [...(places.get(key) ?? []), c.index]);
  }
  for (const [key, indexes] of places) {
    const [r, k] = key.split('/').map(Number);
    const per = Math.ceil(Math.sqrt(indexes.length));
    const side = Math.floor(cell / per);
    indexes.forEach((index, j) => boxes.set(index, {
      x: LABEL_WIDTH + k * cell + (j % per) * side,
      y: LABEL_HEIGHT + r * cell + Math.floor(j / per) * side,
      width: side,
      height: side,
    }));
  }
  return { rowLabels, columnLabels, cell, width: LABEL_WIDTH + columnLabels.length * cell, height: LABEL_HEIGHT + rowLabels.length * cell, boxes };
}

const XML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * A label as an SVG picture of `width` × `height`: its text in up to `lines` lines, cut with an
 * ellipsis. The text is the creator's (a prompt, a model); it is escaped, never markup.
 */
export function labelSvg(text: string, width: number, height: number, lines: number): Buffer {
  const size = 13;
  const lineHeight = 16;
  // A wide (CJK) character takes about twice a Latin one: counted by width, not by characters.
  const room = Math.max(4, Math.floor((width - 12) / (size * 0.55)));
  const rows: string[] = [];
  let line = '';
  let used = 0;
  let cut = false;
  for (const ch of text.replace(/\s+/g, ' ').trim()) {
    const w = /[\u1100-\uffff]/.test(ch) && !/[\u2000-\u206f]/.test(ch) ? 2 : 1;
    if (used + w > room) {
      rows.push(line);
      line = '';
      used = 0;
      if (rows.length === lines) {
        cut = true;
        break;
      }
    }
    line += ch;
    used += w;
  }
  if (!cut && line) rows.push(line);
  if (cut) rows[lines - 1] = `${Array.from(rows[lines - 1]).slice(0, -1).join('')}…`;
  const top = Math.max(lineHeight, Math.round((height - rows.length * lineHeight) / 2 + size));
  const spans = rows.map((r, i) => `<tspan x="6" y="${top + i * lineHeight}">${r.replace(/[&<>"']/g, (c) => XML[c])}</tspan>`).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#f1f1f1" stroke="#c8c8c8"/>`
    + `<text font-family="sans-serif" font-size="${size}" fill="#111">${spans}</text></svg>`,
  );
}
