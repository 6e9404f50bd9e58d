import { describe, expect, it } from 'vitest';
import pngjs from 'pngjs';
import { renderPromptImage } from './image-render.js';
import { sniffImage } from '@media/sniff.js';

const decode = (buf: Buffer) => pngjs.PNG.sync.read(buf);

/** Fraction of pixels whose RGB differs between two same-sized decoded images. */
function differingFraction(a: Buffer, b: Buffer): number {
  const pa = decode(a).data;
  const pb = decode(b).data;
  let diff = 0;
  for (let i = 0; i < pa.length; i += 4) {
    if (pa[i] !== pb[i] || pa[i + 1] !== pb[i + 1] || pa[i + 2] !== pb[i + 2]) diff++;
  }
  return diff / (pa.length / 4);
}

/** Pure-white pixels in rows [y0, y1): only caption ink is pure white (palette lightness tops out well below). */
function whitePixels(png: ReturnType<typeof decode>, y0: number, y1: number): number {
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = 0; x < png.width; x++) {
      const i = (y * png.width + x) * 4;
      if (png.data[i] === 255 && png.data[i + 1] === 255 && png.data[i + 2] === 255) n++;
    }
  }
  return n;
}

describe('renderPromptImage', () => {
  it.each([
    [512, 512],
    [1024, 768],
    [768, 1344],
    [7, 3],
    [1, 1],
  ])('produces a real %ix%i PNG', async (width, height) => {
    const buf = renderPromptImage({ prompt: 'a lighthouse at dusk', width, height });
    expect(await sniffImage(buf)).toEqual({ format: 'png', width, height });
    const png = decode(buf);
    expect([png.width, png.height]).toEqual([width, height]);
  });

  it('is deterministic for the same prompt and index', () => {
    const a = renderPromptImage({ prompt: 'red fox in snow', width: 320, height: 240, index: 2 });
    const b = renderPromptImage({ prompt: 'red fox in snow', width: 320, height: 240, index: 2 });
    expect(a.equals(b)).toBe(true);
    // index defaults to 0
    expect(renderPromptImage({ prompt: 'x', width: 64, height: 64 }).equals(renderPromptImage({ prompt: 'x', width: 64, height: 64, index: 0 }))).toBe(true);
  });

  it('draws clearly different pictures for different prompts', () => {
    const a = renderPromptImage({ prompt: 'red fox in snow', width: 320, height: 240 });
    const b = renderPromptImage({ prompt: 'blue whale under the sea', width: 320, height: 240 });
    expect(differingFraction(a, b)).toBeGreaterThan(0.5);
  });

  it('varies the composition with index', () => {
    const shots = [0, 1, 2, 3].map((index) => renderPromptImage({ prompt: 'red fox in snow', width: 320, height: 240, index }));
    for (let i = 1; i < shots.length; i++) expect(differingFraction(shots[0], shots[i])).toBeGreaterThan(0.2);
  });

  it('writes the prompt as text in a caption panel at the bottom', () => {
    const png = decode(renderPromptImage({ prompt: 'Hello gateway', width: 640, height: 480 }));
    expect(whitePixels(png, Math.floor(png.height * 0.6), png.height)).toBeGreaterThan(200);
    expect(whitePixels(png, 0, Math.floor(png.height * 0.55))).toBe(0);
    // More words, more ink.
    const longer = decode(renderPromptImage({ prompt: 'Hello gateway, this caption has many more letters in it', width: 640, height: 480 }));
    expect(whitePixels(longer, 0, longer.height)).toBeGreaterThan(whitePixels(png, 0, png.height) * 2);
  });

  it('keeps a very long prompt within the bottom part of the image', () => {
    const prompt = 'an extremely detailed prompt '.repeat(80);
    const png = decode(renderPromptImage({ prompt, width: 512, height: 512 }));
    expect(whitePixels(png, Math.floor(png.height * 0.55), png.height)).toBeGreaterThan(500);
    expect(whitePixels(png, 0, Math.floor(png.height * 0.55))).toBe(0);
  });

  it('renders non-ASCII prompts (placeholder boxes) and empty prompts', () => {
    for (const prompt of ['猫 🐱 café', '', '   ']) {
      const png = decode(renderPromptImage({ prompt, width: 200, height: 120 }));
      expect(png.width).toBe(200);
      expect(whitePixels(png, 0, png.height)).toBeGreaterThan(0);
    }
  });

  it('rejects impossible sizes and indexes', () => {
    expect(() => renderPromptImage({ prompt: 'x', width: 0, height: 10 })).toThrow(RangeError);
    expect(() => renderPromptImage({ prompt: 'x', width: 10.5, height: 10 })).toThrow(RangeError);
    expect(() => renderPromptImage({ prompt: 'x', width: 10, height: 100_000 })).toThrow(RangeError);
    expect(() => renderPromptImage({ prompt: 'x', width: 10, height: 10, index: -1 })).toThrow(RangeError);
  });

  it.each([
    [4096, 4096],
    [6000, 2600],
  ])('renders %ix%i at full size with the prompt legible', async (width, height) => {
    const buf = renderPromptImage({ prompt: 'a vast panoramic mountain range at sunrise', width, height });
    expect(await sniffImage(buf)).toEqual({ format: 'png', width, height });
    const png = decode(buf);
    expect(png.data.length).toBe(width * height * 4);
    expect(whitePixels(png, Math.floor(height * 0.6), height)).toBeGreaterThan(1000);
  });
});
