import { describe, expect, it } from 'vitest';
import {
  GenericTask, MULTIPART_VIDEO_MODELS, MULTIPART_VIDEO_SIZES, MultipartVideoSubmission, MultipartVideoTask, VideoSubmission, VideoTaskResult, envelope,
} from '@shared/gateway/index.js';
import { inspectMp4 } from '@media/mp4-inspect.js';
import { admin, call, data, errorOf, KEY, manualClock, pollUntilDone, until, useSandbox } from './harness.js';

const sandbox = useSandbox({ speed: 2000 });
const url = () => sandbox().url;
const submit = (body: Record<string, unknown>) => call(url(), '/v1/videos/generations', { body: { prompt: 'waves at sunset', ...body } });

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}
const postForm = (base: string, fields: Record<string, string>) =>
  fetch(`${base}/v1/videos`, { method: 'POST', headers: { Authorization: `Bearer ${KEY}` }, body: form({ prompt: 'a paper plane over a city', ...fields }) });
const mp4At = async (u: string) => inspectMp4(new Uint8Array(await (await fetch(u)).arrayBuffer()));

/** sandbox/README.md, "Video jobs": the encoded size keeps the requested ratio to within 1%. */
const ratioError = (width: number, height: number, ratio: number) => Math.abs(width / height / ratio - 1);
/** The sizes `result.sandbox_note` reports: what was encoded and what was asked for. */
function noteSizes(note: string) {
  const m = /encoded at (\d+)×(\d+) instead of the requested (\d+)×(\d+) \((\d+)p\b/.exec(note);
  if (!m) throw new Error(`sandbox_note does not report the sizes: ${note}`);
  const [encW, encH, reqW, reqH, sizeClass] = m.slice(1).map(Number);
  return { encoded: { width: encW, height: encH }, requested: { width: reqW, height: reqH }, sizeClass };
}

describe('video generations route validation (spec 4.7)', () => {
  const refused: [string, Record<string, unknown>, string, RegExp][] = [
    ['hailuo for 4 s', { model: 'modelf-hailuo-02', duration: 4 }, 'duration', /5 to 10/],
    ['hailuo for 11 s', { model: 'modelf-hailuo-02', duration: 11 }, 'duration', /5 to 10/],
    ['modelg3 for 16 s', { model: 'modelg3', duration: 16 }, 'duration', /5 to 15/],
    ['a duration as a string', { model: 'modelg3', duration: '5' }, 'duration', /integer/],
    ['modelg3 at 1:1', { model: 'modelg3', aspect_ratio: '1:1' }, 'aspect_ratio', /16:9, 9:16 for modelg3/],
    ['hailuo at 4:3', { model: 'modelf-hailuo-02', aspect_ratio: '4:3' }, 'aspect_ratio', /16:9, 9:16, 1:1/],
    ['an image_url that is not http(s)', { model: 'modelg3', image_url: 'file:///tmp/a.png' }, 'image_url', /http/],
    ['an unknown model', { model: 'modelz' }, 'model', /modelf-hailuo-02, modelg3/],
    ['a parameter the route does not have', { model: 'modelg3', seconds: 5 }, 'seconds', /not a parameter of modelg3/],
  ];
  it.each(refused)('refuses %s', async (_n, body, param, allowed) => {
    const e = await errorOf(await submit(body));
    expect(e).toMatchObject({ status: 400, param });
    expect(e.message).toMatch(allowed);
  });

  it.each([
    ['hailuo 10 s at 1:1 from an image', { model: 'modelf-hailuo-02', duration: 10, aspect_ratio: '1:1', image_url: 'https://example.com/still.png' }],
    ['modelg3 15 s at 9:16', { model: 'modelg3', duration: 15, aspect_ratio: '9:16' }],
  ])('accepts %s', async (_n, body) => {
    const res = await submit(body);
    expect(envelope(VideoSubmission).parse(await res.json()).data.status).toBe('submitted');
  });
});

describe('video generations route jobs (spec 4.9)', () => {
  it.each([
    ['modelf-hailuo-02', 5, '1:1', 1],
    ['modelg3', 7, '9:16', 9 / 16],
    ['modelg3', 5, undefined, 16 / 9],
  ] as const)('%s makes a real %i s H.264 MP4 at %s', async (model, duration, aspect, ratio) => {
    const body = { model, prompt: 'a red balloon drifting', duration, ...(aspect ? { aspect_ratio: aspect } : {}) };
    const { task_id } = await data(url(), '/v1/videos/generations', { body });
    const { final, seen } = await pollUntilDone(url(), `/v1/tasks/${task_id}`);
    expect(seen.at(-1)).toBe('completed');
    const result = VideoTaskResult.parse(GenericTask.parse(final).result);
    const info = await mp4At(result.video_url);
    expect(info.codec).toMatch(/^avc1/);
    expect(info.durationSeconds).toBeCloseTo(duration, 0);
    expect(ratioError(info.width, info.height, ratio)).toBeLessThanOrEqual(0.01);
    expect([info.width % 2, info.height % 2]).toEqual([0, 0]);
    // The route names no size (spec 4.7): the sandbox takes 720p and says which size it encoded.
    const sizes = noteSizes(final.result.sandbox_note);
    expect(sizes.encoded).toEqual({ width: info.width, height: info.height });
    expect(sizes.sizeClass).toBe(720);
    expect(Math.min(sizes.requested.width, sizes.requested.height)).toBe(720);
    expect(ratioError(sizes.requested.width, sizes.requested.height, ratio)).toBeLessThanOrEqual(0.01);
    expect(final.result).toMatchObject({
      width: info.width, height: info.height, requested_width: sizes.requested.width, requested_height: sizes.requested.height,
    });
  });

  it('fails with error.message when asked to', async () => {
    await admin(url(), 'faults/task', { message: 'Video model overloaded' });
    const { task_id } = await data(url(), '/v1/videos/generations', { body: { model: 'modelg3', prompt: 'x' } });
    const { final } = await pollUntilDone(url(), `/v1/tasks/${task_id}`);
    expect(final).toMatchObject({ status: 'failed', error: { message: 'Video model overloaded' } });
  });
});

describe('multipart video route (spec 4.8, 2.12)', () => {
  it('refuses a JSON body: the route takes multipart/form-data', async () => {
    const e = await errorOf(await call(url(), '/v1/videos', { body: { model: 'wan2.5-t2v-preview', prompt: 'x' } }));
    expect(e.status).toBe(415);
    expect(e.message).toMatch(/multipart\/form-data/);
  });

  it.each([
    ['seconds 4', { model: 'wan2.5-t2v-preview', seconds: '4' }, 'seconds', /3, 5, 10/],
    ['size 1920x1080', { model: 'wan2.6-t2v-preview', size: '1920x1080' }, 'size', /1920\*1080, 1080\*1920, 1280\*720, 720\*1280/],
    ['watermark yes', { model: 'wan2.5-t2v-preview', watermark: 'yes' }, 'watermark', /true, false/],
    ['an unknown model', { model: 'wan9' }, 'model', /wan2.5-t2v-preview, wan2.6-t2v-preview/],
  ])('refuses %s', async (_n, fields, param, allowed) => {
    const e = await errorOf(await postForm(url(), fields));
    expect(e).toMatchObject({ status: 400, param });
    expect(e.message).toMatch(allowed);
  });

  it('encodes every size of the catalog at its ratio, larger for 1080p than for 720p', async () => {
    const asked = MULTIPART_VIDEO_SIZES.map((size, i) => ({ size, model: MULTIPART_VIDEO_MODELS[i % MULTIPART_VIDEO_MODELS.length] }));
    const subs = await Promise.all(asked.map(async ({ size, model }) =>
      envelope(MultipartVideoSubmission).parse(await (await postForm(url(), { model, size, seconds: '3' })).json()).data));
    const got = new Map<string, { width: number; height: number }>();
    for (const [i, { size }] of asked.entries()) {
      const { final } = await pollUntilDone(url(), `/v1/videos/${subs[i].task_id}`);
      const t = MultipartVideoTask.parse(final);
      expect(t.task_status).toBe('SUCCEEDED');
      const info = await mp4At(decodeURIComponent(t.video_url!));
      const [w, h] = size.split('*').map(Number);
      expect(ratioError(info.width, info.height, w / h), size).toBeLessThanOrEqual(0.01);
      expect([info.width % 2, info.height % 2], size).toEqual([0, 0]);
      expect(noteSizes(final.sandbox_note), size).toEqual({
        encoded: { width: info.width, height: info.height }, requested: { width: w, height: h }, sizeClass: Math.min(w, h),
      });
      got.set(size, { width: info.width, height: info.height });
    }
    // Same ratio, larger size class (1080p against 720p in today's catalog): a larger file.
    const dims = (size: string) => size.split('*').map(Number);
    const pairs = asked.flatMap((a) => asked.map((b) => [dims(a.size), dims(b.size), a.size, b.size] as const))
      .filter(([[aw, ah], [bw, bh]]) => aw * bh === ah * bw && Math.min(aw, ah) > Math.min(bw, bh));
    expect(pairs.length).toBeGreaterThan(0);
    for (const [, , big, small] of pairs) {
      expect(got.get(big)!.width, big).toBeGreaterThan(got.get(small)!.width);
      expect(got.get(big)!.height, big).toBeGreaterThan(got.get(small)!.height);
    }
  });

  it('fails as FAILED with a message when asked to', async () => {
    await admin(url(), 'faults/task', { message: 'Content policy' });
    const sub = envelope(MultipartVideoSubmission).parse(await (await postForm(url(), { model: 'wan2.5-t2v-preview' })).json()).data;
    const { final } = await pollUntilDone(url(), `/v1/videos/${sub.task_id}`);
    expect(MultipartVideoTask.parse(final)).toMatchObject({ task_status: 'FAILED', error: { message: 'Content policy' } });
  });

  it('does not show multipart tasks on the generic route, nor the reverse', async () => {
    const sub = (await (await postForm(url(), { model: 'wan2.5-t2v-preview' })).json()).data;
    expect((await call(url(), `/v1/tasks/${sub.task_id}`)).status).toBe(404);
    expect((await call(url(), '/v1/videos/gen_unknown')).status).toBe(404);
  });
});

describe('a multipart video watched from submission (a clock the test sets)', () => {
  // Each phase is read at a simulated time the test chose, so no poll can miss one on a busy machine.
  const time = manualClock();
  const slow = useSandbox({ clock: time.clock });
  it('moves PENDING → RUNNING → SUCCEEDED with an encoded video_url, prompts and times', async () => {
    const res = await postForm(slow().url, { model: 'wan2.6-t2v-preview', seconds: '3', size: '720*1280', watermark: 'true' });
    const sub = envelope(MultipartVideoSubmission).parse(await res.json()).data;
    expect(sub.task_status).toBe('PENDING');
    const view = () => data(slow().url, `/v1/videos/${sub.task_id}`);
    const task = () => slow().state.tasks.list().find((t) => t.id === sub.task_id)!;
    expect(await view()).toMatchObject({ task_status: 'PENDING' });
    await until('the video to start rendering', () => task().startedAt !== undefined);
    time.advance(2_000);
    expect(await view()).toMatchObject({ task_status: 'RUNNING' });
    await until('the video to render', () => task().outcome.state === 'ready');
    time.advance(task().durationMs);
    const final = await view();
    const t = MultipartVideoTask.parse(final);
    expect(t.task_status).toBe('SUCCEEDED');
    expect(t.video_url).toMatch(/^http%3A%2F%2F127\.0\.0\.1%3A/);
    const info = await mp4At(decodeURIComponent(t.video_url!));
    expect(info.durationSeconds).toBeCloseTo(3, 0);
    expect(info.height).toBeGreaterThan(info.width);
    expect(t.orig_prompt).toBe('a paper plane over a city');
    expect(t.actual_prompt).toContain('a paper plane over a city');
    expect(t.actual_prompt).not.toBe(t.orig_prompt);
    expect(Date.parse(`${t.end_time!.replace(' ', 'T')}Z`)).toBeGreaterThan(Date.parse(`${t.submit_time!.replace(' ', 'T')}Z`));
  });
});
