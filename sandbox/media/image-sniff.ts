export type SniffedFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'unknown';

export interface SniffResult {
  format: SniffedFormat;
  /** Absent when the magic bytes match but the header is truncated or corrupt. */
  width?: number;
  height?: number;
}

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(buf: Uint8Array, bytes: readonly number[], at = 0): boolean {
  if (buf.length < at + bytes.length) return false;
  for (let i = 0; i < bytes.length; i++) if (buf[at + i] !== bytes[i]) return false;
  return true;
}

function ascii(buf: Uint8Array, at: number, text: string): boolean {
  return startsWith(buf, [...text].map((c) => c.charCodeAt(0)), at);
}

function dims(width: number, height: number): { width: number; height: number } | undefined {
  return width > 0 && height > 0 ? { width, height } : undefined;
}

function sniffPng(b: Buffer): SniffResult {
  // The PNG spec requires IHDR to be the very first chunk, always 13 bytes long.
  if (b.length < 24 || b.readUInt32BE(8) !== 13 || !ascii(b, 12, 'IHDR')) return { format: 'png' };
  return { format: 'png', ...dims(b.readUInt32BE(16), b.readUInt32BE(20)) };
}

function isSofMarker(m: number): boolean {
  // SOF0..SOF15 except DHT (C4), JPG extension (C8) and DAC (CC), which share the range.
  return m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
}

function sniffJpeg(b: Buffer): SniffResult {
  // Walk the marker segments: dimensions live in the first SOFn, which may come
  // after arbitrarily many APPn/DQT/DHT segments (EXIF thumbnails included).
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return { format: 'jpeg' };
    const marker = b[i + 1];
    if (marker === 0xff) {
      i++; // fill byte before a marker
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      i += 2; // standalone markers carry no length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return { format: 'jpeg' }; // EOI / scan data before any SOF
    const len = b.readUInt16BE(i + 2);
    if (len < 2) return { format: 'jpeg' };
    if (isSofMarker(marker)) {
      if (i + 9 > b.length) return { format: 'jpeg' };
      return { format: 'jpeg', ...dims(b.readUInt16BE(i + 7), b.readUInt16BE(i + 5)) };
    }
    i += 2 + len;
  }
  return { format: 'jpeg' };
}

function sniffGif(b: Buffer): SniffResult {
  if (b.length < 10) return { format: 'gif' };
  return { format: 'gif', ...dims(b.readUInt16LE(6), b.readUInt16LE(8)) };
}

function sniffWebp(b: Buffer): SniffResult {
  if (ascii(b, 12, 'VP8 ') && b.length >= 30) {
    // Lossy bitstream: 3-byte frame tag, start code 9d 01 2a, then 14-bit sizes.
    if (!startsWith(b, [0x9d, 0x01, 0x2a], 23)) return { format: 'webp' };
    return { format: 'webp', ...dims(b.readUInt16LE(26) & 0x3fff, b.readUInt16LE(28) & 0x3fff) };
  }
  if (ascii(b, 12, 'VP8L') && b.length >= 25) {
    // Lossless: signature 0x2f, then width-1 and height-1 as packed 14-bit fields.
    if (b[20] !== 0x2f) return { format: 'webp' };
    const bits = b.readUInt32LE(21);
    return { format: 'webp', ...dims((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1) };
  }
  if (ascii(b, 12, 'VP8X') && b.length >= 30) {
    // Extended: 24-bit canvas width-1 / height-1.
    return { format: 'webp', ...dims(b.readUIntLE(24, 3) + 1, b.readUIntLE(27, 3) + 1) };
  }
  return { format: 'webp' };
}

/** Identifies an image by its magic bytes and reads its size from the header; never trusts a file name. */
export function sniffImage(buf: Buffer): SniffResult {
  if (startsWith(buf, PNG_MAGIC)) return sniffPng(buf);
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return sniffJpeg(buf);
  if (ascii(buf, 0, 'GIF87a') || ascii(buf, 0, 'GIF89a')) return sniffGif(buf);
  if (ascii(buf, 0, 'RIFF') && ascii(buf, 8, 'WEBP')) return sniffWebp(buf);
  return { format: 'unknown' };
}
