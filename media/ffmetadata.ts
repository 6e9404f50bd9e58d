/**
 * ffmpeg's FFMETADATA text format (ffmpeg-formats, "Metadata"): global tags, then `[CHAPTER]`
 * sections with a time base, start, end and their own tags. Texts reach ffmpeg through such a
 * file, never the command line, which caps one argument at 128 KB and would need a second kind
 * of escaping; reading one back is how tests and the film join check what a file carries.
 */

/** `=`, `;`, `#`, `\` and line breaks are escaped with a backslash; nothing else is special. */
export const escapeFfmetadata = (text: string): string => text.replace(/[=;#\\\n]/g, (c) => `\\${c}`);

/**
 * The bundled ffmpeg (4.1-era) reads an FFMETADATA line into a 1024-byte buffer and drops the
 * rest; newer ones read any length. A value is cut (at a character, with "…") so that its escaped
 * line fits with room for its key. Longer texts go on the command line (film-graph.ts, tags).
 */
export const MAX_VALUE_BYTES = 960;

export function fitValue(text: string): string {
  const bytes = (t: string) => Buffer.byteLength(escapeFfmetadata(t));
  if (bytes(text) <= MAX_VALUE_BYTES) return text;
  let out = '';
  let size = 0;
  for (const ch of text) {
    const len = bytes(ch);
    if (size + len > MAX_VALUE_BYTES - 3) break;
    out += ch;
    size += len;
  }
  return `${out}…`;
}

export interface FfmetadataChapter {
  /** Milliseconds (the chapters are written with TIMEBASE=1/1000). */
  startMs: number;
  endMs: number;
  title: string;
}

export interface Ffmetadata {
  tags: Record<string, string>;
  chapters: FfmetadataChapter[];
}

/**
 * A carriage return would survive the format but not every player's chapter list, and a NUL ends
 * the C string ffmpeg keeps: both become spaces, so what is written is what comes back.
 */
const clean = (text: string): string => text.replace(/\r\n?/g, '\n').replace(/\0/g, ' ');

/** The value a reader gets back for `text` written here. */
export const storedValue = (text: string): string => fitValue(clean(text));

export function writeFfmetadata(meta: Ffmetadata): string {
  const lines = [';FFMETADATA1'];
  const tag = (key: string, value: string) => lines.push(`${escapeFfmetadata(key.slice(0, 40))}=${escapeFfmetadata(storedValue(value))}`);
  for (const [key, value] of Object.entries(meta.tags)) tag(key, value);
  for (const c of meta.chapters) {
    lines.push('[CHAPTER]', 'TIMEBASE=1/1000', `START=${Math.round(c.startMs)}`, `END=${Math.round(c.endMs)}`);
    tag('title', c.title);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Splits the text into logical lines: a backslash escapes the next character, an escaped line
 * break included, so one value may span several physical lines. Each line comes back as its key
 * and value, unescaped, or as a bare line (a header) when it has no unescaped `=`; a line that
 * starts with an unescaped `;` or `#` is a comment and is skipped.
 */
function* entries(text: string): Generator<{ key: string; value?: string }> {
  let key = '';
  let value: string | undefined;
  let comment = false;
  for (let i = 0; i <= text.length; i++) {
    const c = text[i];
    const atStart = key === '' && value === undefined;
    if (c === undefined || c === '\n') {
      if (!comment && (key !== '' || value !== undefined)) yield value === undefined ? { key } : { key, value };
      key = '';
      value = undefined;
      comment = false;
      continue;
    }
    if (comment) continue;
    if (atStart && (c === ';' || c === '#')) {
      comment = true;
      continue;
    }
    if (c === '\\' && i + 1 < text.length) {
      const next = text[++i];
      if (value === undefined) key += next;
      else value += next;
    } else if (c === '=' && value === undefined) value = '';
    else if (value === undefined) key += c;
    else value += c;
  }
}

/** Reads what `-f ffmetadata` writes: global tags, and chapters in milliseconds. */
export function parseFfmetadata(text: string): Ffmetadata {
  // No prototype: a key named __proto__ in a file is a tag like any other.
  const meta: Ffmetadata = { tags: Object.create(null) as Record<string, string>, chapters: [] };
  /** Where the tags go: the film's, a chapter's, or nowhere (a [STREAM] section's). */
  let section: Record<string, string> | undefined = meta.tags;
  let chapter: Record<string, string> | undefined;
  const flush = () => {
    if (!chapter) return;
    const [num, den] = (chapter.TIMEBASE ?? '1/1000').split('/').map(Number);
    const ms = (v: string | undefined) => (Number(v ?? 0) * num * 1000) / den;
    meta.chapters.push({ startMs: ms(chapter.START), endMs: ms(chapter.END), title: chapter.title ?? '' });
    chapter = undefined;
  };
  for (const { key, value } of entries(text)) {
    if (value !== undefined) {
      if (section) section[key] = value;
      continue;
    }
    if (!/^\[.*\]$/.test(key.trim())) continue;
    flush();
    section = key.trim() === '[CHAPTER]' ? (chapter = Object.create(null) as Record<string, string>) : undefined;
  }
  flush();
  return meta;
}
