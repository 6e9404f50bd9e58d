/**
 * The picture's size, and whether it may be transparent, read from the header of an image whose
 * format sniff.ts already established (this file never decides a format). Sizes gate decoders: a
 * forged header is refused before any pixel is allocated, so what is not plainly readable (a
 * truncated head, a corrupt segment length) is left out rather than guessed.
 */
export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

export interface ImageHeader {
  width?: number;
  height?: number;
  /** PNG and WebP only: the picture may have transparent pixels. */
  alpha?: boolean;
}

function ascii(b: Uint8Array, at: number, text: string): boolean {
  if (b.length < at + text.length) return false;
  for (let i = 0; i < text.length; i++) if (b[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u16le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u24le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at] << 24) >>> 0) + ((b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]);
const u32le = (b: Uint8Array, at: number) => u32be(Uint8Array.of(b[at + 3], b[at + 2], b[at + 1], b[at]), 0);

function dims(width: number, height: number): { width?: number; height?: number } {
  return width > 0 && height > 0 ? { width, height } : {};
}

/** Colour types 4 and 6 carry alpha; any other type can still be made transparent by a tRNS chunk. */
function png(b: Uint8Array): ImageHeader {
  // The PNG spec requires IHDR to be the very first chunk, always 13 bytes long.
  if (b.length < 26 || u32be(b, 8) !== 13 || !ascii(b, 12, 'IHDR')) return {};
  let alpha = b[25] === 4 || b[25] === 6;
  for (let i = 8; !alpha && i + 8 <= b.length; i += 12 + u32be(b, i)) {
    if (ascii(b, i + 4, 'IDAT')) break; // tRNS must come before the image data
    alpha = ascii(b, i + 4, 'tRNS');
  }
  return { ...dims(u32be(b, 16), u32be(b, 20)), alpha };
}

function isSofMarker(m: number): boolean {
  // SOF0..SOF15 except DHT (C4), JPG extension (C8) and DAC (CC), which share the range.
  return m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
}

function jpeg(b: Uint8Array): ImageHeader {
  // Walk the marker segments: dimensions live in the first SOFn, which may come
  // after arbitrarily many APPn/DQT/DHT segments (EXIF thumbnails included).
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return {};
    const marker = b[i + 1];
    if (marker === 0xff) {
      i++; // fill byte before a marker
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      i += 2; // standalone markers carry no length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return {}; // EOI / scan data before any SOF
    const len = u16be(b, i + 2);
    if (len < 2) return {};
    if (isSofMarker(marker)) return i + 9 > b.length ? {} : dims(u16be(b, i + 7), u16be(b, i + 5));
    i += 2 + len;
  }
  return {};
}

function gif(b: Uint8Array): ImageHeader {
  return b.length < 10 ? {} : dims(u16le(b, 6), u16le(b, 8));
}

function webp(b: Uint8Array): ImageHeader {
  if (ascii(b, 12, 'VP8 ') && b.length >= 30) {
    // Lossy bitstream: 3-byte frame tag, start code 9d 01 2a, then 14-bit sizes. No alpha chunk
    // without the extended (VP8X) header.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return {};
    return { ...dims(u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff), alpha: false };
  }
  if (ascii(b, 12, 'VP8L') && b.length >= 25) {
    // Lossless: signature 0x2f, then width-1 and height-1 as packed 14-bit fields, then the alpha hint.
    if (b[20] !== 0x2f) return {};
    const bits = u32le(b, 21);
    return { ...dims((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1), alpha: ((bits >>> 28) & 1) === 1 };
  }
  if (ascii(b, 12, 'VP8X') && b.length >= 30) {
    // Extended: flags (alpha is bit 4), then 24-bit canvas width-1 / height-1.
    return { ...dims(u24le(b, 24) + 1, u24le(b, 27) + 1), alpha: (b[20] & 0x10) !== 0 };
  }
  return {};
}

const READ: Record<ImageFormat, (b: Uint8Array) => ImageHeader> = { png, jpeg, gif, webp };

/** What the header of an image of `format` says; fields it does not plainly say are left out. */
export function imageHeader(format: ImageFormat, bytes: Uint8Array): ImageHeader {
  return READ[format](bytes);
}
