/**
 * Draws the frames of a sandbox video: a drifting gradient, bouncing shapes, the
 * prompt text and a timecode with progress bar, all seeded from a hash of the
 * prompt so different prompts look different and the same prompt looks the same.
 */
import { createHash } from 'node:crypto';
import { mulberry32 } from '../core/seeded-random.js';
import { GLYPH_H, GLYPH_W, glyphRows, wrapText } from './video-font.js';

/** The same prompt always gives the same picture. */
const rng = mulberry32;

/** Packs RGB as the little-endian RGBA word the encoder reads (alpha is ignored). */
function rgb(r: number, g: number, b: number): number {
  return ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

function hsl(h: number, s: number, l: number): number {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
  return rgb(f(0), f(8), f(4));
}

interface Shape {
  kind: 'circle' | 'ring' | 'square';
  color: number;
  r: number;
  /** Furthest a pixel gets from the centre (a spinning square's corner). */
  reach: number;
  x0: number; y0: number; vx: number; vy: number; spin: number;
}

/** Position bouncing between lo and hi, as a pure function of time (no state per frame). */
function bounce(p: number, lo: number, hi: number): number {
  const span = hi - lo;
  if (span <= 0) return lo;
  const m = ((p - lo) % (2 * span) + 2 * span) % (2 * span);
  return lo + (m <= span ? m : 2 * span - m);
}

export class Scene {
  private readonly pixels: Uint32Array;
  private readonly bytes: Uint8Array;
  private readonly phase: Uint8Array;
  private readonly gradient = new Uint32Array(256);
  private readonly shapes: Shape[] = [];
  private readonly lines: string[];
  private readonly scale: number;
  private readonly lineH: number;
  private readonly barH: number;
  /** Rows between the prompt band and the timecode band, where shapes move. */
  private readonly stageTop: number;
  private readonly stageBottom: number;
  private readonly drift: number;

  constructor(
    prompt: string, private readonly w: number, private readonly h: number,
    private readonly fps: number, private readonly frames: number,
  ) {
    const digest = createHash('sha256').update(prompt, 'utf8').digest();
    const rand = rng(digest.readUInt32LE(0));
    this.pixels = new Uint32Array(w * h);
    this.bytes = new Uint8Array(this.pixels.buffer);

    const hue = digest[4] * (360 / 256);
    const scheme = [30, 150, 180, 120][digest[5] & 3]; // analogous, split, complement, triad
    const c1 = [hue, 0.55 + rand() * 0.3, 0.22 + rand() * 0.15] as const;
    const c2 = [(hue + scheme) % 360, 0.55 + rand() * 0.3, 0.4 + rand() * 0.2] as const;
    for (let i = 0; i < 256; i++) {
      // Cyclic c1 -> c2 -> c1 so the drifting gradient never shows a seam.
      const t = 0.5 - 0.5 * Math.cos((i / 256) * 2 * Math.PI);
      this.gradient[i] = hsl((c1[0] + t * ((c2[0] - c1[0] + 540) % 360 - 180) + 360) % 360,
        c1[1] + t * (c2[1] - c1[1]), c1[2] + t * (c2[2] - c1[2]));
    }
    const angle = rand() * 2 * Math.PI;
    const ax = Math.cos(angle), ay = Math.sin(angle);
    const span = Math.abs(ax) * w + Math.abs(ay) * h;
    this.phase = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) this.phase[y * w + x] = Math.floor(((x * ax + y * ay) / span) * 256) & 255;
    }
    this.drift = (rand() < 0.5 ? -1 : 1) * (64 + rand() * 128); // gradient steps per second

    this.scale = w >= 300 ? 2 : 1;
    const sc = this.scale;
    const maxChars = Math.max(4, Math.floor((w - 8) / ((GLYPH_W + 1) * sc)));
    this.lines = wrapText(prompt.toUpperCase(), maxChars, h > w ? 4 : 2);
    this.lineH = (GLYPH_H + 2) * sc;
    this.barH = Math.max(3, Math.round(h * 0.025));
    this.stageTop = this.lines.length * this.lineH + 4 * sc;
    this.stageBottom = h - this.barH - 4 * sc - this.lineH;

    const side = Math.min(w, this.stageBottom - this.stageTop);
    const count = 3 + (digest[6] % 4);
    const kinds: Shape['kind'][] = ['circle', 'ring', 'square'];
    for (let i = 0; i < count; i++) {
      const kind = kinds[Math.floor(rand() * kinds.length)];
      const r = Math.max(2, side * (0.1 + rand() * 0.18));
      this.shapes.push({
        kind,
        color: hsl((hue + 90 + rand() * 180) % 360, 0.7 + rand() * 0.3, 0.5 + rand() * 0.25),
        r,
        reach: kind === 'square' ? r * 1.21 : r,
        x0: rand() * w, y0: rand() * h,
        vx: (rand() - 0.5) * w * 0.8, vy: (rand() - 0.5) * h * 0.8, // px per second
        spin: (rand() - 0.5) * 4,
      });
    }
  }

  draw(frame: number): Uint8Array {
    const { w, h, pixels, phase, gradient } = this;
    const t = frame / this.fps;
    const shift = Math.floor(t * this.drift) & 255;
    for (let i = 0; i < pixels.length; i++) pixels[i] = gradient[(phase[i] + shift) & 255];
    for (const s of this.shapes) this.drawShape(s, t);

    const { scale: s, lineH, barH } = this;
    this.darken(0, this.stageTop);
    this.lines.forEach((line, i) => this.text(line, 4, 3 * s + i * lineH));

    // Timecode and progress bar: the motion a viewer can check against the clip length.
    const barY = h - barH - 2 * s;
    const done = (frame + 1) / this.frames;
    const clock = `${fmt(t)} / ${fmt(this.frames / this.fps)}`;
    this.darken(this.stageBottom, h);
    this.text(clock, 4, barY - lineH);
    this.rect(4, barY, w - 8, barH, rgb(40, 40, 40));
    this.rect(4, barY, Math.max(1, Math.round((w - 8) * done)), barH, gradient[(128 + shift) & 255] | 0x00c0c0c0);
    return this.bytes;
  }

  private drawShape(s: Shape, t: number): void {
    const cx = bounce(s.x0 + s.vx * t, s.reach, this.w - s.reach);
    const cy = bounce(s.y0 + s.vy * t, this.stageTop + s.reach, this.stageBottom - s.reach);
    const r2 = s.r * s.r, inner2 = (s.r * 0.6) ** 2;
    const cos = Math.cos(s.spin * t), sin = Math.sin(s.spin * t);
    const x0 = Math.max(0, Math.floor(cx - (s.reach + 1))), x1 = Math.min(this.w - 1, Math.ceil(cx + (s.reach + 1)));
    const y0 = Math.max(0, Math.floor(cy - (s.reach + 1))), y1 = Math.min(this.h - 1, Math.ceil(cy + (s.reach + 1)));
    for (let y = y0; y <= y1; y++) {
      const dy = y - cy;
      for (let x = x0; x <= x1; x++) {
        const dx = x - cx;
        let inside: boolean;
        if (s.kind === 'square') {
          const half = s.r * 0.85;
          inside = Math.abs(dx * cos + dy * sin) <= half && Math.abs(dy * cos - dx * sin) <= half;
        } else {
          const d2 = dx * dx + dy * dy;
          inside = d2 <= r2 && (s.kind === 'circle' || d2 >= inner2);
        }
        if (inside) this.pixels[y * this.w + x] = s.color;
      }
    }
  }

  private darken(y0: number, y1: number): void {
    const from = Math.max(0, y0) * this.w, to = Math.min(this.h, y1) * this.w;
    for (let i = from; i < to; i++) this.pixels[i] = ((this.pixels[i] >>> 1) & 0x7f7f7f7f) | 0xff000000;
  }

  private rect(x: number, y: number, rw: number, rh: number, color: number): void {
    for (let yy = Math.max(0, y); yy < Math.min(this.h, y + rh); yy++) {
      const row = yy * this.w;
      for (let xx = Math.max(0, x); xx < Math.min(this.w, x + rw); xx++) this.pixels[row + xx] = color;
    }
  }

  private text(str: string, x: number, y: number): void {
    const s = this.scale;
    for (let c = 0; c < str.length; c++) {
      const rows = glyphRows(str[c]);
      if (!rows) continue;
      const gx = x + c * (GLYPH_W + 1) * s;
      for (let r = 0; r < GLYPH_H; r++) {
        for (let b = 0; b < GLYPH_W; b++) {
          if (rows[r] & (0x10 >> b)) this.rect(gx + b * s, y + r * s, s, s, 0xffffffff);
        }
      }
    }
  }
}

function fmt(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const sec = seconds - m * 60;
  return `${m}:${sec.toFixed(1).padStart(4, '0')}`;
}
