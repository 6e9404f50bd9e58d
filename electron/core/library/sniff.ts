/**
 * Types a media file by its magic bytes. The library never trusts a link's extension or a
 * Content-Type header: the file's extension is rewritten to match what is really inside.
 * (The sandbox has an image sniffer, but the host core must not depend on the sandbox.)
 */
import type { LibraryKind } from './library-item.js';

export interface Sniffed {
  kind: LibraryKind;
  mime: string;
  /** Canonical extension, with the dot. */
  ext: string;
  width?: number;
  height?: number;
  /** The picture may have transparent pixels (its thumbnail is then a PNG). */
  alpha?: boolean;
}

/** How much of the file `sniff` wants: JPEG dimensions can sit behind large EXIF segments. */
export const SNIFF_BYTES = 64 * 1024;

const ascii = (b: Buffer, at: number, text: string): boolean =>
  b.length >= at + text.length && b.toString('latin1', at, at + text.length) === text;

function dims(width: number, height: number): { width?: number; height?: number } {
  return width > 0 && height > 0 ? { width, height } : {};
}

function jpegDims(b: Buffer): { width?: number; height?: number } {
  // Dimensions live in the first SOFn marker, after any number of APPn/DQT/DHT segments.
  let i = 2;
  while (i + 9 <= b.length) {
    if (b[i] !== 0xff) return {};
    const m = b[i + 1];
    if (m === 0xff) { i++; continue; }
    if (m === 0x01 || (m >= 0xd0 && m <= 0xd8)) { i += 2; continue; }
    if (m === 0xd9 || m === 0xda) return {};
    if (m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc) return dims(b.readUInt16BE(i + 7), b.readUInt16BE(i + 5));
    i += 2 + b.readUInt16BE(i + 2);
  }
  return {};
}

function webpInfo(b: Buffer): { width?: number; height?: number; alpha?: boolean } {
  if (ascii(b, 12, 'VP8 ') && b.length >= 30) return dims(b.readUInt16LE(26) & 0x3fff, b.readUInt16LE(28) & 0x3fff);
  if (ascii(b, 12, 'VP8L') && b.length >= 25) {
    const bits = b.readUInt32LE(21);
    return { ...dims((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1), alpha: ((bits >>> 28) & 1) === 1 };
  }
  if (ascii(b, 12, 'VP8X') && b.length >= 30) return { ...dims(b.readUIntLE(24, 3) + 1, b.readUIntLE(27, 3) + 1), alpha: (b[20] & 0x10) !== 0 };
  return {};
}

/** Colour types 4 and 6 carry alpha; any other type can still be made transparent by a tRNS chunk. */
function pngInfo(b: Buffer): { width?: number; height?: number; alpha?: boolean } {
  if (!ascii(b, 12, 'IHDR')) return {};
  let alpha = b[25] === 4 || b[25] === 6;
  for (let i = 8; !alpha && i + 8 <= b.length; i += 12 + b.readUInt32BE(i)) {
    const type = b.toString('latin1', i + 4, i + 8);
    if (type === 'IDAT') break; // tRNS must come before the image data
    alpha = type === 'tRNS';
  }
  return { ...dims(b.readUInt32BE(16), b.readUInt32BE(20)), alpha };
}

function isoBmff(b: Buffer): Sniffed {
  const brand = b.toString('latin1', 8, 12);
  if (brand === 'M4A ' || brand === 'M4B ') return { kind: 'audio', mime: 'audio/mp4', ext: '.m4a' };
  if (brand === 'qt  ') return { kind: 'video', mime: 'video/quicktime', ext: '.mov' };
  return { kind: 'video', mime: 'video/mp4', ext: '.mp4' };
}

/** Identifies the file from its first bytes (pass at least `SNIFF_BYTES` when available). */
export function sniff(b: Buffer): Sniffed | undefined {
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a) {
    return { kind: 'image', mime: 'image/png', ext: '.png', ...pngInfo(b) };
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { kind: 'image', mime: 'image/jpeg', ext: '.jpg', ...jpegDims(b) };
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) return { kind: 'image', mime: 'image/webp', ext: '.webp', ...webpInfo(b) };
  if (ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a')) {
    return { kind: 'image', mime: 'image/gif', ext: '.gif', ...(b.length >= 10 ? dims(b.readUInt16LE(6), b.readUInt16LE(8)) : {}) };
  }
  if (ascii(b, 4, 'ftyp') && b.length >= 12) return isoBmff(b);
  if (b.length >= 4 && b.readUInt32BE(0) === 0x1a45dfa3) return { kind: 'video', mime: 'video/webm', ext: '.webm' };
  if (ascii(b, 0, 'ID3')) return { kind: 'audio', mime: 'audio/mpeg', ext: '.mp3' };
  if (ascii(b, 0, 'OggS')) {
    // Opus in Ogg announces itself in the first packet; players care about the difference.
    return ascii(b, 28, 'OpusHead') ? { kind: 'audio', mime: 'audio/ogg', ext: '.opus' } : { kind: 'audio', mime: 'audio/ogg', ext: '.ogg' };
  }
  if (ascii(b, 0, 'fLaC')) return { kind: 'audio', mime: 'audio/flac', ext: '.flac' };
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE')) return { kind: 'audio', mime: 'audio/wav', ext: '.wav' };
  if (b.length >= 2 && b[0] === 0xff && (b[1] & 0xe0) === 0xe0) {
    // Both are MPEG sync words; ADTS has layer bits 00, MPEG audio layers I–III are non-zero.
    if ((b[1] & 0xf6) === 0xf0) return { kind: 'audio', mime: 'audio/aac', ext: '.aac' };
    if ((b[1] & 0x06) !== 0) return { kind: 'audio', mime: 'audio/mpeg', ext: '.mp3' };
  }
  return undefined;
}
