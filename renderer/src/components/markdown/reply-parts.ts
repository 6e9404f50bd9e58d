/**
 * The parts a reply is rendered in, for replies of any size (docs/performance.md, "Targets"):
 * its blocks (blocks.ts) grouped as groupBlocks does, except that a block too big to lay out in
 * one go is cut into pieces of its own. A single 1 MB word, a 3,000-row table or a list of
 * thousands of lines is otherwise one part: parsed, rendered and laid out whole whenever any of it
 * is in view, which held the page for seconds to minutes. Cut:
 *   - a table, into tables of at most PIECE_CHARS of rows, each under the table's own header;
 *   - any other block without a code fence, at line breaks into pieces of at most PIECE_CHARS;
 *     a line longer than that (an unbroken word) into plain-text pieces of PIECE_CHARS, shown as
 *     the characters they are, not parsed (there is nothing to format in the middle of a word).
 * Copy gives the reply's own text, never the pieces.
 *
 * While a reply streams its text only grows: the parts are worked out again from a few blocks
 * before its end (`replyParts` takes the last result), not from its start: a 10 MB reply split
 * whole on every frame took a frame's work many times over.
 */
import { GROUP_CHARS, normalizeLines, splitBlocksAt, soleFence } from './blocks.js';

/** A block longer than this is cut (about two slices of what one render adds: markdown.tsx). */
export const GIANT_CHARS = 16_000;
/** The most characters in one piece of a cut block. */
export const PIECE_CHARS = 8_000;
/** Replies at least this long group their blocks in bigger parts: fewer parts, each still quick to show. */
export const BIG_REPLY_CHARS = 1_000_000;
const BIG_GROUP_CHARS = 8_000;

export interface ReplyParts {
  /** The source of each part, in order. */
  sources: string[];
  /** Parts that are a piece of one overlong line: shown as plain text. */
  plain: ReadonlySet<number>;
}

/** What the next call for a longer text starts from (opaque outside this file). */
export interface PartsMemo extends ReplyParts {
  src: string;
  blocks: string[];
  starts: number[];
  /** The block each part starts in. */
  firstBlock: number[];
  groupChars: number;
}

const TABLE_DELIMITER = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const TABLE_ROW = /^ {0,3}\|/;

/** A table's pieces: its header and delimiter row, then as many rows as fit in PIECE_CHARS. */
function tablePieces(lines: string[]): string[] | null {
  if (lines.length < 3 || !TABLE_ROW.test(lines[0]) || !TABLE_DELIMITER.test(lines[1])) return null;
  for (let i = 2; i < lines.length; i++) if (!TABLE_ROW.test(lines[i])) return null;
  const head = `${lines[0]}\n${lines[1]}`;
  const pieces: string[] = [];
  let rows: string[] = [];
  let chars = head.length;
  for (let i = 2; i < lines.length; i++) {
    if (rows.length && chars + lines[i].length + 1 > PIECE_CHARS) {
      pieces.push(`${head}\n${rows.join('\n')}`);
      rows = [];
      chars = head.length;
    }
    rows.push(lines[i]);
    chars += lines[i].length + 1;
  }
  if (rows.length) pieces.push(`${head}\n${rows.join('\n')}`);
  return pieces;
}

/** Cuts `text` at PIECE_CHARS, never between the two halves of a surrogate pair. */
function cutLine(text: string, out: (piece: string, plain: boolean) => void) {
  for (let at = 0; at < text.length; ) {
    let end = Math.min(at + PIECE_CHARS, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    out(text.slice(at, end), true);
    at = end;
  }
}

/** A giant block's pieces (`out`), or false when it is left whole (it holds a code fence). */
function cutGiant(block: string, out: (piece: string, plain: boolean) => void): boolean {
  const lines = block.split('\n');
  const table = tablePieces(lines);
  if (table) {
    for (const piece of table) out(piece, false);
    return true;
  }
  if (soleFence(block) || /^ {0,3}(```|~~~)/m.test(block)) return false;
  let piece: string[] = [];
  let chars = 0;
  const flush = () => {
    if (piece.length) out(piece.join('\n'), false);
    piece = [];
    chars = 0;
  };
  for (const line of lines) {
    if (line.length > PIECE_CHARS) {
      flush();
      cutLine(line, out);
      continue;
    }
    if (piece.length && chars + line.length + 1 > PIECE_CHARS) flush();
    piece.push(line);
    chars += line.length + 1;
  }
  flush();
  return true;
}

/**
 * Parts from block `from` on, appended to `into` (the parts before it already there): settled
 * blocks grouped to at least `groupChars`, the last block alone, giant blocks in pieces.
 */
function build(blocks: readonly string[], from: number, groupChars: number, into: PartsMemo) {
  const plain = into.plain as Set<number>;
  let group: string[] = [];
  let groupFirst = from;
  let chars = 0;
  const emit = (source: string, first: number, isPlain = false) => {
    if (isPlain) plain.add(into.sources.length);
    into.sources.push(source);
    into.firstBlock.push(first);
  };
  // A group is a copy, joined: a slice of the reply would hold on to the whole text it was cut
  // from, and while a reply streams that is a new text every frame: slices kept by the height
  // and render caches held every version of a streamed 10 MB reply (515 MB against 23 MB,
  // docs/performance-findings.md, "Replies of any size").
  const flush = () => {
    if (group.length) emit(group.join('\n\n'), groupFirst);
    group = [];
    chars = 0;
  };
  for (let i = from; i < blocks.length; i++) {
    const block = blocks[i];
    if (block.length > GIANT_CHARS) {
      flush();
      if (cutGiant(block, (piece, isPlain) => emit(piece, i, isPlain))) continue;
      emit(block, i);
      continue;
    }
    if (i === blocks.length - 1) {
      flush();
      emit(block, i);
      continue;
    }
    if (!group.length) groupFirst = i;
    group.push(block);
    chars += block.length;
    if (chars >= groupChars) flush();
  }
  flush();
}

/**
 * The parts of `text`; `last`: the result for an earlier text, reused where `text` only added to
 * it (and then used up: pass each result on once, as PartsCache does).
 */
export function replyParts(text: string, last?: PartsMemo): PartsMemo {
  const src = normalizeLines(text);
  const groupChars = src.length >= BIG_REPLY_CHARS ? BIG_GROUP_CHARS : GROUP_CHARS;
  if (last && last.groupChars === groupChars && last.blocks.length >= 4 && src.length >= last.src.length && src.startsWith(last.src)) {
    // The last blocks may still change as text arrives (a blank line's meaning depends on the
    // line after it); three blocks before the end, the split is as it will stay.
    const restart = last.blocks.length - 3;
    const tail = splitBlocksAt(src, last.starts[restart]);
    // The last result's lists, cut and added to in place (it is used up): a 10 MB reply has over
    // 100,000 blocks, and copying them on every frame of its stream was most of the frame's work.
    const { blocks, starts } = last;
    blocks.length = restart;
    starts.length = restart;
    for (let i = 0; i < tail.blocks.length; i++) {
      blocks.push(tail.blocks[i]);
      starts.push(tail.starts[i]);
    }
    // Parts that end before the restart are kept: each was closed by its size or by a giant
    // block after it, never by which block was last (that one is past the restart).
    const f = last.firstBlock;
    let keep = 0;
    while (keep + 1 < f.length && f[keep + 1] <= restart) keep++;
    // Pieces of one block go together: the block is cut again whole.
    while (keep > 0 && f[keep - 1] === f[keep]) keep--;
    const memo: PartsMemo = {
      src, blocks, starts, groupChars,
      sources: last.sources.slice(0, keep),
      firstBlock: last.firstBlock.slice(0, keep),
      plain: new Set([...last.plain].filter((i) => i < keep)),
    };
    build(blocks, f[keep], groupChars, memo);
    return memo;
  }
  const { blocks, starts } = splitBlocksAt(src);
  const memo: PartsMemo = { src, blocks, starts, groupChars, sources: [], firstBlock: [], plain: new Set() };
  build(blocks, 0, groupChars, memo);
  return memo;
}

/** The parts of one reply's text as it changes: each text worked out from the one before. */
export class PartsCache {
  private last: PartsMemo | undefined;

  of(text: string): ReplyParts {
    this.last = replyParts(text, this.last);
    return this.last;
  }
}
