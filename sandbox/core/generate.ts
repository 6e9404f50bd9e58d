/** Turns a task's parameters into real media files and the task's `result`. */
import type { SandboxState } from './context.js';
import type { Generate, TaskRecord } from './tasks.js';
import { GatewayError } from './http.js';
import { MediaJobError } from '../media/media-pool.js';
import type { MediaInput, MediaKind, MediaOutput } from '../media/media-jobs.js';
import { describeVideoSize, GENERATIONS_SIZE_CLASS, planVideoSize } from '../media/video-size.js';

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

/**
 * The requested ratio and size class, and the smaller size encoded at that ratio
 * (sandbox/README.md, "Video jobs"). The multipart route asks for a pixel size (`requested`,
 * `W×H`, its short side the class); the generations route only for a ratio, taken at 720p.
 */
function videoSize(params: Record<string, unknown>) {
  const sized = typeof params.requested === 'string' ? /^(\d+)×(\d+)$/.exec(params.requested) : null;
  if (sized) {
    const [w, h] = [Number(sized[1]), Number(sized[2])];
    return { plan: planVideoSize(`${w}:${h}`, Math.min(w, h)), assumed: false };
  }
  return { plan: planVideoSize(String(params.aspect ?? '16:9'), GENERATIONS_SIZE_CLASS), assumed: true };
}

async function generateVideo(s: SandboxState, t: TaskRecord) {
  const { seconds } = t.params as { seconds: number };
  const { plan, assumed } = videoSize(t.params);
  const video = await renderMedia(s, 'video', { prompt: t.actualPrompt ?? t.prompt, seconds, ...plan.encoded });
  const rec = s.files.put(video.mp4, 'video.mp4', 'video/mp4');
  const url = s.files.url(s.baseUrl, rec);
  const sandbox_note = describeVideoSize({ ...plan, encoded: { width: video.width, height: video.height } }, video.seconds, assumed);
  const meta = {
    duration: video.seconds, width: video.width, height: video.height,
    requested_width: plan.requested.width, requested_height: plan.requested.height, sandbox_note,
  };
  return t.route === 'multipart' ? { result: { sandbox_note }, videoUrl: url } : { result: { video_url: url, ...meta } };
}

export const createGenerator = (s: () => SandboxState): Generate => (t) =>
  t.kind === 'image' ? generateImages(s(), t) : generateVideo(s(), t);
