import { fonts, type Glyph } from 'js-pixel-fonts';
import { Canvas, type Rgb } from './image-draw.js';

// "Seven plus" from js-pixel-fonts: every printable ASCII character, 7 px caps,
// descenders reaching row 9. We read its glyph tables directly instead of its
// renderPixels(), which logs a warning per missing character and builds a
// whole-string bitmap we would only copy again.
const FONT = fonts.sevenPlus;
/** The font's own missing-glyph (a solid box) stands in for anything non-ASCII. */
const PLACEHOLDER = FONT.glyphs[''];

interface Prepared {
  width: number;
  /** Horizontal runs of set pixels per font row: [row, x0, x1) triples. */
  runs: number[];
}

const cache = new Map<string, Prepared>();

function prepare(glyph: Glyph): Prepared {
  const runs: number[] = [];
  let width = 0;
  glyph.pixels.forEach((row, r) => {
    width = Math.max(width, row.length);
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      let end = x;
      while (end < row.length && row[end]) end++;
      runs.push(glyph.offset + r, x, end);
      x = end;
    }
  });
  return { width, runs };
}

function glyphFor(ch: string): Prepared {
  let p = cache.get(ch);
  if (!p) {
    p = prepare(FONT.glyphs[ch] ?? PLACEHOLDER);
    cache.set(ch, p);
  }
  return p;
}

/** Font rows from the top of one line to the top of the next (9 rows of ink + 2 of leading). */
export const LINE_ROWS = 11;
/** Rows of ink including descenders. */
export const INK_ROWS = 9;
const LETTER_GAP = 1;

/** Width in font pixels (multiply by scale for screen pixels). */
export function measure(text: string): number {
  let w = 0;
  for (const ch of text) w += glyphFor(ch).width + LETTER_GAP;
  return Math.max(0, w - LETTER_GAP);
}

/** Collapses whitespace; code points outside printable ASCII become the placeholder box when drawn. */
export function normalizeText(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/** Cuts `text` to fit and ends it in "..." (always, since the caller is dropping text after it). */
function ellipsize(text: string, maxWidth: number): string {
  const chars = [...text];
  while (chars.length > 0 && measure(chars.join('') + '...') > maxWidth) chars.pop();
  return chars.join('').trimEnd() + '...';
}

/**
 * Greedy word wrap to `maxWidth` font pixels; words longer than a line are
 * hard-broken. Past `maxLines` the last line ends in "...".
 */
export function wrap(text: string, maxWidth: number, maxLines = Infinity): string[] {
  const lines: string[] = [];
  let line = '';
  const push = (l: string) => lines.push(l);
  for (const word of normalizeText(text).split(' ')) {
    if (!word) continue;
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) push(line);
    line = '';
    let rest = [...word];
    while (measure(rest.join('')) > maxWidth && rest.length > 1) {
      let n = rest.length - 1;
      while (n > 1 && measure(rest.slice(0, n).join('')) > maxWidth) n--;
      push(rest.slice(0, n).join(''));
      rest = rest.slice(n);
    }
    line = rest.join('');
  }
  if (line) push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, Math.max(1, maxLines));
    kept[kept.length - 1] = ellipsize(kept[kept.length - 1], maxWidth);
    return kept;
  }
  return lines;
}

/** Draws one line with its top-left corner at (x, y), each font pixel a scale×scale block. */
export function drawText(canvas: Canvas, text: string, x: number, y: number, scale: number, color: Rgb): void {
  const packed = Canvas.pack(color);
  let pen = x;
  for (const ch of text) {
    const g = glyphFor(ch);
    for (let i = 0; i < g.runs.length; i += 3) {
      const top = y + g.runs[i] * scale;
      const x0 = pen + g.runs[i + 1] * scale;
      const x1 = pen + g.runs[i + 2] * scale;
      for (let dy = 0; dy < scale; dy++) canvas.span(top + dy, x0, x1, packed);
    }
    pen += (g.width + LETTER_GAP) * scale;
    if (pen >= canvas.width) break;
  }
}

/** Text block layout: the largest scale ≤ maxScale whose wrapped lines fit the box. */
export function fitText(
  text: string,
  boxWidth: number,
  boxHeight: number,
  maxScale: number,
): { scale: number; lines: string[] } {
  for (let scale = Math.max(1, Math.floor(maxScale)); scale >= 1; scale--) {
    const maxWidth = Math.floor(boxWidth / scale);
    const maxLines = Math.floor((boxHeight / scale + (LINE_ROWS - INK_ROWS)) / LINE_ROWS);
    if (maxWidth < 8 || maxLines < 1) continue;
    const lines = wrap(text, maxWidth);
    if (lines.length <= maxLines) return { scale, lines };
    if (scale === 1) return { scale, lines: wrap(text, maxWidth, maxLines) };
  }
  // Box smaller than one line at scale 1: draw what fits and let clipping do the rest.
  return { scale: 1, lines: wrap(text, Math.max(8, boxWidth), 1) };
}
