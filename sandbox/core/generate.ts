/** Turns a task's parameters into real media files and the task's `result`. */
import type { SandboxState } from './context.js';
import type { Generate, TaskRecord } from './tasks.js';
import { GatewayError } from './http.js';
import { MediaJobError } from '../media/media-pool.js';
import type { MediaInput, MediaKind, MediaOutput } from '../media/media-jobs.js';

/** Videos are rendered small to keep generation fast; the task says so in its metadata. */
const PREVIEW_SIZES: Record<string, [number, number]> = { '16:9': [320, 180], '9:16': [180, 320], '1:1': [240, 240] };

/** Runs one media job in the worker pool, with the `faults/media` fault if one is pending. */
export function renderMedia<K extends MediaKind>(s: SandboxState, kind: K, input: MediaInput<K>): Promise<MediaOutput<K>> {
  return s.media.run(kind, input, s.faults.nextMediaFault());
}

/**
 * For routes that answer synchronously: a job that failed in its worker is the gateway's failure
 * (5xx), with the reason a client can show; 504 when it ran out of time.
 */
export function mediaFailure(what: string) {
  return (err: unknown): never => {
    const status = err instanceof MediaJobError ? (err.reason === 'timeout' ? 504 : err.reason === 'closed' ? 503 : 500) : 500;
    throw new GatewayError(status, `${what} failed in the sandbox: ${(err as Error).message}`);
  };
}

async function generateImages(s: SandboxState, t: TaskRecord) {
  const { width, height, count } = t.params as { width: number; height: number; count: number };
  const refs = (t.params.references as string[] | undefined) ?? [];
  const prompt = refs.length ? `${t.prompt} (guided by ${refs.length} reference image${refs.length > 1 ? 's' : ''})` : t.prompt;
  const images = [];
  // One job per image: each gets the full time limit, and the queue stays fair to speech calls.
  for (let i = 0; i < count; i++) {
    const { png } = await renderMedia(s, 'image', { prompt, width, height, index: i });
    const rec = s.files.put(png, `image-${i + 1}.png`, 'image/png');
    images.push({ url: s.files.url(s.baseUrl, rec), width, height });
  }
  return { result: { images } };
}

async function generateVideo(s: SandboxState, t: TaskRecord) {
  const { seconds, aspect, requested } = t.params as { seconds: number; aspect: string; requested?: string };
  const [w, h] = PREVIEW_SIZES[aspect] ?? PREVIEW_SIZES['16:9'];
  const video = await renderMedia(s, 'video', { prompt: t.actualPrompt ?? t.prompt, seconds, width: w, height: h });
  const rec = s.files.put(video.mp4, 'video.mp4', 'video/mp4');
  const url = s.files.url(s.baseUrl, rec);
  const sandbox_note = `Sandbox video: real H.264, ${video.seconds} s at ${aspect}, scaled down to ${video.width}×${video.height}${requested ? ` from ${requested}` : ''} to keep generation fast.`;
  const meta = { duration: video.seconds, width: video.width, height: video.height, sandbox_note };
  return t.route === 'multipart' ? { result: { sandbox_note }, videoUrl: url } : { result: { video_url: url, ...meta } };
}

export const createGenerator = (s: () => SandboxState): Generate => (t) =>
  t.kind === 'image' ? generateImages(s(), t) : generateVideo(s(), t);
