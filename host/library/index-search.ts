/**
 * Text search over 100,000 prompts in a few milliseconds: the prompts, lower-cased, are one long
 * string (a line each) with each line's start, so a word is found by `indexOf` jumps over that
 * string rather than by a test per item, and an item is marked once per word. Search words never
 * hold whitespace, so no match can run from one line into the next.
 */
export interface Haystack {
  text: string;
  /** Where each prompt's line starts; `start[n]` is one past the end. */
  start: Int32Array;
}

export function buildHaystack(prompts: readonly string[]): Haystack {
  const n = prompts.length;
  const start = new Int32Array(n + 1);
  if (n === 0) return { text: '', start };
  // Lower-casing one string is several times faster than 100,000 small ones.
  let text = prompts.join('\n').toLowerCase();
  let row = 1;
  for (let at = text.indexOf('\n'); at >= 0 && row <= n; at = text.indexOf('\n', at + 1)) start[row++] = at + 1;
  if (row !== n) {
    // A prompt holds a line break of its own: lines are made one by one, their breaks made spaces.
    const lines = prompts.map((p) => p.toLowerCase().replaceAll('\n', ' '));
    for (let i = 0, at = 0; i < n; at += lines[i].length + 1, i++) start[i] = at;
    text = lines.join('\n');
  }
  start[n] = text.length + 1;
  return { text, start };
}

/**
 * Prompts lower-cased per slice between two gives of the loop: made in one go after an open of
 * 100,000 items, the search text held the loop 70–230 ms (docs/performance.md, "gallery").
 */
export const HAYSTACK_SLICE = 10_000;

/**
 * The haystack buildHaystack makes, made a slice of prompts at a time with `pause` between
 * slices. Slices meet at line breaks, so lower-casing each on its own (letters whose lower case
 * depends on the next letter included) gives the text of the whole.
 */
export async function buildHaystackInSlices(prompts: readonly string[], pause: () => Promise<void>): Promise<Haystack> {
  const n = prompts.length;
  if (n <= HAYSTACK_SLICE) return buildHaystack(prompts);
  const start = new Int32Array(n + 1);
  const pieces: string[] = [];
  let at = 0;
  for (let from = 0; from < n; from += HAYSTACK_SLICE) {
    const piece = buildHaystack(prompts.slice(from, from + HAYSTACK_SLICE));
    const rows = Math.min(HAYSTACK_SLICE, n - from);
    for (let i = 0; i < rows; i++) start[from + i] = at + piece.start[i];
    pieces.push(piece.text);
    at += piece.text.length + 1;
    await pause();
  }
  const text = pieces.join('\n');
  start[n] = text.length + 1;
  return { text, start };
}

/**
 * Marks in `hits` (one byte per item, set beforehand) the items whose prompt holds `word`
 * (lower-case), leaving the others as they are.
 */
export function markWord(hay: Haystack, word: string, hits: Uint8Array): void {
  let row = 0;
  for (let at = hay.text.indexOf(word); at >= 0; at = hay.text.indexOf(word, hay.start[row + 1])) {
    while (hay.start[row + 1] <= at) row++;
    hits[row] = 1;
  }
}
