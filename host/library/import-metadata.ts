/**
 * The metadata inside a dropped file, found without decoding a pixel (docs/library-files.md,
 * "Bringing files in"): a PNG's text chunks, a JPEG's EXIF UserComment, an MP4's `©cmt` tag. The
 * file is untrusted: every length it states is checked against the bytes really there before it is
 * used (docs/house-rules.md, "Untrusted input has bounds"), a text longer than MAX_TEXT_BYTES is
 * passed over, and a compressed one is inflated with its output capped, so a crafted file ends at
 * once with no metadata, never a stall or a large allocation.
 */
import { inflateSync } from 'node:zlib';
import piexif from 'piexifjs';
import type { Sniffed } from '@media/sniff.js';
import { parseComfy, parseInvoke, parseParameters, parseStudioJson, type ReadMeta } from './import-parsers.js';
import { PNG_JSON_KEYWORD } from './embed-metadata.js';

/** The longest text chunk read: a workflow is tens of kilobytes; a longer chunk is passed over. */
export const MAX_TEXT_BYTES = 1024 * 1024;
/** The most text chunks looked at in one PNG. */
const MAX_TEXT_CHUNKS = 64;
/** The most chunks walked in one PNG (an image is a handful; a crafted one may be millions). */
const MAX_CHUNKS = 100_000;
/** A JPEG's EXIF sits in its first segments: one APP1 holds 64 KB. */
const JPEG_HEAD_BYTES = 256 * 1024;
/** An MP4's `moov` box, where its tags are, read up to this size. */
const MAX_MOOV_BYTES = 16 * 1024 * 1024;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Why a file that sniffs as a picture is still refused: its structure is cut short or lies. */
export class DamagedFile extends Error {}

/**
 * The text chunks of a PNG by keyword (tEXt, iTXt, zTXt), the file's chunks walked by their
 * headers up to IEND. Throws DamagedFile when a length runs past the file or IEND never comes
 * (a truncated picture is refused, not half-kept).
 */
export function pngTexts(png: Buffer): Record<string, string> {
  if (png.length < 8 || !png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new DamagedFile('not a PNG');
  const out: Record<string, string> = {};
  let texts = 0;
  let at = 8;
  for (let n = 0; ; n++) {
    if (n >= MAX_CHUNKS) throw new DamagedFile('too many PNG chunks');
    if (png.length - at < 12) throw new DamagedFile('the PNG is cut short');
    const length = png.readUInt32BE(at);
    if (length > png.length - at - 12) throw new DamagedFile('a PNG chunk is longer than the file');
    const name = png.toString('latin1', at + 4, at + 8);
    if (name === 'IEND') return out;
    if ((name === 'tEXt' || name === 'iTXt' || name === 'zTXt') && length <= MAX_TEXT_BYTES && texts++ < MAX_TEXT_CHUNKS) {
      const entry = textChunk(name, png.subarray(at + 8, at + 8 + length));
      if (entry && !(entry[0] in out)) out[entry[0]] = entry[1];
    }
    at += 12 + length;
  }
}

/** Inflated text, its output capped: a small zTXt may claim gigabytes when inflated. */
function inflated(data: Buffer): string | undefined {
  try {
    return inflateSync(data, { maxOutputLength: MAX_TEXT_BYTES }).toString('utf8');
  } catch {
    return undefined;
  }
}

function textChunk(name: string, data: Buffer): [string, string] | undefined {
  const k = data.indexOf(0);
  if (k < 1 || k > 79) return undefined;
  const keyword = data.toString('latin1', 0, k);
  if (name === 'tEXt') return [keyword, data.toString('latin1', k + 1)];
  if (name === 'zTXt') {
    const text = inflated(data.subarray(k + 2));
    return text === undefined ? undefined : [keyword, text];
  }
  // iTXt: compression flag and method, a language tag and a translated keyword, each NUL-ended.
  const compressed = data[k + 1] === 1;
  const lang = data.indexOf(0, k + 3);
  const translated = lang < 0 ? -1 : data.indexOf(0, lang + 1);
  if (translated < 0) return undefined;
  const body = data.subarray(translated + 1);
  const text = compressed ? inflated(body) : body.toString('utf8');
  return text === undefined ? undefined : [keyword, text];
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The metadata of a PNG's text chunks: the studio's own record first, then each tool's. */
export function fromPngTexts(texts: Record<string, string>): ReadMeta | undefined {
  const studio = texts[PNG_JSON_KEYWORD] !== undefined ? parseStudioJson(parseJson(texts[PNG_JSON_KEYWORD])) : undefined;
  if (studio) return studio;
  if (texts.parameters !== undefined) return parseParameters(texts.parameters);
  if (texts.prompt !== undefined) return parseComfy(texts.prompt);
  if (texts.invokeai_metadata !== undefined) return parseInvoke(parseJson(texts.invokeai_metadata));
  if (texts.workflow !== undefined) return parseComfy(texts.workflow);
  if (texts.Description !== undefined) return { prompt: texts.Description.slice(0, 20_000), params: {} };
  return undefined;
}

/** The UserComment of a JPEG's EXIF (the studio's and A1111's `parameters`), from its head alone. */
function jpegComment(jpeg: Buffer): string | undefined {
  try {
    const head = jpeg.subarray(0, JPEG_HEAD_BYTES).toString('latin1');
    const raw = piexif.load(head).Exif?.[piexif.ExifIFD.UserComment] as unknown;
    if (typeof raw !== 'string' || raw.length > MAX_TEXT_BYTES) return undefined;
    const body = Buffer.from(raw.slice(8), 'latin1');
    if (raw.startsWith('UNICODE\0')) {
      // The byte order of the segment: piexifjs writes big-endian; UTF-16 text has an even length.
      const even = body.subarray(0, body.length - (body.length % 2));
      return Buffer.from(even).swap16().toString('utf16le');
    }
    return body.toString('utf8');
  } catch {
    return undefined;
  }
}

/** The `moov` box of an MP4 by its top-level boxes (each size checked), or undefined. */
function moovOf(mp4: Buffer): Buffer | undefined {
  let at = 0;
  for (let n = 0; n < 1000 && mp4.length - at >= 8; n++) {
    let size = mp4.readUInt32BE(at);
    let head = 8;
    if (size === 1) {
      if (mp4.length - at < 16) return undefined;
      const big = mp4.readBigUInt64BE(at + 8);
      if (big > BigInt(mp4.length - at)) return undefined;
      size = Number(big);
      head = 16;
    } else if (size === 0) size = mp4.length - at;
    if (size < head || size > mp4.length - at) return undefined;
    if (mp4.toString('latin1', at + 4, at + 8) === 'moov') return size > MAX_MOOV_BYTES ? undefined : mp4.subarray(at + head, at + size);
    at += size;
  }
  return undefined;
}

/** The `©cmt` tag's text (ffmpeg writes the comment there: mp4-tags.ts). */
function mp4Comment(mp4: Buffer): string | undefined {
  const moov = moovOf(mp4);
  if (!moov) return undefined;
  const at = moov.indexOf(Buffer.from('\xa9cmt', 'latin1'));
  // ©cmt's box: size, name, then a `data` box: size, 'data', type, locale, the UTF-8 text.
  if (at < 4 || moov.length - at < 20 || moov.toString('latin1', at + 8, at + 12) !== 'data') return undefined;
  const dataSize = moov.readUInt32BE(at + 4);
  if (dataSize < 16 || dataSize > moov.length - at - 4 || dataSize > MAX_TEXT_BYTES) return undefined;
  return moov.toString('utf8', at + 20, at + 4 + dataSize);
}

/**
 * The prompt, model and settings inside `bytes`, or undefined when it holds none this reads.
 * Throws DamagedFile for a PNG whose chunks are cut short or lie.
 */
export function readEmbedded(bytes: Buffer, type: Sniffed): ReadMeta | undefined {
  if (type.mime === 'image/png') return fromPngTexts(pngTexts(bytes));
  if (type.mime === 'image/jpeg') {
    const comment = jpegComment(bytes);
    return comment ? parseParameters(comment) : undefined;
  }
  if (type.kind === 'video') {
    const comment = mp4Comment(bytes);
    return comment ? parseParameters(comment) : undefined;
  }
  return undefined;
}
