/**
 * Video poster frames: the first frame, scaled to fit `THUMB_MAX_SIDE`, as a JPEG made by the
 * native ffmpeg in a child process (ffmpeg-process.ts) that reads the file by its path. MP4 and
 * MOV headers are checked in the host first (mp4-probe.ts), so an absurd duration or size is
 * refused without starting a decoder; WebM has no such cheap check and relies on the time limit.
 */
import { installedFfmpegPath, runFfmpegProcess } from '@media/ffmpeg-process.js';
import { probeMp4 } from '@media/mp4-probe.js';
import { sniff, type Sniffed } from '@media/sniff.js';

export const THUMB_MAX_SIDE = 320;

export interface Thumbnail {
  data: Buffer;
  ext: '.jpg' | '.png';
}

/**
 * A refusal is data, not an error: its reason only goes to the log (the item is saved without a
 * thumbnail and the gallery shows its kind's icon), so it never becomes a message for the screen.
 */
export type ThumbnailResult = { ok: true; thumb: Thumbnail } | { ok: false; reason: string };
export const noThumbnail = (reason: string): ThumbnailResult => ({ ok: false, reason });

export interface PosterOptions {
  /** Another ffmpeg than the one @ffmpeg-installer ships (tests use stand-ins). */
  ffmpegPath?: string;
  /** Hard limit for one decoder run; default `POSTER_TIMEOUT_MS`. */
  timeoutMs?: number;
  /** Largest poster accepted from the decoder; default `POSTER_MAX_OUTPUT_BYTES`. */
  maxOutputBytes?: number;
  /** Told the pid of each decoder process (tests check that it is gone afterwards). */
  onSpawn?: (pid: number) => void;
}

/** A first frame takes ~50 ms on these machines; this is for a slow disk, not a slow decoder. */
export const POSTER_TIMEOUT_MS = 15_000;
/** A 320 px JPEG is tens of kilobytes; anything near this is not a poster. */
export const POSTER_MAX_OUTPUT_BYTES = 8 * 1024 * 1024;
/** Longer than any generated clip by far: such a header is forged or damaged. */
export const MAX_POSTER_SECONDS = 6 * 60 * 60;
/** 8K video is 7680 px wide; a header claiming more than twice that is not a real video. */
export const MAX_VIDEO_SIDE = 16_384;

/**
 * The demuxer is named rather than guessed from the content: a file sniffed as MP4 must not be
 * read as, say, an HLS playlist that makes ffmpeg open other files.
 */
const DEMUXER: Record<string, string> = { 'video/mp4': 'mov', 'video/quicktime': 'mov', 'video/webm': 'matroska' };

/**
 * At most two decoders at a time on these 2-core machines, so a burst of saved videos cannot
 * take every core from the app; each run's time limit starts when it gets its turn.
 */
const MAX_DECODERS = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function turn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_DECODERS) await new Promise<void>((go) => waiting.push(go));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** Why the MP4/MOV header says no decoder should see this file, or undefined when it may. */
async function headerRefusal(file: string): Promise<string | undefined> {
  const probe = await probeMp4(file);
  if (!probe.ok) return `unreadable video header: ${probe.reason}`;
  const { durationSeconds, width = 0, height = 0 } = probe.header;
  if (durationSeconds !== undefined && durationSeconds > MAX_POSTER_SECONDS) return `the header claims a duration of ${Math.round(durationSeconds)} s`;
  if (width > MAX_VIDEO_SIDE || height > MAX_VIDEO_SIDE) return `the header claims a ${width}×${height} picture`;
  return undefined;
}

export function posterArgs(file: string, demuxer: string): string[] {
  return [
    '-nostdin', '-hide_banner', '-v', 'error',
    // Only plain files: no network protocols, and no data references to other files.
    '-protocol_whitelist', 'file',
    // One frame needs no frame threads; this keeps the decoder on one core.
    '-threads', '1',
    '-f', demuxer,
    // The `file:` prefix keeps a name containing ':' from being read as a protocol.
    '-i', `file:${file}`,
    '-map', '0:v:0', '-frames:v', '1', '-an', '-sn', '-dn',
    // Quoted so the commas stay inside the expressions instead of splitting the filter graph;
    // `area` averages like a box filter, which keeps large downscales free of aliasing.
    '-vf', `scale='min(${THUMB_MAX_SIDE},iw)':'min(${THUMB_MAX_SIDE},ih)':force_original_aspect_ratio=decrease:flags=area`,
    // MJPEG wants full-range YUV; naming it avoids the deprecated automatic conversion.
    '-pix_fmt', 'yuvj420p', '-c:v', 'mjpeg', '-q:v', '4',
    '-f', 'image2pipe', 'pipe:1',
  ];
}

/** The poster of the video at `file`, or why there is none (the library saves the file anyway). */
export async function videoPoster(file: string, type: Pick<Sniffed, 'mime'>, opts: PosterOptions = {}): Promise<ThumbnailResult> {
  const demuxer = DEMUXER[type.mime];
  if (!demuxer) return noThumbnail(`no poster for ${type.mime}`);
  const refusal = demuxer === 'mov' ? await headerRefusal(file) : undefined;
  if (refusal) return noThumbnail(refusal);
  const ffmpegPath = opts.ffmpegPath ?? (await installedFfmpegPath());
  if (!ffmpegPath) return noThumbnail('no ffmpeg for this platform');
  const result = await turn(() =>
    runFfmpegProcess({
      ffmpegPath,
      args: posterArgs(file, demuxer),
      timeoutMs: opts.timeoutMs ?? POSTER_TIMEOUT_MS,
      maxOutputBytes: opts.maxOutputBytes ?? POSTER_MAX_OUTPUT_BYTES,
      onSpawn: opts.onSpawn,
    }),
  );
  if (!result.ok) return noThumbnail(`ffmpeg ${result.reason}: ${result.detail}`);
  // Checked rather than trusted: whatever the decoder wrote is served to the renderer.
  const out = await sniff(result.stdout);
  if (out?.mime !== 'image/jpeg' || !out.width || !out.height || Math.max(out.width, out.height) > THUMB_MAX_SIDE) {
    return noThumbnail('ffmpeg wrote no usable poster');
  }
  return { ok: true, thumb: { data: result.stdout, ext: '.jpg' } };
}
