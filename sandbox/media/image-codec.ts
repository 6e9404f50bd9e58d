import zlib from 'node:zlib';
import jpeg from 'jpeg-js';
import pngjs from 'pngjs';
import { sniffImage } from '@media/sniff.js';

/** Straight (non-premultiplied) 8-bit RGBA pixels, row-major, no padding. */
export interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Sizes the sandbox accepts; 8192² leaves headroom over the largest real gateway size (6000×2600 / 4096²). */
export const MAX_SIDE = 8192;
export const MAX_PIXELS = 8192 * 8192;

export function assertDimensions(width: number, height: number): void {
  for (const [name, v] of [['width', width], ['height', height]] as const) {
    if (!Number.isInteger(v) || v < 1 || v > MAX_SIDE) {
      throw new RangeError(`image ${name} must be an integer in 1..${MAX_SIDE}, got ${v}`);
    }
  }
  if (width * height > MAX_PIXELS) throw new RangeError(`image of ${width}x${height} exceeds ${MAX_PIXELS} pixels`);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, body: Buffer): Buffer {
  const out = Buffer.alloc(12 + body.length);
  out.writeUInt32BE(body.length, 0);
  out.write(type, 4, 'latin1');
  body.copy(out, 8);
  out.writeUInt32BE(zlib.crc32(out.subarray(4, 8 + body.length)), 8 + body.length);
  return out;
}

/**
 * Encodes RGBA pixels as an 8-bit PNG. Hand-rolled on node:zlib rather than
 * pngjs's packer because the latter filters every row in JS and takes ~1.5 s
 * for 4096² on a 2-core box; unfiltered rows + deflate level 1 take ~0.25 s and
 * still compress the renderer's flat regions to a few hundred KB.
 * Alpha is dropped (colour type 2) unless `alpha` is set, to keep files small.
 */
export function encodePng(img: Rgba, opts: { alpha?: boolean; level?: number } = {}): Buffer {
  const { width, height, data } = img;
  assertDimensions(width, height);
  if (data.length !== width * height * 4) throw new RangeError('RGBA buffer does not match dimensions');
  const channels = opts.alpha ? 4 : 3;
  const stride = width * channels + 1;
  const raw = Buffer.allocUnsafe(stride * height);
  for (let y = 0; y < height; y++) {
    let d = y * stride;
    raw[d++] = 0; // filter type None
    if (channels === 4) {
      raw.set(data.subarray(y * width * 4, (y + 1) * width * 4), d);
      continue;
    }
    let s = y * width * 4;
    for (let x = 0; x < width; x++, s += 4, d += 3) {
      raw[d] = data[s];
      raw[d + 1] = data[s + 1];
      raw[d + 2] = data[s + 2];
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = channels === 4 ? 6 : 2; // colour type
  // bytes 10..12: compression, filter method, interlace — all 0.
  const idat = zlib.deflateSync(raw, { level: opts.level ?? 1 });
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * Decodes a PNG or JPEG (chosen by magic bytes, never by name) to RGBA.
 * Dimensions are checked from the header first so a hostile upload cannot make
 * us allocate gigabytes before failing.
 */
export async function decodeImage(buf: Buffer): Promise<Rgba> {
  const info = await sniffImage(buf);
  if (info.format !== 'png' && info.format !== 'jpeg') {
    throw new Error(`unsupported image format: ${info.format} (only PNG and JPEG can be decoded)`);
  }
  if (info.width === undefined || info.height === undefined) {
    throw new Error(`corrupt ${info.format}: no readable dimensions in header`);
  }
  assertDimensions(info.width, info.height);
  if (info.format === 'png') {
    // pngjs normalises palette/grey/16-bit/interlaced input to 8-bit RGBA.
    const png = pngjs.PNG.sync.read(buf);
    return { width: png.width, height: png.height, data: new Uint8Array(png.data.buffer, png.data.byteOffset, png.data.length) };
  }
  const img = jpeg.decode(buf, {
    useTArray: true,
    formatAsRGBA: true,
    maxResolutionInMP: MAX_PIXELS / 1e6,
    maxMemoryUsageInMB: 1024,
  });
  return { width: img.width, height: img.height, data: img.data };
}
