/**
 * Renders a short, real H.264 MP4 whose picture is drawn from the prompt, so the
 * sandbox gateway returns media a player can open and a person can tell apart.
 * Encoding uses h264-mp4-encoder (minih264 + minimp4 compiled to WASM): no native
 * addon, no download at install time.
 */
import type { H264MP4Encoder } from 'h264-mp4-encoder';
import { finishMp4 } from './mp4-finish.js';
import { Scene } from './video-scene.js';

export interface RenderVideoOptions {
  prompt: string;
  /** Exact duration of the clip; the gateway asks for 3–15 s. */
  seconds: number;
  /** Rounded to an even number (H.264 4:2:0 needs it), at least 16. */
  width: number;
  height: number;
  /** Whole frames per second, 1–60; default 12. */
  fps?: number;
}

export interface RenderedVideo {
  mp4: Buffer;
  width: number;
  height: number;
  fps: number;
  seconds: number;
  frameCount: number;
}

export const DEFAULT_FPS = 12;
const MAX_SECONDS = 60;
const MAX_SIDE = 1920;

type EncoderModule = typeof import('h264-mp4-encoder');
let encoderModule: Promise<EncoderModule> | undefined;
let queue: Promise<unknown> = Promise.resolve();
let outputSeq = 0;

function loadEncoder(): Promise<EncoderModule> {
  encoderModule ??= (async () => {
    const uncaught = process.listeners('uncaughtException');
    const rejection = process.listeners('unhandledRejection');
    const m = await import('h264-mp4-encoder');
    // Emscripten's Node glue installs process-wide handlers that rethrow/abort (and
    // print the whole bundle); they are not ours to keep, so the host's own error
    // handling stays intact.
    for (const l of process.listeners('uncaughtException')) {
      if (!uncaught.includes(l)) process.off('uncaughtException', l);
    }
    for (const l of process.listeners('unhandledRejection')) {
      if (!rejection.includes(l)) process.off('unhandledRejection', l);
    }
    // A CommonJS webpack bundle: Node exposes it only as `default`, tsx also by name.
    const named = m as Partial<EncoderModule> & { default?: EncoderModule };
    return named.createH264MP4Encoder ? (named as EncoderModule) : (named.default as EncoderModule);
  })().catch((err: unknown) => {
    encoderModule = undefined; // let a later call retry rather than cache the failure
    throw err;
  });
  return encoderModule;
}

/**
 * Encoders share one WASM heap and one in-memory file system, and we yield to the
 * event loop between frames, so runs are queued rather than interleaved.
 */
function serialized<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

function evenSide(n: number, name: string): number {
  if (!Number.isFinite(n) || n <= 0) throw new RangeError(`${name} must be a positive number, got ${n}`);
  return Math.min(MAX_SIDE, Math.max(16, Math.round(n / 2) * 2));
}

export async function renderPromptVideo(opts: RenderVideoOptions): Promise<RenderedVideo> {
  const width = evenSide(opts.width, 'width');
  const height = evenSide(opts.height, 'height');
  const fps = opts.fps ?? DEFAULT_FPS;
  if (!Number.isInteger(fps) || fps < 1 || fps > 60) throw new RangeError(`fps must be an integer 1–60, got ${fps}`);
  const { seconds } = opts;
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_SECONDS) {
    throw new RangeError(`seconds must be in (0, ${MAX_SECONDS}], got ${seconds}`);
  }
  const frameCount = Math.max(1, Math.round(seconds * fps));
  const mod = await loadEncoder();
  const mp4 = await serialized(() => encode(mod, opts.prompt, width, height, fps, frameCount));
  return { mp4, width, height, fps, seconds: frameCount / fps, frameCount };
}

async function encode(
  mod: EncoderModule, prompt: string, width: number, height: number, fps: number, frameCount: number,
): Promise<Buffer> {
  const encoder: H264MP4Encoder = await mod.createH264MP4Encoder();
  encoder.outputFilename = `gateway-video-${++outputSeq}.mp4`;
  try {
    encoder.width = width;
    encoder.height = height;
    encoder.frameRate = fps;
    encoder.speed = 10; // fastest preset; the sandbox favours latency over bitrate
    encoder.quantizationParameter = 26; // keeps the prompt text legible
    encoder.groupOfPictures = fps; // a key frame each second keeps seeking cheap
    encoder.initialize();
    const scene = new Scene(prompt, width, height, fps, frameCount);
    for (let f = 0; f < frameCount; f++) {
      encoder.addFrameRgba(scene.draw(f));
      // Let other requests breathe; a 10 s clip otherwise blocks the loop for ~0.5 s.
      if (f % 8 === 7) await new Promise((resolve) => setImmediate(resolve));
    }
    encoder.finalize();
    const raw = encoder.FS.readFile(encoder.outputFilename);
    encoder.FS.unlink(encoder.outputFilename);
    return finishMp4(Buffer.from(raw));
  } finally {
    encoder.delete();
  }
}
