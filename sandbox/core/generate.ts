/** Turns a task's parameters into real media files and the task's `result`. */
import type { SandboxState } from './context.js';
import type { Generate, TaskRecord } from './tasks.js';
import { renderPromptImage } from '../media/image-render.js';
import { renderPromptVideo } from '../media/video-render.js';

/** Videos are rendered small to keep generation fast; the task says so in its metadata. */
const PREVIEW_SIZES: Record<string, [number, number]> = { '16:9': [320, 180], '9:16': [180, 320], '1:1': [240, 240] };

async function generateImages(s: SandboxState, t: TaskRecord) {
  const { width, height, count } = t.params as { width: number; height: number; count: number };
  const refs = (t.params.references as string[] | undefined) ?? [];
  const prompt = refs.length ? `${t.prompt} (guided by ${refs.length} reference image${refs.length > 1 ? 's' : ''})` : t.prompt;
  const images = [];
  for (let i = 0; i < count; i++) {
    const png = await renderPromptImage({ prompt, width, height, index: i });
    const rec = s.files.put(Buffer.from(png), `image-${i + 1}.png`, 'image/png');
    images.push({ url: s.files.url(s.baseUrl, rec), width, height });
  }
  return { result: { images } };
}

async function generateVideo(s: SandboxState, t: TaskRecord) {
  const { seconds, aspect, requested } = t.params as { seconds: number; aspect: string; requested?: string };
  const [w, h] = PREVIEW_SIZES[aspect] ?? PREVIEW_SIZES['16:9'];
  const video = await renderPromptVideo({ prompt: t.actualPrompt ?? t.prompt, seconds, width: w, height: h });
  const rec = s.files.put(video.mp4, 'video.mp4', 'video/mp4');
  const url = s.files.url(s.baseUrl, rec);
  const sandbox_note = `Sandbox video: real H.264, ${video.seconds} s at ${aspect}, scaled down to ${video.width}×${video.height}${requested ? ` from ${requested}` : ''} to keep generation fast.`;
  const meta = { duration: video.seconds, width: video.width, height: video.height, sandbox_note };
  return t.route === 'multipart' ? { result: { sandbox_note }, videoUrl: url } : { result: { video_url: url, ...meta } };
}

export const createGenerator = (s: () => SandboxState): Generate => (t) =>
  t.kind === 'image' ? generateImages(s(), t) : generateVideo(s(), t);
