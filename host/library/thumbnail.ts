/**
 * Thumbnails for the gallery grid: at most 320 px on the long side, never enlarged, JPEG unless
 * the picture may have transparency (then PNG, so a cut-out does not turn black). Audio has none.
 *
 * Pictures are decoded and scaled by libvips through `sharp`, whose work runs on libvips' own
 * threads: the host's event loop only waits for the result. Videos get a poster frame from a
 * native ffmpeg process (poster.ts). Both read the file by its path; it is never loaded here.
 */
import type { Sniffed } from '@media/sniff.js';
import { noThumbnail, THUMB_MAX_SIDE, videoPoster, type PosterOptions, type ThumbnailResult } from './poster.js';

export type { Thumbnail, ThumbnailResult } from './poster.js';

/** Bigger pictures would need gigabytes to decode; libvips also enforces it (`limitInputPixels`). */
export const MAX_IMAGE_PIXELS = 100_000_000;
export const MAX_IMAGE_SIDE = 30_000;
/** Far more than the largest allowed picture needs; libvips abandons the work past it. */
const IMAGE_TIMEOUT_SECONDS = 30;

export interface ThumbnailOptions extends PosterOptions {
  /** False: videos get no poster (pictures still get a thumbnail). */
  posters?: boolean;
}

type Sharp = typeof import('sharp').default;
let loaded: Promise<Sharp> | undefined;

/**
 * Loaded on first use, so that starting the host never waits for (or fails on) the native
 * module. One libvips thread per picture and no operation cache: thumbnails are made once, so a
 * cache would only hold memory, and the second core stays free for the app.
 */
function loadSharp(): Promise<Sharp> {
  loaded ??= import('sharp').then((m) => {
    const sharp = m.default;
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loaded;
}

function tooLarge(width: number | undefined, height: number | undefined): boolean {
  if (width === undefined || height === undefined) return false;
  return width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS;
}
const tooLargeReason = (width?: number, height?: number) => `the picture is too large for a thumbnail (${width}×${height})`;

/** Throws when libvips cannot decode the file (damaged, truncated); the library logs that too. */
async function imageThumbnail(file: string, type: Pick<Sniffed, 'width' | 'height' | 'alpha'>): Promise<ThumbnailResult> {
  // The sniffed header first: a forged size is refused before libvips opens the file.
  if (tooLarge(type.width, type.height)) return noThumbnail(tooLargeReason(type.width, type.height));
  const sharp = await loadSharp();
  // Animated GIF and WebP: the first frame only (sharp's default of one page).
  const image = sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS });
  // Reads the header only. The sniffer may have found no size (a JPEG's can sit behind more
  // EXIF than it reads) and cannot tell whether a GIF or WebP has transparency; libvips can.
  const info = await image.metadata();
  if (tooLarge(info.width, info.height)) return noThumbnail(tooLargeReason(info.width, info.height));
  const alpha = type.alpha === true || info.hasAlpha;
  // EXIF orientation applied, as the viewer shows the picture.
  const scaled = image
    .autoOrient()
    .resize({ width: THUMB_MAX_SIDE, height: THUMB_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .timeout({ seconds: IMAGE_TIMEOUT_SECONDS });
  if (alpha) return { ok: true, thumb: { data: await scaled.png().toBuffer(), ext: '.png' } };
  return { ok: true, thumb: { data: await scaled.jpeg({ quality: 82 }).toBuffer(), ext: '.jpg' } };
}

/**
 * Makes the thumbnail of the file at `file`, or says why there is none; undefined when its kind
 * has none. May also throw (a file libvips cannot decode); the caller saves the file either way.
 */
export async function makeThumbnail(
  file: string,
  type: Pick<Sniffed, 'kind' | 'mime' | 'width' | 'height' | 'alpha'>,
  opts: ThumbnailOptions = {},
): Promise<ThumbnailResult | undefined> {
  if (type.kind === 'image') return imageThumbnail(file, type);
  if (type.kind === 'video' && opts.posters !== false) return videoPoster(file, type, opts);
  return undefined;
}
