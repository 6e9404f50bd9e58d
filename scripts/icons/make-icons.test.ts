import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { LINUX_ICON_SIZES, linuxIconPath, MASTER_ICON, MASTER_SIZE, renderIconSet } from './make-icons.js';
import type { Rgba } from './studio-mark.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const committed = (relative: string) => PNG.sync.read(readFileSync(join(ROOT, relative)));
const rgba = (x: number, y: number, img: { width: number; data: Uint8Array | Buffer }) => [...img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4)];

/** The largest difference of any channel of any pixel. */
function maxDifference(a: Rgba, b: PNG): number {
  expect([b.width, b.height]).toEqual([a.width, a.height]);
  let max = 0;
  for (let i = 0; i < a.data.length; i++) max = Math.max(max, Math.abs(a.data[i] - b.data[i]));
  return max;
}

describe('the committed icons', () => {
  const set = renderIconSet();

  it('are what the generator draws today (run scripts/icons/make-icons.ts after changing the mark)', () => {
    // One level of slack: floating point may round differently on another CPU, nothing more.
    expect(maxDifference(set.master, committed(MASTER_ICON))).toBeLessThanOrEqual(1);
    for (const size of LINUX_ICON_SIZES) {
      expect(maxDifference(set.linux.get(size)!, committed(linuxIconPath(size))), `${size}x${size}`).toBeLessThanOrEqual(1);
    }
  });

  it('draw a white mark on an opaque body with transparent corners, at every size', () => {
    for (const image of [set.master, ...set.linux.values()]) {
      const last = image.width - 1;
      expect(rgba(0, 0, image)[3], `${image.width}: corner`).toBe(0);
      expect(rgba(last, last, image)[3], `${image.width}: corner`).toBe(0);
      const centre = Math.floor(image.width / 2);
      // The body's left edge, between corner and arch: opaque indigo-blue.
      const [r, g, b, a] = rgba(Math.round(image.width * 0.16), centre, image);
      expect(a, `${image.width}: body`).toBe(255);
      expect(b, `${image.width}: body is blue`).toBeGreaterThan(Math.max(r, g));
    }
    // The arch's left leg crosses the master's middle row in white.
    expect(rgba(Math.round(MASTER_SIZE * 0.31), MASTER_SIZE / 2, set.master)).toEqual([255, 255, 255, 255]);
  });
});
