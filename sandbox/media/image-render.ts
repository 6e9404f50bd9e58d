import { createHash } from 'node:crypto';
import { assertDimensions, encodePng } from './image-codec.js';
import { Canvas, hsl, luma, mix, type Rgb } from './image-draw.js';
import { drawText, fitText, INK_ROWS, LINE_ROWS, normalizeText } from './image-text.js';

export interface RenderPromptImageOptions {
  prompt: string;
  width: number;
  height: number;
  /** Position within a batch (n > 1): same prompt and palette, different composition. Defaults to 0. */
  index?: number;
}

/** Small seeded PRNG (sfc32) so a given (prompt, index) always yields the same picture on every platform. */
function prng(seed: Buffer): () => number {
  let a = seed.readUInt32LE(0);
  let b = seed.readUInt32LE(4);
  let c = seed.readUInt32LE(8);
  let d = seed.readUInt32LE(12);
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next(); // sfc32 needs a few rounds to mix its seed
  return next;
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * The palette depends on the prompt alone so that a batch reads as one family;
 * the colour scheme (analogous, complementary, triadic, split) is also hashed.
 */
function palette(h: Buffer): { colors: Rgb[]; top: Rgb; bottom: Rgb } {
  const base = h.readUInt16BE(0) % 360;
  const schemes = [
    [0, 25, -25, 50, -50],
    [0, 180, 20, 200, -20],
    [0, 120, 240, 60, 180],
    [0, 150, 210, 30, 330],
  ];
  const offsets = schemes[h[2] % schemes.length];
  const colors = offsets.map((off, i) => hsl(base + off, 0.45 + (h[3 + i] / 255) * 0.5, 0.3 + (h[8 + i] / 255) * 0.45));
  const dark = h[13] % 2 === 0;
  const top = hsl(base + offsets[1], 0.5, dark ? 0.12 : 0.86);
  const bottom = hsl(base + offsets[2], 0.6, dark ? 0.32 : 0.62);
  return { colors, top, bottom };
}

/** Cheap per-word hash: each distinct word always picks the same shape kind and colour. */
function wordHash(word: string): number {
  let x = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) x = Math.imul(x ^ word.charCodeAt(i), 0x01000193);
  return x >>> 0;
}

function drawShape(c: Canvas, kind: number, color: Rgb, rnd: () => number, size: number): void {
  const cx = rnd() * c.width;
  const cy = rnd() * c.height;
  const angle = rnd() * Math.PI * 2;
  const rot = (dx: number, dy: number): [number, number] => [
    cx + dx * Math.cos(angle) - dy * Math.sin(angle),
    cy + dx * Math.sin(angle) + dy * Math.cos(angle),
  ];
  switch (kind) {
    case 0:
      c.fillCircle(cx, cy, size / 2, color);
      break;
    case 1:
      c.fillCircle(cx, cy, size / 2, color, size * (0.25 + rnd() * 0.15));
      break;
    case 2:
      c.fillPolygon([rot(-size / 2, -size / 3), rot(size / 2, -size / 3), rot(size / 2, size / 3), rot(-size / 2, size / 3)], color);
      break;
    case 3:
      c.fillPolygon([rot(0, -size / 2), rot(size / 2, size / 2), rot(-size / 2, size / 2)], color);
      break;
    case 4:
      c.fillCircle(cx, cy, size / 3, color);
      break;
    default: {
      // A long band across the frame gives the composition a strong diagonal.
      const len = Math.hypot(c.width, c.height);
      const w = size * 0.08;
      c.fillPolygon([rot(-len, -w), rot(len, -w), rot(len, w), rot(-len, w)], color);
    }
  }
}

function drawComposition(c: Canvas, prompt: string, words: string[], index: number): void {
  const ph = sha256(prompt);
  const { colors, top, bottom } = palette(ph);
  const rnd = prng(sha256(`${index}\u0000${prompt}`));
  c.verticalGradient(top, bottom);

  const minSide = Math.min(c.width, c.height);
  // One big anchor shape ("sun"), then one shape per word (the words steer kind and colour).
  c.fillCircle(c.width * (0.2 + rnd() * 0.6), c.height * (0.15 + rnd() * 0.35), minSide * (0.15 + rnd() * 0.15), mix(colors[0], [255, 255, 255], 0.25));
  const shapeWords = words.length > 0 ? words : ['(empty)'];
  const count = Math.min(32, Math.max(5, shapeWords.length)) + Math.floor(rnd() * 4);
  for (let i = 0; i < count; i++) {
    const wh = wordHash(shapeWords[i % shapeWords.length].toLowerCase()) ^ (i >= shapeWords.length ? i * 0x9e3779b1 : 0);
    const color = colors[(wh >>> 3) % colors.length];
    const size = minSide * (0.06 + rnd() * 0.3);
    drawShape(c, wh % 6, color, rnd, size);
  }
  // A ground plane keeps it reading as a "scene" rather than random confetti.
  const groundY = c.height * (0.68 + rnd() * 0.12);
  c.fillPolygon(
    [
      [0, groundY + rnd() * minSide * 0.08],
      [c.width, groundY - rnd() * minSide * 0.08],
      [c.width, c.height],
      [0, c.height],
    ],
    mix(colors[4], bottom, 0.4),
  );
}

function drawCaption(c: Canvas, text: string): void {
  const minSide = Math.min(c.width, c.height);
  const pad = Math.max(2, Math.round(minSide * 0.03));
  const maxScale = Math.max(1, Math.floor(minSide / 160));
  const { scale, lines } = fitText(text, c.width - pad * 2, Math.floor(c.height * 0.4), maxScale);
  const blockH = (lines.length * LINE_ROWS - (LINE_ROWS - INK_ROWS)) * scale;
  const panelTop = c.height - blockH - pad * 2;
  const backdrop: Rgb = [8, 8, 12];
  c.shadeRect(0, panelTop, c.width, c.height - panelTop, backdrop, 0.62);
  const ink: Rgb = luma(backdrop) < 128 ? [255, 255, 255] : [0, 0, 0];
  lines.forEach((line, i) => drawText(c, line, pad, panelTop + pad + i * LINE_ROWS * scale, scale, ink));
}

/**
 * Renders a PNG that is visibly derived from the prompt: palette and shapes
 * come from hashes of the prompt and its words, the index reshuffles the
 * composition, and the prompt itself is printed along the bottom.
 */
export function renderPromptImage(opts: RenderPromptImageOptions): Buffer {
  const { prompt, width, height } = opts;
  const index = opts.index ?? 0;
  assertDimensions(width, height);
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`index must be a non-negative integer, got ${index}`);
  const text = normalizeText(prompt);
  const canvas = new Canvas(width, height);
  drawComposition(canvas, prompt, text ? text.split(' ') : [], index);
  drawCaption(canvas, text || '(empty prompt)');
  return encodePng(canvas);
}
