/**
 * The Gateway Studio mark: a white gateway arch with a four-point spark inside, on a rounded
 * indigo-to-cyan square. Drawn from geometry (no source image to keep in sync), antialiased by
 * supersampling, so every size in build/ comes from this one description.
 */

export interface Rgba {
  width: number;
  height: number;
  /** Straight (not premultiplied) RGBA, 8 bits a channel, rows top to bottom. */
  data: Uint8Array;
}

// All geometry is in units of the canvas side, y pointing down.
// macOS's icon grid: a 1024 canvas holds an 824 body, so the mark sits well in the Dock too.
const MARGIN = 100 / 1024;
const CORNER = 185 / 1024;
const HALF_BODY = 0.5 - MARGIN;

const TOP_LEFT = [79, 70, 229] as const; // indigo
const BOTTOM_RIGHT = [6, 182, 212] as const; // cyan

const ARCH = { cx: 0.5, cy: 0.47, radius: 0.19, halfWidth: 0.043, legEnd: 0.72 };
// |x|^p + |y|^p <= 1 with p < 1 gives the concave, pointed sides of a spark.
const SPARK = { cx: 0.5, cy: 0.565, radius: 0.115, power: 0.55 };

/** Subsamples per pixel side: 4 × 4 gives 17 coverage levels, plenty for a master to shrink. */
const SUPERSAMPLE = 4;

function inBody(x: number, y: number): boolean {
  const dx = Math.abs(x - 0.5);
  const dy = Math.abs(y - 0.5);
  if (dx > HALF_BODY || dy > HALF_BODY) return false;
  const qx = Math.max(dx - (HALF_BODY - CORNER), 0);
  const qy = Math.max(dy - (HALF_BODY - CORNER), 0);
  return qx * qx + qy * qy <= CORNER * CORNER;
}

function inArch(x: number, y: number): boolean {
  const { cx, cy, radius, halfWidth, legEnd } = ARCH;
  if (y <= cy) return Math.abs(Math.sqrt((x - cx) ** 2 + (y - cy) ** 2) - radius) <= halfWidth;
  // The nearer leg; its end is round, like the top of the arch.
  const legX = x < cx ? cx - radius : cx + radius;
  if (y <= legEnd) return Math.abs(x - legX) <= halfWidth;
  return (x - legX) ** 2 + (y - legEnd) ** 2 <= halfWidth ** 2;
}

function inSpark(x: number, y: number): boolean {
  const { cx, cy, radius, power } = SPARK;
  const dx = Math.abs(x - cx) / radius;
  const dy = Math.abs(y - cy) / radius;
  if (dx > 1 || dy > 1) return false;
  return dx ** power + dy ** power <= 1;
}

/** Where (x, y) falls on the diagonal gradient, 0 at the body's top left to 1 at its bottom right. */
function gradientAt(x: number, y: number): number {
  return Math.min(1, Math.max(0, (x + y - 2 * MARGIN) / (2 * (1 - 2 * MARGIN))));
}

/** The mark at `size` × `size` pixels. */
export function drawStudioMark(size: number): Rgba {
  const data = new Uint8Array(size * size * 4);
  const step = 1 / (size * SUPERSAMPLE);
  const samples = SUPERSAMPLE * SUPERSAMPLE;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      // Colour averages only the samples inside the body and alpha carries the coverage, so the
      // antialiased edge does not fade towards black.
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        const y = (py * SUPERSAMPLE + sy + 0.5) * step;
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const x = (px * SUPERSAMPLE + sx + 0.5) * step;
          if (!inBody(x, y)) continue;
          a += 1;
          if (inArch(x, y) || inSpark(x, y)) {
            r += 255; g += 255; b += 255;
          } else {
            const t = gradientAt(x, y);
            r += TOP_LEFT[0] + (BOTTOM_RIGHT[0] - TOP_LEFT[0]) * t;
            g += TOP_LEFT[1] + (BOTTOM_RIGHT[1] - TOP_LEFT[1]) * t;
            b += TOP_LEFT[2] + (BOTTOM_RIGHT[2] - TOP_LEFT[2]) * t;
          }
        }
      }
      const o = (py * size + px) * 4;
      if (a === 0) continue;
      data[o] = Math.round(r / a);
      data[o + 1] = Math.round(g / a);
      data[o + 2] = Math.round(b / a);
      data[o + 3] = Math.round((a / samples) * 255);
    }
  }
  return { width: size, height: size, data };
}
