/**
 * Thumbnails for the gallery grid: at most 320 px on the long side, JPEG unless the picture has
 * transparency (then PNG, so a cut-out does not turn black). ffmpeg.wasm (poster.ts) makes them
 * for every visual kind because it is several times faster; PNG and JPEG fall back to pngjs /
 * jpeg-js and a box filter when it is unavailable or fails. Audio has none.
 */
import jpeg from 'jpeg-js';
import pngjs from 'pngjs';
import type { Sniffed } from './sniff.js';
import { ffmpegThumbnail, THUMB_MAX_SIDE } from './poster.js';

export interface Thumbnail {
  data: Buffer;
  ext: '.jpg' | '.png';
}

interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Decoding a bigger picture would need gigabytes; such files get no thumbnail rather than a crash. */
const MAX_DECODE_PIXELS = 64 * 1024 * 1024;

/** Area-average downscale; alpha-weighted so transparent pixels do not bleed their colour. */
export function downscale(src: Rgba, maxSide = THUMB_MAX_SIDE): Rgba {
  const { width: w, height: h, data } = src;
  const scale = Math.min(1, maxSide / Math.max(w, h));
  if (scale === 1) return src;
  const dw = Math.max(1, Math.round(w * scale));
  const dh = Math.max(1, Math.round(h * scale));
  const xmap = new Uint32Array(w);
  for (let x = 0; x < w; x++) xmap[x] = Math.min(dw - 1, Math.floor((x * dw) / w));
  // Float sums: a 8192² source folds up to ~650 pixels of 255·255 into one cell.
  const sums = new Float64Array(dw * dh * 4);
  const counts = new Uint32Array(dw * dh);
  for (let y = 0; y < h; y++) {
    const row = Math.min(dh - 1, Math.floor((y * dh) / h)) * dw;
    let s = y * w * 4;
    for (let x = 0; x < w; x++, s += 4) {
      const cell = row + xmap[x];
      const a = data[s + 3];
      const o = cell * 4;
      sums[o] += data[s] * a;
      sums[o + 1] += data[s + 1] * a;
      sums[o + 2] += data[s + 2] * a;
      sums[o + 3] += a;
      counts[cell]++;
    }
  }
  const out = new Uint8Array(dw * dh * 4);
  for (let c = 0; c < dw * dh; c++) {
    const o = c * 4;
    const alpha = sums[o + 3];
    if (alpha > 0) for (let k = 0; k < 3; k++) out[o + k] = Math.round(sums[o + k] / alpha);
    out[o + 3] = Math.round(alpha / counts[c]);
  }
  return { width: dw, height: dh, data: out };
}

function decode(bytes: Buffer, mime: string): Rgba {
  if (mime === 'image/png') {
    const png = pngjs.PNG.sync.read(bytes);
    return { width: png.width, height: png.height, data: png.data };
  }
  const img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: 64, maxMemoryUsageInMB: 1024 });
  return { width: img.width, height: img.height, data: img.data };
}

export function encodeThumbnail(img: Rgba): Thumbnail {
  let opaque = true;
  for (let i = 3; i < img.data.length; i += 4) if (img.data[i] !== 255) { opaque = false; break; }
  if (!opaque) {
    const png = new pngjs.PNG({ width: img.width, height: img.height });
    png.data = Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength);
    return { data: pngjs.PNG.sync.write(png), ext: '.png' };
  }
  const jpg = jpeg.encode({ data: img.data, width: img.width, height: img.height }, 82);
  return { data: Buffer.from(jpg.data), ext: '.jpg' };
}

/**
 * Makes the thumbnail of a saved file, or undefined when the kind has none. Throws when the file
 * cannot be decoded; the caller treats that as "no thumbnail", never as a failed save.
 */
export async function makeThumbnail(
  bytes: Buffer,
  type: Pick<Sniffed, 'kind' | 'mime' | 'width' | 'height' | 'alpha'>,
  opts: { ffmpeg?: boolean; log?: (line: string) => void } = {},
): Promise<Thumbnail | undefined> {
  if (type.kind === 'audio') return undefined;
  const decodable = type.mime === 'image/png' || type.mime === 'image/jpeg';
  if (opts.ffmpeg !== false) {
    try {
      return await ffmpegThumbnail(bytes, type.alpha === true);
    } catch (err) {
      if (!decodable) throw err;
      opts.log?.(`library: ffmpeg could not make a thumbnail (${err instanceof Error ? err.message : String(err)}); decoding in JS`);
    }
  }
  if (!decodable) return undefined;
  if ((type.width ?? 0) * (type.height ?? 0) > MAX_DECODE_PIXELS) return undefined;
  return encodeThumbnail(downscale(decode(bytes, type.mime)));
}
