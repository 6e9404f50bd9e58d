import { describe, expect, it } from 'vitest';
import { downscale } from './downscale.js';
import type { Rgba } from './studio-mark.js';

function image(width: number, height: number, pixels: number[][]): Rgba {
  return { width, height, data: Uint8Array.from(pixels.flat()) };
}
const pixel = (img: Rgba, x: number, y: number) => [...img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4)];

describe('downscale', () => {
  it('averages each block of an evenly divided image', () => {
    const black = [0, 0, 0, 255];
    const white = [255, 255, 255, 255];
    const src = image(4, 2, [black, white, white, white, black, white, white, white]);
    const out = downscale(src, 2, 1);
    expect(pixel(out, 0, 0)).toEqual([128, 128, 128, 255]);
    expect(pixel(out, 1, 0)).toEqual(white);
  });

  it('weights the source pixels a target pixel only partly covers (3 to 2)', () => {
    const src = image(3, 1, [[0, 0, 0, 255], [90, 90, 90, 255], [180, 180, 180, 255]]);
    const out = downscale(src, 2, 1);
    // Target 0 covers source 0 fully and half of source 1: (0 + 45) / 1.5.
    expect(pixel(out, 0, 0)).toEqual([30, 30, 30, 255]);
    expect(pixel(out, 1, 0)).toEqual([150, 150, 150, 255]);
  });

  it('keeps the colour of an edge next to transparency, fading only its alpha', () => {
    // Straight averaging would mix in the transparent pixel's black and darken the red.
    const src = image(2, 1, [[220, 20, 20, 255], [0, 0, 0, 0]]);
    expect(pixel(downscale(src, 1, 1), 0, 0)).toEqual([220, 20, 20, 128]);
  });

  it('leaves fully transparent areas transparent black', () => {
    const src = image(2, 2, [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]);
    expect(pixel(downscale(src, 1, 1), 0, 0)).toEqual([0, 0, 0, 0]);
  });

  it('refuses to enlarge', () => {
    expect(() => downscale(image(1, 1, [[0, 0, 0, 255]]), 2)).toThrow(/only shrinks/);
  });
});
