/**
 * Shrinks an RGBA image by area averaging: each target pixel is the mean of the source area it
 * covers, fractions included, so sizes that do not divide the master (24, 48) come out even.
 * Averaging happens on premultiplied colour, or transparent edge pixels would bleed dark fringes.
 */
import type { Rgba } from './studio-mark.js';

/**
 * One axis of the resample over 4-channel pixels: `count` lines of `from` pixels become lines of
 * `to` pixels. Strides say how far apart pixels (`*Step`) and lines (`*Line`) lie, in pixels, so
 * the same loop does rows and columns.
 */
function resampleAxis(
  src: Float64Array, srcStep: number, srcLine: number,
  dst: Float64Array, dstStep: number, dstLine: number,
  from: number, to: number, count: number,
): void {
  const scale = from / to;
  for (let line = 0; line < count; line++) {
    for (let j = 0; j < to; j++) {
      const start = j * scale;
      const end = start + scale;
      let r = 0, g = 0, b = 0, a = 0;
      for (let i = Math.floor(start); i < Math.min(from, Math.ceil(end)); i++) {
        const weight = Math.min(end, i + 1) - Math.max(start, i);
        const o = (line * srcLine + i * srcStep) * 4;
        r += weight * src[o]; g += weight * src[o + 1]; b += weight * src[o + 2]; a += weight * src[o + 3];
      }
      const o = (line * dstLine + j * dstStep) * 4;
      dst[o] = r / scale; dst[o + 1] = g / scale; dst[o + 2] = b / scale; dst[o + 3] = a / scale;
    }
  }
}

export function downscale(src: Rgba, width: number, height = width): Rgba {
  if (width > src.width || height > src.height) throw new Error(`downscale only shrinks: ${src.width}x${src.height} to ${width}x${height}`);
  const premultiplied = new Float64Array(src.width * src.height * 4);
  for (let p = 0; p < src.width * src.height; p++) {
    const alpha = src.data[p * 4 + 3] / 255;
    for (let c = 0; c < 3; c++) premultiplied[p * 4 + c] = src.data[p * 4 + c] * alpha;
    premultiplied[p * 4 + 3] = alpha;
  }
  // Rows first: src.height rows shrink to `width` pixels each; then the columns of that.
  const rows = new Float64Array(width * src.height * 4);
  resampleAxis(premultiplied, 1, src.width, rows, 1, width, src.width, width, src.height);
  const out = new Float64Array(width * height * 4);
  resampleAxis(rows, width, 1, out, width, 1, src.height, height, width);
  const data = new Uint8Array(width * height * 4);
  for (let p = 0; p < width * height; p++) {
    const alpha = out[p * 4 + 3];
    // Rounding noise can leave a speck of alpha where the source was empty: keep it transparent.
    if (Math.round(alpha * 255) === 0) continue;
    for (let c = 0; c < 3; c++) data[p * 4 + c] = Math.min(255, Math.round(out[p * 4 + c] / alpha));
    data[p * 4 + 3] = Math.round(alpha * 255);
  }
  return { width, height, data };
}
