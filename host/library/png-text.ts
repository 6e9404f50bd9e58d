/**
 * Text chunks in a PNG, added without touching its image data. The file's chunks are walked by
 * their headers (each length checked against the bytes really there before it is used), every
 * CRC checked with zlib's native crc32, so a damaged file is refused rather than rewritten; ours
 * go before the first IDAT, where readers look, and the file is put back together from slices of
 * itself. A keyword we write replaces any text chunk of the same keyword the gateway wrote.
 * Latin-1 text goes into tEXt, which every reader knows; anything else into iTXt (UTF-8), as the
 * PNG specification says (https://www.w3.org/TR/png-3/#11textinfo).
 *
 * Why not a chunk library: the ones on npm compute CRCs in JavaScript and copy every chunk twice,
 * which held the host's event loop for tens of milliseconds per megabyte of a large picture
 * (docs/robust-host.md, "Metadata written without holding the loop"). Here the CRCs of a large
 * file are checked in slices with the loop given back between them, and the new file is written
 * from slices of the old one, never copied on the loop.
 */
import { crc32 } from 'node:zlib';

export interface PngText {
  /** 1–79 Latin-1 characters, no NUL (the specification's limit). */
  keyword: string;
  text: string;
}

/** A chunk's place in the file: [start, end) covers length, type, data and CRC. */
interface Span {
  name: string;
  start: number;
  dataStart: number;
  dataEnd: number;
  end: number;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const TEXT_CHUNKS = new Set(['tEXt', 'iTXt', 'zTXt']);
/** CRC work between two turns of the event loop: about a millisecond of native crc32. */
const CRC_SLICE_BYTES = 1024 * 1024;

/** The chunks of `png`, by their headers alone; throws on anything that is not a whole PNG. */
function chunksOf(png: Buffer): Span[] {
  if (png.length < SIGNATURE.length || !png.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  const spans: Span[] = [];
  let at = 8;
  while (at < png.length) {
    if (png.length - at < 12) throw new Error('a PNG chunk cut short');
    const length = png.readUInt32BE(at);
    // The length is the file's word: checked against what is really there before it is used.
    if (length > 0x7fffffff || length > png.length - at - 12) throw new Error('a PNG chunk longer than the file');
    const name = png.toString('latin1', at + 4, at + 8);
    if (!/^[A-Za-z]{4}$/.test(name)) throw new Error('a PNG chunk with an invalid name');
    spans.push({ name, start: at, dataStart: at + 8, dataEnd: at + 8 + length, end: at + 12 + length });
    at += 12 + length;
    if (name === 'IEND') break;
  }
  if (spans[0]?.name !== 'IHDR' || spans.at(-1)?.name !== 'IEND') throw new Error('not a whole PNG');
  return spans;
}

const crcOk = (png: Buffer, s: Span, crc: number) => crc >>> 0 === png.readUInt32BE(s.dataEnd);

/** Every chunk's CRC, checked at once: for small files and for tools. */
function checkCrcs(png: Buffer, spans: Span[]): void {
  for (const s of spans) if (!crcOk(png, s, crc32(png.subarray(s.start + 4, s.dataEnd)))) throw new Error(`a damaged PNG (${s.name} CRC)`);
}

/** The same check with the event loop given back every CRC_SLICE_BYTES. */
async function checkCrcsInSlices(png: Buffer, spans: Span[]): Promise<void> {
  let sinceYield = 0;
  for (const s of spans) {
    let crc = 0;
    for (let from = s.start + 4; from < s.dataEnd; from += CRC_SLICE_BYTES) {
      const to = Math.min(s.dataEnd, from + CRC_SLICE_BYTES);
      crc = crc32(png.subarray(from, to), crc);
      sinceYield += to - from;
      if (sinceYield >= CRC_SLICE_BYTES) {
        sinceYield = 0;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    if (!crcOk(png, s, crc)) throw new Error(`a damaged PNG (${s.name} CRC)`);
  }
}

/** One whole chunk: length, type, data and its CRC. */
function chunk(name: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(name, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
  return out;
}

/** The keyword a text chunk starts with (up to its NUL), read as Latin-1. */
function keywordOf(png: Buffer, s: Span): string {
  const data = png.subarray(s.dataStart, s.dataEnd);
  const end = data.indexOf(0);
  return data.toString('latin1', 0, end < 0 ? Math.min(data.length, 79) : end);
}

/** A tEXt chunk: keyword, NUL, Latin-1 text. */
const text = (keyword: string, value: string) => chunk('tEXt', Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(value, 'latin1')]));

/** An iTXt chunk: keyword, no compression, no language tag, no translated keyword, UTF-8 text. */
const itxt = (keyword: string, value: string) =>
  chunk('iTXt', Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0, 0, 0, 0, 0]), Buffer.from(value, 'utf8')]));

function chunkFor(entry: PngText): Buffer {
  if (!/^[\x20-\x7e\xa1-\xff]{1,79}$/.test(entry.keyword)) throw new Error(`not a PNG keyword: ${entry.keyword}`);
  if (entry.text.includes('\0')) throw new Error('PNG text cannot hold NUL');
  return /^[\n\x20-\x7e\xa0-\xff]*$/.test(entry.text) ? text(entry.keyword, entry.text) : itxt(entry.keyword, entry.text);
}

const asBuffer = (bytes: Uint8Array) => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

/**
 * `png` with `entries` written into it, as the pieces of the new file in order (slices of `png`
 * and the new chunks: written one after another, nothing copied); rejects when `png` is not a
 * whole, valid PNG.
 */
export async function pngTextPieces(bytes: Uint8Array, entries: PngText[]): Promise<Buffer[]> {
  const png = asBuffer(bytes);
  const spans = chunksOf(png);
  const ours = new Set(entries.map((e) => e.keyword));
  const kept = spans.filter((s) => !(TEXT_CHUNKS.has(s.name) && ours.has(keywordOf(png, s))));
  const at = kept.findIndex((s) => s.name === 'IDAT');
  if (at < 0) throw new Error('a PNG without image data');
  const added = entries.map(chunkFor);
  await checkCrcsInSlices(png, spans);
  const slice = (s: Span) => png.subarray(s.start, s.end);
  return [SIGNATURE, ...kept.slice(0, at).map(slice), ...added, ...kept.slice(at).map(slice)];
}

/** `png` with `entries` written into it, as one buffer. */
export const addPngText = async (bytes: Uint8Array, entries: PngText[]): Promise<Buffer> => Buffer.concat(await pngTextPieces(bytes, entries));

/** `png` without any text chunk: its picture as the gateway sent it, whatever was written into it. */
export function withoutPngText(bytes: Uint8Array): Buffer {
  const png = asBuffer(bytes);
  const spans = chunksOf(png);
  checkCrcs(png, spans);
  return Buffer.concat([SIGNATURE, ...spans.filter((s) => !TEXT_CHUNKS.has(s.name)).map((s) => png.subarray(s.start, s.end))]);
}

/** Every text chunk of a PNG by keyword (tEXt and uncompressed iTXt): what tests and tools read back. */
export function readPngText(bytes: Uint8Array): Record<string, string> {
  const png = asBuffer(bytes);
  const spans = chunksOf(png);
  checkCrcs(png, spans);
  const out: Record<string, string> = {};
  for (const s of spans) {
    const data = png.subarray(s.dataStart, s.dataEnd);
    const k = data.indexOf(0);
    if (k < 0) continue;
    if (s.name === 'tEXt') {
      out[data.toString('latin1', 0, k)] = data.toString('latin1', k + 1);
    } else if (s.name === 'iTXt') {
      if (data[k + 1] !== 0) continue; // compressed iTXt: not written by the studio
      const lang = data.indexOf(0, k + 3);
      const translated = data.indexOf(0, lang + 1);
      out[data.toString('latin1', 0, k)] = data.toString('utf8', translated + 1);
    }
  }
  return out;
}
