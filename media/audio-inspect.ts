/**
 * Tells which audio container a buffer holds and how long it plays, by parsing
 * the container itself (no decoding), so tests can check encoder output for
 * real: MPEG frame headers with the Xing/LAME trim, Ogg pages (CRC-checked)
 * with the OpusHead pre-skip, ADTS frame headers, FLAC STREAMINFO. The sandbox also checks
 * audio with it before handing it to a decoder (sandbox/media/audio-decode.ts).
 */
import { id3v2Size, walkAdts, walkMp3 } from './audio-inspect-mpeg.js';

export type AudioContainer = 'mp3' | 'ogg-opus' | 'adts-aac' | 'flac' | 'unknown';

export interface AudioInfo {
  container: AudioContainer;
  durationSeconds: number;
  /** Decoded sample rate: always 48000 for Opus, whatever rate the encoder was fed. */
  sampleRate: number;
}

const UNKNOWN: AudioInfo = { container: 'unknown', durationSeconds: 0, sampleRate: 0 };

export function inspectAudio(buf: Buffer | Uint8Array): AudioInfo {
  // A plain Uint8Array view: Buffer.slice would alias instead of copy.
  const bytes = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  if (startsWith(bytes, 0, 'OggS')) return inspectOggOpus(bytes) ?? UNKNOWN;
  const tagEnd = id3v2Size(bytes);
  if (startsWith(bytes, tagEnd, 'fLaC')) return inspectFlac(bytes, tagEnd) ?? UNKNOWN;
  const aac = walkAdts(bytes);
  if (aac) return { container: 'adts-aac', durationSeconds: aac.durationSeconds, sampleRate: aac.sampleRate };
  const mp3 = walkMp3(bytes);
  if (mp3) return { container: 'mp3', durationSeconds: mp3.durationSeconds, sampleRate: mp3.sampleRate };
  return UNKNOWN;
}

function startsWith(buf: Uint8Array, at: number, magic: string): boolean {
  if (at + magic.length > buf.length) return false;
  for (let i = 0; i < magic.length; i++) if (buf[at + i] !== magic.charCodeAt(i)) return false;
  return true;
}

function inspectFlac(buf: Uint8Array, at: number): AudioInfo | null {
  // STREAMINFO must be the first metadata block: 4-byte block header, 34-byte body.
  const block = at + 4;
  if (block + 4 + 34 > buf.length || (buf[block] & 0x7f) !== 0) return null;
  const info = block + 4;
  const sampleRate = (buf[info + 10] << 12) | (buf[info + 11] << 4) | (buf[info + 12] >> 4);
  const totalSamples =
    (buf[info + 13] & 0x0f) * 2 ** 32 +
    ((buf[info + 14] << 24) >>> 0) +
    (buf[info + 15] << 16) +
    (buf[info + 16] << 8) +
    buf[info + 17];
  if (sampleRate === 0) return null;
  return { container: 'flac', durationSeconds: totalSamples / sampleRate, sampleRate };
}

let crcTable: Uint32Array | null = null;

/** Ogg's CRC-32: polynomial 0x04c11db7, MSB first, no reflection, zero init and no final xor. */
export function oggCrc(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let i = 0; i < 256; i++) {
      let r = i << 24;
      for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
      crcTable[i] = r >>> 0;
    }
  }
  let crc = 0;
  for (let i = 0; i < bytes.length; i++) crc = ((crc << 8) ^ crcTable[((crc >>> 24) ^ bytes[i]) & 0xff]) >>> 0;
  return crc;
}

export interface OggPage {
  offset: number;
  headerType: number;
  granule: bigint;
  serial: number;
  sequence: number;
  /** Page body (the packets' bytes, laced together). */
  body: Uint8Array;
}

/** Splits a buffer into Ogg pages, checking each page's CRC; null at the first malformed page. */
export function readOggPages(buf: Uint8Array): OggPage[] | null {
  const pages: OggPage[] = [];
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let at = 0;
  while (at < buf.length) {
    if (!startsWith(buf, at, 'OggS') || at + 27 > buf.length || buf[at + 4] !== 0) return null;
    const segments = buf[at + 26];
    const headerSize = 27 + segments;
    if (at + headerSize > buf.length) return null;
    let bodySize = 0;
    for (let i = 0; i < segments; i++) bodySize += buf[at + 27 + i];
    const end = at + headerSize + bodySize;
    if (end > buf.length) return null;
    const page = new Uint8Array(buf.subarray(at, end)); // a copy: the CRC field is zeroed for checking
    page.fill(0, 22, 26);
    if (oggCrc(page) !== view.getUint32(at + 22, true)) return null;
    pages.push({
      offset: at,
      headerType: buf[at + 5],
      granule: view.getBigInt64(at + 6, true),
      serial: view.getUint32(at + 14, true),
      sequence: view.getUint32(at + 18, true),
      body: buf.subarray(at + headerSize, end),
    });
    at = end;
  }
  return pages;
}

function inspectOggOpus(buf: Uint8Array): AudioInfo | null {
  const pages = readOggPages(buf);
  if (!pages || pages.length < 2) return null;
  const [head, tags] = pages;
  // RFC 7845: OpusHead alone on a BOS page, OpusTags starting the next page of the stream.
  if (!(head.headerType & 0x02) || !startsWith(head.body, 0, 'OpusHead') || head.body.length < 19) return null;
  if (tags.serial !== head.serial || !startsWith(tags.body, 0, 'OpusTags')) return null;
  const preSkip = head.body[10] | (head.body[11] << 8);
  let granule = -1n;
  for (const page of pages) if (page.serial === head.serial && page.granule >= 0n) granule = page.granule;
  if (granule < 0n) return null;
  const samples = Math.max(0, Number(granule) - preSkip);
  return { container: 'ogg-opus', durationSeconds: samples / 48000, sampleRate: 48000 };
}
