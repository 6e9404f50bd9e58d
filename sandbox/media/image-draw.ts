import type { Rgba } from './image-codec.js';

export type Rgb = readonly [number, number, number];

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** RGBA raster with span fills done through a Uint32 view, which is what keeps 4096² renders fast. */
export class Canvas implements Rgba {
  readonly data: Uint8Array;
  private readonly px: Uint32Array;

  constructor(readonly width: number, readonly height: number, data?: Uint8Array) {
    this.data = data ?? new Uint8Array(width * height * 4);
    if (this.data.length !== width * height * 4) throw new RangeError('pixel buffer does not match dimensions');
    // A fresh copy guarantees 4-byte alignment for the Uint32 view.
    if (this.data.byteOffset % 4 !== 0) this.data = new Uint8Array(this.data);
    this.px = new Uint32Array(this.data.buffer, this.data.byteOffset, width * height);
  }

  static pack([r, g, b]: Rgb, a = 255): number {
    return LITTLE_ENDIAN ? ((a << 24) | (b << 16) | (g << 8) | r) >>> 0 : ((r << 24) | (g << 16) | (b << 8) | a) >>> 0;
  }

  /** Horizontal span [x0, x1) on row y, clipped. */
  span(y: number, x0: number, x1: number, packed: number): void {
    if (y < 0 || y >= this.height) return;
    const a = Math.max(0, Math.round(x0));
    const b = Math.min(this.width, Math.round(x1));
    if (b > a) this.px.fill(packed, y * this.width + a, y * this.width + b);
  }

  fillRect(x: number, y: number, w: number, h: number, color: Rgb): void {
    const packed = Canvas.pack(color);
    const y0 = Math.max(0, Math.round(y));
    const y1 = Math.min(this.height, Math.round(y + h));
    for (let yy = y0; yy < y1; yy++) this.span(yy, x, x + w, packed);
  }

  /** Vertical two-stop gradient; every row is a single fill so it costs nothing per pixel. */
  verticalGradient(top: Rgb, bottom: Rgb): void {
    const h = Math.max(1, this.height - 1);
    for (let y = 0; y < this.height; y++) {
      const t = y / h;
      this.span(y, 0, this.width, Canvas.pack(mix(top, bottom, t)));
    }
  }

  /** Disc, or a ring when `inner` > 0. */
  fillCircle(cx: number, cy: number, r: number, color: Rgb, inner = 0): void {
    const packed = Canvas.pack(color);
    const y0 = Math.max(0, Math.floor(cy - r));
    const y1 = Math.min(this.height - 1, Math.ceil(cy + r));
    for (let y = y0; y <= y1; y++) {
      const dy = y + 0.5 - cy;
      if (dy * dy > r * r) continue;
      const dx = Math.sqrt(r * r - dy * dy);
      if (inner > 0 && dy * dy < inner * inner) {
        const di = Math.sqrt(inner * inner - dy * dy);
        this.span(y, cx - dx, cx - di, packed);
        this.span(y, cx + di, cx + dx, packed);
      } else {
        this.span(y, cx - dx, cx + dx, packed);
      }
    }
  }

  /** Convex polygon (triangles, rotated quads) by scanline intersection. */
  fillPolygon(points: ReadonlyArray<readonly [number, number]>, color: Rgb): void {
    const packed = Canvas.pack(color);
    const ys = points.map((p) => p[1]);
    const y0 = Math.max(0, Math.floor(Math.min(...ys)));
    const y1 = Math.min(this.height - 1, Math.ceil(Math.max(...ys)));
    for (let y = y0; y <= y1; y++) {
      const sy = y + 0.5;
      let lo = Infinity;
      let hi = -Infinity;
      for (let i = 0; i < points.length; i++) {
        const [ax, ay] = points[i];
        const [bx, by] = points[(i + 1) % points.length];
        if ((sy < ay && sy < by) || (sy >= ay && sy >= by)) continue;
        const x = ax + ((sy - ay) / (by - ay)) * (bx - ax);
        lo = Math.min(lo, x);
        hi = Math.max(hi, x);
      }
      if (hi > lo) this.span(y, lo, hi, packed);
    }
  }

  /** Blends a flat colour over a rectangle; used for text backdrops so text stays legible on any background. */
  shadeRect(x: number, y: number, w: number, h: number, color: Rgb, alpha: number): void {
    const x0 = Math.max(0, Math.round(x));
    const x1 = Math.min(this.width, Math.round(x + w));
    const y0 = Math.max(0, Math.round(y));
    const y1 = Math.min(this.height, Math.round(y + h));
    const a = Math.round(alpha * 256);
    const [r, g, b] = color;
    const d = this.data;
    for (let yy = y0; yy < y1; yy++) {
      for (let i = (yy * this.width + x0) * 4, end = (yy * this.width + x1) * 4; i < end; i += 4) {
        d[i] += ((r - d[i]) * a) >> 8;
        d[i + 1] += ((g - d[i + 1]) * a) >> 8;
        d[i + 2] += ((b - d[i + 2]) * a) >> 8;
      }
    }
  }
}

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [
    Math.round(a[0] + (b[0] - a[0]) * t),
    Math.round(a[1] + (b[1] - a[1]) * t),
    Math.round(a[2] + (b[2] - a[2]) * t),
  ];
}

/** h in degrees, s and l in 0..1. */
export function hsl(h: number, s: number, l: number): Rgb {
  const hh = (((h % 360) + 360) % 360) / 60;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs((hh % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    hh < 1 ? [c, x, 0] : hh < 2 ? [x, c, 0] : hh < 3 ? [0, c, x] : hh < 4 ? [0, x, c] : hh < 5 ? [x, 0, c] : [c, 0, x];
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}

/** Relative luminance in 0..255, enough to pick black or white text. */
export function luma([r, g, b]: Rgb): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}
