import { createHash } from 'node:crypto';
import { decodeImage, encodePng } from './image-codec.js';
import { Canvas, type Rgb } from './image-draw.js';
import { drawText, fitText, INK_ROWS, LINE_ROWS, normalizeText } from './image-text.js';

export interface EditImageOptions {
  /** PNG or JPEG bytes; the format is sniffed from the content. */
  input: Buffer;
  instruction: string;
}

export interface EditImageResult {
  png: Buffer;
  width: number;
  height: number;
  /** Which transforms were applied, in order, e.g. ['hue-rotate(137deg)', 'banner']. */
  applied: string[];
}

type PixelOp = (d: Uint8Array) => void;

const invert: PixelOp = (d) => {
  for (let i = 0; i < d.length; i += 4) {
    d[i] = 255 - d[i];
    d[i + 1] = 255 - d[i + 1];
    d[i + 2] = 255 - d[i + 2];
  }
};

/** Applies a 3×3 colour matrix (row-major), the same maths as SVG feColorMatrix. */
function matrixOp(m: readonly number[]): PixelOp {
  return (d) => {
    for (let i = 0; i < d.length; i += 4) {
      const r = d[i];
      const g = d[i + 1];
      const b = d[i + 2];
      // Uint8Array assignment would wrap out-of-range values; Uint8ClampedArray semantics are wanted.
      d[i] = clamp(m[0] * r + m[1] * g + m[2] * b);
      d[i + 1] = clamp(m[3] * r + m[4] * g + m[5] * b);
      d[i + 2] = clamp(m[6] * r + m[7] * g + m[8] * b);
    }
  };
}

function clamp(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : v + 0.5;
}

/** Luminance-preserving hue rotation (W3C filter-effects hueRotate matrix). */
function hueRotate(deg: number): PixelOp {
  const a = (deg * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return matrixOp([
    0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928,
    0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.14, 0.072 - c * 0.072 - s * 0.283,
    0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072,
  ]);
}

const grayscale = matrixOp([0.299, 0.587, 0.114, 0.299, 0.587, 0.114, 0.299, 0.587, 0.114]);
const sepia = matrixOp([0.393, 0.769, 0.189, 0.349, 0.686, 0.168, 0.272, 0.534, 0.131]);

function mirror(img: Canvas): void {
  const row = new Uint32Array(img.data.buffer, img.data.byteOffset, img.width * img.height);
  for (let y = 0; y < img.height; y++) row.subarray(y * img.width, (y + 1) * img.width).reverse();
}

/** Mean absolute per-channel difference on a sparse sample; cheap enough for 16 MP images. */
function meanDiff(a: Uint8Array, b: Uint8Array): number {
  const step = 4 * Math.max(1, Math.floor(a.length / 4 / 50_000));
  let sum = 0;
  let n = 0;
  for (let i = 0; i < a.length; i += step) {
    sum += Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]);
    n += 3;
  }
  return n ? sum / n : 0;
}

type Step = { name: string; apply: (c: Canvas) => void };

/**
 * Picks the transforms from keywords in the instruction, defaulting to a hue
 * rotation whose angle is hashed from the instruction (so the same edit is
 * reproducible, and different instructions look different).
 */
function chooseSteps(instruction: string): Step[] {
  const text = instruction.toLowerCase();
  const pixels = (name: string, op: PixelOp): Step => ({ name, apply: (c) => op(c.data) });
  const steps: Step[] = [];
  if (/\b(mirror|flip)\b/u.test(text)) steps.push({ name: 'mirror', apply: mirror });
  if (/\b(invert|negative)\b/u.test(text)) steps.push(pixels('invert', invert));
  else if (/\b(gr[ae]y|gr[ae]yscale|monochrome|black and white|b&w)\b/u.test(text)) steps.push(pixels('grayscale', grayscale));
  else if (/\b(sepia|vintage|old|antique)\b/u.test(text)) steps.push(pixels('sepia', sepia));
  else {
    const deg = 90 + (createHash('sha256').update(instruction, 'utf8').digest().readUInt16BE(0) % 181);
    steps.push(pixels(`hue-rotate(${deg}deg)`, hueRotate(deg)));
  }
  return steps;
}

/** Pulls every pixel 60% of the way to a saturated colour; the last resort for mid-grey input that inversion barely moves. */
const tint: PixelOp = (d) => {
  const [r, g, b] = [255, 40, 160];
  for (let i = 0; i < d.length; i += 4) {
    d[i] += ((r - d[i]) * 154) >> 8;
    d[i + 1] += ((g - d[i + 1]) * 154) >> 8;
    d[i + 2] += ((b - d[i + 2]) * 154) >> 8;
  }
};

/** Minimum mean channel change we promise callers; below it (e.g. grey input to a hue shift) we also invert. */
const MIN_VISIBLE_CHANGE = 40;

function drawBanner(c: Canvas, instruction: string): void {
  const minSide = Math.min(c.width, c.height);
  const pad = Math.max(2, Math.round(minSide * 0.02));
  const { scale, lines } = fitText(`EDIT: ${instruction}`, c.width - pad * 2, Math.floor(c.height * 0.2), Math.max(1, Math.floor(minSide / 220)));
  const blockH = (lines.length * LINE_ROWS - (LINE_ROWS - INK_ROWS)) * scale;
  const backdrop: Rgb = [12, 12, 16];
  c.shadeRect(0, 0, c.width, blockH + pad * 2, backdrop, 0.7);
  // A bright accent rule makes the banner obvious even when the text is tiny.
  c.fillRect(0, blockH + pad * 2, c.width, Math.max(1, Math.round(scale / 2)), [255, 196, 0]);
  lines.forEach((line, i) => drawText(c, line, pad, pad + i * LINE_ROWS * scale, scale, [255, 255, 255]));
}

/**
 * Sandbox stand-in for an image edit model: decodes PNG/JPEG input, applies a
 * colour transform chosen from the instruction, and stamps the instruction in
 * a banner across the top. Output is a PNG with the input's dimensions; alpha
 * is kept when the input had any transparency.
 */
export async function editImage(opts: EditImageOptions): Promise<EditImageResult> {
  const decoded = await decodeImage(opts.input);
  const canvas = new Canvas(decoded.width, decoded.height, new Uint8Array(decoded.data));
  const original = decoded.data;
  const applied: string[] = [];
  for (const step of chooseSteps(opts.instruction)) {
    step.apply(canvas);
    applied.push(step.name);
  }
  // Some inputs defeat the chosen transform (grey under a hue shift, grey under
  // grayscale); callers rely on an edit being visible, so escalate.
  for (const [name, op] of [['invert', invert], ['tint', tint]] as const) {
    if (meanDiff(original, canvas.data) >= MIN_VISIBLE_CHANGE) break;
    op(canvas.data);
    applied.push(name);
  }
  const instruction = normalizeText(opts.instruction) || '(no instruction)';
  drawBanner(canvas, instruction);
  applied.push('banner');
  let hasAlpha = false;
  for (let i = 3; i < canvas.data.length; i += 4) {
    if (canvas.data[i] !== 255) {
      hasAlpha = true;
      break;
    }
  }
  return { png: encodePng(canvas, { alpha: hasAlpha }), width: canvas.width, height: canvas.height, applied };
}
