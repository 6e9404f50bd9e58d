/**
 * Splits a Markdown reply into top-level blocks so each can be parsed and rendered on its own.
 * While a reply streams only its last block grows, so memoizing blocks by source keeps the work per
 * frame proportional to that block, not to the whole 2,000-line reply (docs/performance.md,
 * "Targets").
 *
 * The rule: split only where it is certainly safe and merge whenever in doubt. Merging two blocks
 * is always correct (it is just the original text); a wrong split could turn a list item's
 * continuation into an indented code block. So a blank line ends a block unless it sits inside a
 * fence, the next line is indented (continuation or indented code), or a list continues.
 */

interface Fence {
  char: '`' | '~';
  length: number;
}

const FENCE_OPEN = /^[ \t]*(`{3,}|~{3,})(.*)$/;
const LIST_ITEM = /^ {0,3}(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;

function openFence(line: string): Fence | null {
  const match = FENCE_OPEN.exec(line);
  if (!match) return null;
  const marker = match[1];
  // A backtick "fence" whose info string holds a backtick is inline code (CommonMark §4.5).
  if (marker[0] === '`' && match[2].includes('`')) return null;
  return { char: marker[0] as Fence['char'], length: marker.length };
}

function closesFence(line: string, fence: Fence): boolean {
  const trimmed = line.trim();
  if (trimmed.length < fence.length) return false;
  for (const ch of trimmed) if (ch !== fence.char) return false;
  return true;
}

/** A line that may be a list item: it starts with a space, a marker or a digit (LIST_ITEM's first characters). */
const mayListItem = (c: number) => c === 32 || c === 45 || c === 43 || c === 42 || (c >= 48 && c <= 57);

/** Whether src[from, to) is a blank line (only spaces and tabs), read without making it a string. */
function blankAt(src: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = src.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

/** End of the line that starts at `from` (the index of its newline, or the text's end). */
const lineEnd = (src: string, from: number) => {
  const nl = src.indexOf('\n', from);
  return nl < 0 ? src.length : nl;
};

/** Line endings as `\n` (CRLF and lone CR too); most text has none to change. */
export const normalizeLines = (text: string) => (text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text);

export interface SplitBlocks {
  blocks: string[];
  /** Where each block starts in the text it was split from (line endings normalized). */
  starts: number[];
}

/**
 * The blocks of `src` (line endings already normalized) from offset `from`, the start of a line
 * where no block is open. Lines are read in place, by offsets: a 10 MB reply is a quarter of a
 * million lines, and one string per line (with a regular expression or two each) held the main
 * thread for hundreds of milliseconds.
 */
export function splitBlocksAt(src: string, from = 0): SplitBlocks {
  const blocks: string[] = [];
  const starts: number[] = [];
  let fence: Fence | null = null;
  let open = false;
  let blockStart = 0;
  let blockEnd = 0;
  let listed = false;
  /** The next non-blank line after a run of blank ones, as found for the run's first. */
  let ahead = -1;

  const push = (s: number, e: number) => {
    if (!open) {
      open = true;
      blockStart = s;
      listed = false;
    }
    blockEnd = e;
    if (!listed && s < e && mayListItem(src.charCodeAt(s))) listed = LIST_ITEM.test(src.slice(s, e));
  };
  const flush = () => {
    if (open) {
      blocks.push(src.slice(blockStart, blockEnd));
      starts.push(blockStart);
    }
    open = false;
  };

  for (let s = from; ; ) {
    const e = lineEnd(src, s);
    if (fence) {
      push(s, e);
      if (closesFence(src.slice(s, e), fence)) fence = null;
    } else if (!blankAt(src, s, e)) {
      let first = s;
      while (src.charCodeAt(first) === 32 || src.charCodeAt(first) === 9) first++;
      const c = src.charCodeAt(first);
      fence = c === 96 || c === 126 ? openFence(src.slice(s, e)) : null;
      push(s, e);
    } else if (open) {
      if (ahead < s) {
        ahead = -1;
        for (let j = e + 1; j <= src.length && e < src.length; ) {
          const je = lineEnd(src, j);
          if (!blankAt(src, j, je)) {
            ahead = j;
            break;
          }
          if (je >= src.length) break;
          j = je + 1;
        }
        if (ahead < 0) ahead = src.length + 1;
      }
      // With nothing after the blank yet, end the block: its source then stays the same when more
      // text streams in as a new block, so the memoized render is reused.
      if (ahead <= src.length && continuesAfterBlank(listed, src.slice(ahead, lineEnd(src, ahead)))) push(s, e);
      else flush();
    }
    if (e >= src.length) break;
    s = e + 1;
  }
  flush();
  return { blocks, starts };
}

/** Whether a block (`listed`: it holds a list item) may continue past a blank line into `next`. */
function continuesAfterBlank(listed: boolean, next: string): boolean {
  if (next[0] === ' ' || next[0] === '\t') return true;
  return listed && LIST_ITEM.test(next);
}

export function splitBlocks(text: string): string[] {
  return splitBlocksAt(normalizeLines(text)).blocks;
}

/**
 * Settled blocks are parsed in groups of about this many characters. Every parse pays a fixed
 * cost (the parser and its GFM extensions are set up anew), which for a long reply of short
 * paragraphs outweighs the text's own: a 90,000-character reply parses in half the time.
 */
export const GROUP_CHARS = 2_000;

/**
 * The units a reply is parsed and rendered in: every block but the last, joined in order into
 * groups of at least GROUP_CHARS (the last group may be shorter), then the last block alone, as
 * the one that grows while the reply streams. Groups fill from the start, so text arriving at the
 * end changes only the last group and the last block; the others keep their sources, and their
 * memoized renders. Blocks are separated by blank lines in a group, which is what they were.
 */
export function groupBlocks(blocks: readonly string[]): string[] {
  const groups: string[] = [];
  let group: string[] = [];
  let chars = 0;
  for (const block of blocks.slice(0, -1)) {
    group.push(block);
    chars += block.length;
    if (chars >= GROUP_CHARS) {
      groups.push(group.join('\n\n'));
      group = [];
      chars = 0;
    }
  }
  if (group.length > 0) groups.push(group.join('\n\n'));
  if (blocks.length > 0) groups.push(blocks[blocks.length - 1]);
  return groups;
}

/** A fence's language: the first word of its info string, lower-cased (what the parser's path gives too). */
export const fenceLanguage = (info: string): string => (info.trim().split(/\s/, 1)[0] ?? '').toLowerCase();

/** Language names the fast path passes through untouched; anything fancier goes to the parser. */
const PLAIN_LANGUAGE = /^[\w+#.-]*$/;

/**
 * A block that is nothing but one fence at the left margin, as its language and code; else null.
 * Such a block needs no Markdown parser (its lines are verbatim), which matters for the costliest
 * streaming case: one long code block growing on every frame.
 */
export function soleFence(block: string): { language: string; code: string } | null {
  const lines = block.split('\n');
  const fence = lines[0][0] === ' ' || lines[0][0] === '\t' ? null : openFence(lines[0]);
  if (!fence) return null;
  const language = fenceLanguage(lines[0].slice(fence.length));
  if (!PLAIN_LANGUAGE.test(language)) return null;
  const close = lines.findIndex((line, index) => index > 0 && closesFence(line, fence));
  if (close !== -1 && close !== lines.length - 1) return null;
  return { language, code: lines.slice(1, close === -1 ? undefined : close).join('\n') };
}

