/**
 * The size the sandbox encodes a video at, from the aspect ratio and size class a client asked
 * for (sandbox/README.md, "Video jobs"). The ratio is kept, so a creator sees the frame they
 * asked for; the pixels are a quarter of each side, so tests and e2e runs that make many videos
 * stay fast (a 10 s 1080p clip encodes in about 1.3 s on a 2-core machine, 720p in 0.6 s).
 */

/** A size class is the short side in pixels: 720 for 720p (`1280*720`, `720*1280`). */
export const GENERATIONS_SIZE_CLASS = 720;
/** Encoded sides are this fraction of the requested ones: 720p → 180 px, 1080p → 270 px. */
const SCALE = 1 / 4;
/**
 * Bounds of the encoded short side. The floor keeps even rounding within the tolerance below
 * (the long side is off by at most 1 px, so the ratio by at most 1/100); the cap keeps a 4K
 * request as fast as a 1080p one.
 */
const MIN_SHORT_SIDE = 100;
const MAX_SHORT_SIDE = 270;
/** |encoded w/h ÷ requested ratio − 1|; 0 for every size the catalog offers today. */
export const VIDEO_RATIO_TOLERANCE = 0.01;
/** Wider than 4:1 the long side would pass the renderer's 1920 px limit and lose the ratio. */
const MAX_RATIO = 4;

export interface VideoSize { width: number; height: number }
export interface VideoSizePlan {
  /** The ratio in lowest terms when both terms are whole: `1920:1080` → `16:9`. */
  aspect: string;
  /** What the real gateway would deliver at that size class. */
  requested: VideoSize;
  /** What the sandbox encodes. */
  encoded: VideoSize;
}

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** `W:H` (a ratio or a pixel size) as two positive numbers, or a RangeError. */
function parseAspect(aspect: string): [number, number] {
  const m = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(aspect.trim());
  const [w, h] = m ? [Number(m[1]), Number(m[2])] : [0, 0];
  if (!(w > 0 && h > 0)) throw new RangeError(`aspect ratio must be W:H with positive sides, got '${aspect}'`);
  if (Math.max(w / h, h / w) > MAX_RATIO) throw new RangeError(`aspect ratio ${aspect} is wider than ${MAX_RATIO}:1`);
  return [w, h];
}

/** Both sides of a frame whose short side is `short`, the long one following the ratio. */
function sidesFor(ratio: number, short: number): VideoSize {
  return ratio >= 1 ? { width: even(short * ratio), height: short } : { width: short, height: even(short / ratio) };
}

/**
 * Plans a video's size: `aspect` is `W:H` (`16:9`, or a pixel size such as `1920:1080`),
 * `sizeClass` the requested short side in pixels. The encoded short side is a quarter of it,
 * kept within 100–270 px and even; the long side is the even number nearest the ratio.
 */
export function planVideoSize(aspect: string, sizeClass: number): VideoSizePlan {
  const [w, h] = parseAspect(aspect);
  if (!Number.isInteger(sizeClass) || sizeClass < MIN_SHORT_SIDE) {
    throw new RangeError(`size class must be a whole number of pixels, at least ${MIN_SHORT_SIDE}, got ${sizeClass}`);
  }
  const ratio = w / h;
  const g = Number.isInteger(w) && Number.isInteger(h) ? gcd(w, h) : 1;
  const short = even(Math.min(MAX_SHORT_SIDE, Math.max(MIN_SHORT_SIDE, sizeClass * SCALE)));
  return { aspect: `${w / g}:${h / g}`, requested: sidesFor(ratio, sizeClass), encoded: sidesFor(ratio, short) };
}

/** The task's `result.sandbox_note`: the encoded size against the requested one. */
export function describeVideoSize(plan: VideoSizePlan, seconds: number, sizeAssumed: boolean): string {
  const { requested: r, encoded: e } = plan;
  const sizeClass = Math.min(r.width, r.height);
  const why = sizeAssumed ? `; this route names no size, so the sandbox takes ${sizeClass}p` : '';
  return `Sandbox video: real H.264, ${seconds} s at ${plan.aspect}, encoded at ${e.width}×${e.height} instead of the `
    + `requested ${r.width}×${r.height} (${sizeClass}p${why}): same ratio, fewer pixels, to keep generation fast.`;
}
