import { describe, expect, it } from 'vitest';
import jpeg from 'jpeg-js';
import pngjs from 'pngjs';
import { editImage } from './image-edit.js';
import { encodePng } from './image-codec.js';
import { renderPromptImage } from './image-render.js';
import { sniffImage } from '@media/sniff.js';

type Decoded = { width: number; height: number; data: Uint8Array };
const decodePng = (buf: Buffer): Decoded => pngjs.PNG.sync.read(buf);

/** Rows below the banner, so comparisons look at transformed picture content only. */
const BODY_FROM = 0.25;

function bodyStats(a: Decoded, b: Decoded): { meanDiff: number; lumaCorrelation: number } {
  const la: number[] = [];
  const lb: number[] = [];
  let diff = 0;
  let n = 0;
  for (let y = Math.floor(a.height * BODY_FROM); y < a.height; y++) {
    for (let x = 0; x < a.width; x += 2) {
      const i = (y * a.width + x) * 4;
      for (let c = 0; c < 3; c++) diff += Math.abs(a.data[i + c] - b.data[i + c]);
      n += 3;
      la.push(0.299 * a.data[i] + 0.587 * a.data[i + 1] + 0.114 * a.data[i + 2]);
      lb.push(0.299 * b.data[i] + 0.587 * b.data[i + 1] + 0.114 * b.data[i + 2]);
    }
  }
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const ma = mean(la);
  const mb = mean(lb);
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < la.length; i++) {
    cov += (la[i] - ma) * (lb[i] - mb);
    va += (la[i] - ma) ** 2;
    vb += (lb[i] - mb) ** 2;
  }
  return { meanDiff: diff / n, lumaCorrelation: cov / Math.sqrt(va * vb) };
}

function solid(width: number, height: number, rgba: [number, number, number, number]): Decoded {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set(rgba, i);
  return { width, height, data };
}

const source = renderPromptImage({ prompt: 'a red barn in a snowy field', width: 400, height: 300 });

describe('editImage', () => {
  it('returns a PNG of the same size whose picture changed a lot but keeps its structure', async () => {
    const out = await editImage({ input: source, instruction: 'make it night time' });
    expect([out.width, out.height]).toEqual([400, 300]);
    expect(await sniffImage(out.png)).toEqual({ format: 'png', width: 400, height: 300 });
    const { meanDiff, lumaCorrelation } = bodyStats(decodePng(source), decodePng(out.png));
    expect(meanDiff).toBeGreaterThan(40);
    // The hue rotation preserves luminance, so the layout is still recognisable.
    expect(Math.abs(lumaCorrelation)).toBeGreaterThan(0.8);
    expect(out.applied[0]).toMatch(/^hue-rotate\(\d+deg\)$/);
  });

  it('is deterministic, and different instructions give different results', async () => {
    const a = await editImage({ input: source, instruction: 'make it night time' });
    const b = await editImage({ input: source, instruction: 'make it night time' });
    const c = await editImage({ input: source, instruction: 'add a rainbow' });
    expect(a.png.equals(b.png)).toBe(true);
    expect(a.png.equals(c.png)).toBe(false);
  });

  it('follows keyword instructions', async () => {
    const inv = await editImage({ input: source, instruction: 'Invert the colours' });
    expect(inv.applied).toEqual(['invert', 'banner']);
    const src = decodePng(source);
    const out = decodePng(inv.png);
    const i = (src.width * (src.height - 10) + 5) * 4; // inside the caption panel, below the banner
    expect(out.data[i]).toBe(255 - src.data[i]);
    expect(bodyStats(src, out).lumaCorrelation).toBeLessThan(-0.8);

    const gray = decodePng((await editImage({ input: source, instruction: 'black and white please' })).png);
    const j = (gray.width * Math.floor(gray.height / 2) + 10) * 4;
    expect(gray.data[j]).toBe(gray.data[j + 1]);
    expect(gray.data[j + 1]).toBe(gray.data[j + 2]);

    const flipped = await editImage({ input: source, instruction: 'flip it, sepia' });
    expect(flipped.applied).toEqual(['mirror', 'sepia', 'banner']);
  });

  it('draws the instruction in a banner across the top', async () => {
    const out = decodePng((await editImage({ input: source, instruction: 'ADD STARS' })).png);
    let white = 0;
    for (let y = 0; y < 40; y++) {
      for (let x = 0; x < out.width; x++) {
        const i = (y * out.width + x) * 4;
        if (out.data[i] === 255 && out.data[i + 1] === 255 && out.data[i + 2] === 255) white++;
      }
    }
    expect(white).toBeGreaterThan(50);
  });

  it('decodes JPEG input', async () => {
    const src = decodePng(source);
    const jpg = jpeg.encode({ width: src.width, height: src.height, data: Buffer.from(src.data) }, 90).data;
    expect((await sniffImage(jpg)).format).toBe('jpeg');
    const out = await editImage({ input: jpg, instruction: 'warmer tones' });
    expect([out.width, out.height]).toEqual([400, 300]);
    expect(bodyStats(src, decodePng(out.png)).meanDiff).toBeGreaterThan(40);
  });

  it('still changes grey images visibly, where a hue shift alone does nothing', async () => {
    for (const shade of [30, 128, 220]) {
      const grey = solid(64, 64, [shade, shade, shade, 255]);
      const out = await editImage({ input: encodePng(grey), instruction: 'shift the hue' });
      expect(bodyStats(grey, decodePng(out.png)).meanDiff).toBeGreaterThan(40);
    }
  });

  it('keeps transparency', async () => {
    const img = solid(32, 32, [200, 40, 40, 255]);
    for (let i = 3; i < img.data.length; i += 8) img.data[i] = 0;
    const out = decodePng((await editImage({ input: encodePng(img, { alpha: true }), instruction: 'invert' })).png);
    const bottom = (31 * 32 + 0) * 4;
    expect(out.data[bottom + 3]).toBe(0);
    expect(out.data[bottom + 7]).toBe(255);
  });

  it('rejects input that is not a PNG or JPEG', async () => {
    const gif = Buffer.from('47494638396101000100800000ffffff00000021f90401000000002c00000000010001000002024401003b', 'hex');
    await expect(editImage({ input: gif, instruction: 'x' })).rejects.toThrow(/unsupported image format: gif/);
    await expect(editImage({ input: Buffer.from('not an image at all'), instruction: 'x' })).rejects.toThrow(/unsupported/);
    await expect(editImage({ input: source.subarray(0, 20), instruction: 'x' })).rejects.toThrow(/corrupt png/);
  });
});
