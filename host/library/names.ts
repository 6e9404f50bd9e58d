/**
 * File names for saved outputs. Names come from prompts, which are arbitrary text, and the library
 * must open on Windows, macOS and Linux alike, so the rules are the union of all three. A name
 * holds no hidden character either (docs/house-rules.md, "What reaches a terminal, a dialog or a
 * file name"): U+202E would make "fox\u202egnp.exe" read as "foxexe.png" in a file manager.
 */
import { withoutHiddenCharacters } from '@shared/text/hidden-characters.js';

/** Longest name in characters, suffix and extension included (what the gallery's name field shows whole). */
export const MAX_NAME_CHARS = 120;
/** Most file systems cap a name at 255 bytes; CJK prompts reach that well before 120 characters. */
const MAX_NAME_BYTES = 200;
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)$/i;
/** Extensions of unfinished files (ours, browsers'): the gallery never lists such a name. */
const UNFINISHED = /\.(part|tmp|crdownload)$/i;

export const isUnfinished = (name: string): boolean => UNFINISHED.test(name);

function clip(text: string, chars: number, bytes: number): string {
  // Iterating by code point never splits a surrogate pair.
  let out = '';
  let n = 0;
  let size = 0;
  for (const ch of text) {
    const len = Buffer.byteLength(ch);
    if (n + 1 > chars || size + len > bytes) break;
    out += ch;
    n++;
    size += len;
  }
  return out;
}

/**
 * Splits a preferred name into a clean stem and its extension (if it looks like one). Separators,
 * control characters and the characters Windows forbids become spaces, format characters (bidi
 * controls, zero-width ones) go; leading dots are dropped
 * because the library hides its own temp files behind them; reserved device names get a prefix.
 */
export function cleanStem(name: string): { stem: string; ext: string } {
  let text = withoutHiddenCharacters(name.normalize('NFC'));
  let ext = '';
  const dot = /\.([A-Za-z0-9]{1,5})$/.exec(text);
  // A saved file must never look unfinished (and so be hidden from the gallery): drop such a suffix.
  if (dot && isUnfinished(dot[0])) text = text.slice(0, dot.index);
  else if (dot) {
    ext = `.${dot[1].toLowerCase()}`;
    text = text.slice(0, dot.index);
  }
  // eslint-disable-next-line no-control-regex
  let stem = text.replace(/[\u0000-\u001f\u007f-\u009f<>:"/\\|?*\u2028\u2029]/g, ' ').replace(/\s+/g, ' ');
  stem = stem.replace(/^[\s.]+/, '').replace(/[\s.]+$/, '');
  if (RESERVED.test(stem.split('.')[0])) stem = `_${stem}`;
  return { stem: stem || 'untitled', ext };
}

/** The n-th candidate name (n = 1 is the plain name, then " (2)", " (3)"…), within the limits. */
export function candidateName(stem: string, ext: string, n: number): string {
  const suffix = n > 1 ? ` (${n})` : '';
  const tail = suffix + ext;
  const room = clip(stem, MAX_NAME_CHARS - tail.length, MAX_NAME_BYTES - Buffer.byteLength(tail)).replace(/[\s.]+$/, '');
  return (room || 'untitled') + tail;
}

/** The month folder a save goes to, in local time because that is how the creator reads dates. */
export function monthFolder(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}
