/**
 * A 5x7 bitmap font (upper case, digits, a little punctuation) so the sandbox
 * video can show the prompt and a timecode without a font file or canvas.
 * Each glyph is 7 rows, two hex digits per row, the 0x10 bit is the left column.
 */
const GLYPHS: Record<string, string> = {
  A: '0e11111f111111', B: '1e11111e11111e', C: '0e11101010110e', D: '1e11111111111e',
  E: '1f10101e10101f', F: '1f10101e101010', G: '0e11101711110f',
  H: '1111111f111111', I: '0e04040404040e', J: '0702020202120c', K: '11121418141211',
  L: '1010101010101f', M: '111b1515111111', N: '11111915131111', O: '0e11111111110e',
  P: '1e11111e101010', Q: '0e11111115120d', R: '1e11111e141211', S: '0f10100e01011e',
  T: '1f040404040404', U: '1111111111110e', V: '11111111110a04',
  W: '1111111515150a', X: '11110a040a1111', Y: '11110a04040404', Z: '1f01020408101f',
  '0': '0e11131519110e', '1': '040c040404040e', '2': '0e11010204081f',
  '3': '1f02040201110e', '4': '02060a121f0202', '5': '1f101e0101110e', '6': '0608101e11110e',
  '7': '1f010204080808', '8': '0e11110e11110e', '9': '0e11110f01020c',
  '.': '00000000000c0c', ',': '000000000c0408',
  '!': '04040404040004', '?': '0e110102040004', '-': '0000001f000000', ':': '000c0c000c0c00',
  "'": '04040800000000', '/': '01010204081010', '+': '0004041f040400', '%': '18190204081303',
};

export const GLYPH_W = 5;
export const GLYPH_H = 7;

const ROWS = new Map<string, Uint8Array>();
for (const [ch, hex] of Object.entries(GLYPHS)) {
  const rows = new Uint8Array(GLYPH_H);
  for (let r = 0; r < GLYPH_H; r++) rows[r] = parseInt(hex.slice(r * 2, r * 2 + 2), 16);
  ROWS.set(ch, rows);
}

/** Row bitmaps for a character; undefined for a blank (space or unknown glyph). */
export function glyphRows(ch: string): Uint8Array | undefined {
  return ROWS.get(ch.toUpperCase());
}

/** Greedy word wrap to at most `maxLines` lines of `maxChars`, ending in "..." when cut. */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (let i = 0; i < words.length; i++) {
    let word = words[i];
    if (word.length > maxChars) word = word.slice(0, maxChars);
    const next = line ? `${line} ${word}` : word;
    if (next.length <= maxChars) {
      line = next;
      continue;
    }
    lines.push(line);
    line = word;
    if (lines.length === maxLines) {
      const last = lines[maxLines - 1];
      lines[maxLines - 1] = last.length + 3 <= maxChars ? `${last}...` : `${last.slice(0, maxChars - 3)}...`;
      return lines;
    }
  }
  if (line) lines.push(line);
  return lines;
}
