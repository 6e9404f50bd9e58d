/**
 * Text chunks in a PNG, added without touching its image data: the file's chunks are read
 * (png-chunks-extract, which checks every CRC, so a damaged file is refused rather than
 * rewritten), ours go before the first IDAT, where readers look, and the chunks are written back
 * (png-chunks-encode). A keyword we write replaces any text chunk of the same keyword the gateway
 * wrote. Latin-1 text goes into tEXt, which every reader knows; anything else into iTXt (UTF-8),
 * as the PNG specification says (https://www.w3.org/TR/png-3/#11textinfo).
 */
import extract from 'png-chunks-extract';
import encode from 'png-chunks-encode';
import textChunk from 'png-chunk-text';

export interface PngText {
  /** 1–79 Latin-1 characters, no NUL (the specification's limit). */
  keyword: string;
  text: string;
}

interface Chunk {
  name: string;
  data: Uint8Array;
}

const TEXT_CHUNKS = new Set(['tEXt', 'iTXt', 'zTXt']);

/** The keyword a text chunk starts with (up to its NUL), read as Latin-1. */
function keywordOf(chunk: Chunk): string {
  const end = chunk.data.indexOf(0);
  return Buffer.from(chunk.data.subarray(0, end < 0 ? Math.min(chunk.data.length, 79) : end)).toString('latin1');
}

/** An iTXt chunk: keyword, no compression, no language tag, no translated keyword, UTF-8 text. */
function itxt(keyword: string, text: string): Chunk {
  const data = Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0, 0, 0, 0, 0]), Buffer.from(text, 'utf8')]);
  return { name: 'iTXt', data };
}

function chunkFor({ keyword, text }: PngText): Chunk {
  if (!/^[\x20-\x7e\xa1-\xff]{1,79}$/.test(keyword)) throw new Error(`not a PNG keyword: ${keyword}`);
  if (text.includes('\0')) throw new Error('PNG text cannot hold NUL');
  return /^[\n\x20-\x7e\xa0-\xff]*$/.test(text) ? textChunk.encode(keyword, text) : itxt(keyword, text);
}

/** `png` with `entries` written into it; throws when `png` is not a whole, valid PNG. */
export function addPngText(png: Uint8Array, entries: PngText[]): Buffer {
  const chunks = extract(png) as Chunk[];
  if (chunks[0]?.name !== 'IHDR' || chunks.at(-1)?.name !== 'IEND') throw new Error('not a whole PNG');
  const ours = new Set(entries.map((e) => e.keyword));
  const kept = chunks.filter((c) => !(TEXT_CHUNKS.has(c.name) && ours.has(keywordOf(c))));
  const at = kept.findIndex((c) => c.name === 'IDAT');
  if (at < 0) throw new Error('a PNG without image data');
  kept.splice(at, 0, ...entries.map(chunkFor));
  return Buffer.from(encode(kept));
}

/** `png` without any text chunk: its picture as the gateway sent it, whatever was written into it. */
export function withoutPngText(png: Uint8Array): Buffer {
  return Buffer.from(encode((extract(png) as Chunk[]).filter((c) => !TEXT_CHUNKS.has(c.name))));
}

/** Every text chunk of a PNG by keyword (tEXt and uncompressed iTXt): what tests and tools read back. */
export function readPngText(png: Uint8Array): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of extract(png) as Chunk[]) {
    if (c.name === 'tEXt') {
      const { keyword, text } = textChunk.decode(c.data);
      out[keyword] = text;
    } else if (c.name === 'iTXt') {
      const data = Buffer.from(c.data);
      const k = data.indexOf(0);
      if (k < 0 || data[k + 1] !== 0) continue; // compressed iTXt: not written by the studio
      const lang = data.indexOf(0, k + 3);
      const translated = data.indexOf(0, lang + 1);
      out[data.subarray(0, k).toString('latin1')] = data.subarray(translated + 1).toString('utf8');
    }
  }
  return out;
}
