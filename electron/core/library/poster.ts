/**
 * Thumbnails and video poster frames made by ffmpeg.wasm. Its loader lives in the sandbox
 * (`runFfmpeg`) and is imported lazily, so that the 32 MB WASM is only compiled when a visual
 * file is saved, and nothing else in the library depends on the sandbox at runtime.
 *
 * It is used for images too: on these 2-core machines it decodes and scales a 2048² JPEG in
 * about 0.2 s where jpeg-js takes 3.6 s, and every millisecond here blocks the main process.
 */
export const THUMB_MAX_SIDE = 320;

/** ffmpeg.wasm holds the whole input in its 32-bit heap; past this a thumbnail is not worth the risk. */
export const POSTER_MAX_INPUT_BYTES = 256 * 1024 * 1024;

export interface FfmpegThumbnail {
  data: Buffer;
  ext: '.jpg' | '.png';
}

/**
 * The first frame scaled to fit `THUMB_MAX_SIDE` (never enlarged): PNG if `alpha`, else JPEG.
 * This WASM build's MJPEG encoder writes past its packet buffer on some small, detailed frames
 * (a 320×180 H.264 clip of the sandbox crashes it every time), so a crash is retried as PNG.
 */
export async function ffmpegThumbnail(media: Uint8Array, alpha = false): Promise<FfmpegThumbnail> {
  if (media.length > POSTER_MAX_INPUT_BYTES) throw new Error('file too large for a thumbnail');
  if (alpha) return firstFrame(media, 'png');
  try {
    return await firstFrame(media, 'jpg');
  } catch (err) {
    if (!/crashed/.test(err instanceof Error ? err.message : '')) throw err;
    return firstFrame(media, 'png');
  }
}

async function firstFrame(media: Uint8Array, ext: 'jpg' | 'png'): Promise<FfmpegThumbnail> {
  const { runFfmpeg } = await import('../../../sandbox/media/audio-ffmpeg.js');
  const codec = ext === 'png' ? ['-c:v', 'png', '-pix_fmt', 'rgba'] : ['-c:v', 'mjpeg', '-q:v', '4'];
  const out = await runFfmpeg({
    input: media,
    outputArgs: [
      '-frames:v', '1',
      // Quoted so the commas stay inside the expressions instead of splitting the filter graph;
      // `area` averages like a box filter, which keeps large downscales free of aliasing.
      '-vf', `scale='min(${THUMB_MAX_SIDE},iw)':'min(${THUMB_MAX_SIDE},ih)':force_original_aspect_ratio=decrease:flags=area`,
      '-an', '-f', 'image2', ...codec,
    ],
    outputExt: ext,
  });
  return { data: Buffer.from(out.buffer, out.byteOffset, out.byteLength), ext: `.${ext}` };
}
