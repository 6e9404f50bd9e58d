import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import { GenericTask, ImageSubmission, ImageTaskResult, envelope, imagePixelSize } from '@shared/gateway/index.js';
import { renderPromptImage } from '../media/image-render.js';
import { admin, call, data, errorOf, manualClock, pngDataUri, pollUntilDone, until, useSandbox } from './harness.js';

const sandbox = useSandbox({ speed: 50 });
const url = () => sandbox().url;
const submit = (body: Record<string, unknown>) => call(url(), '/v1/images/generations', { body: { prompt: 'a paper boat on a pond', ...body } });

const decode = async (u: string) => PNG.sync.read(Buffer.from(await (await fetch(u)).arrayBuffer()));
const png = renderPromptImage({ prompt: 'ref', width: 32, height: 32 });
const jpg = Buffer.from(jpeg.encode({ data: Buffer.alloc(16 * 16 * 4, 200), width: 16, height: 16 }, 80).data);
const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');

describe('image validation per model (spec 2.15, §8)', () => {
  const refused: [string, Record<string, unknown>, string, RegExp][] = [
    ['seedream-4-5 at 1K', { model: 'seedream-4-5', resolution: '1K' }, 'resolution', /2K, 4K/],
    ['seedream-4-5 with n 16', { model: 'seedream-4-5', n: 16 }, 'n', /1 to 15/],
    ['seedream-4-5 with n 0', { model: 'seedream-4-5', n: 0 }, 'n', /1 to 15/],
    ['n as a string', { model: 'seedream-4-5', n: '2' }, 'n', /integer/],
    ['seedream-4-5 at 4:5', { model: 'seedream-4-5', size: '4:5' }, 'size', /21:9, 9:21/],
    ['seedream-4-5 with 11 references', { model: 'seedream-4-5', image_urls: Array(11).fill('https://example.com/a.png') }, 'image_urls', /at most 10/],
    ['sequential_image_generation "yes"', { model: 'seedream-4-5', sequential_image_generation: 'yes' }, 'sequential_image_generation', /disabled, auto/],
    ['watermark as a string', { model: 'seedream-4-5', watermark: 'false' }, 'watermark', /true or false/],
    ['seedream-4-0 with n 5', { model: 'seedream-4-0', n: 5 }, 'n', /1 to 4/],
    ['seedream-4-0 at 21:9', { model: 'seedream-4-0', size: '21:9' }, 'size', /2:3 for seedream-4-0/],
    ['seedream-4-0 with a watermark', { model: 'seedream-4-0', watermark: true }, 'watermark', /not a parameter of seedream-4-0/],
    ['seedream-4-0 with sequential generation', { model: 'seedream-4-0', sequential_image_generation: 'auto' }, 'sequential_image_generation', /not a parameter/],
    ['modela-4o-image at 4K', { model: 'modela-4o-image', resolution: '4K' }, 'resolution', /1K, 2K/],
    ['an unknown model', { model: 'seedream-9' }, 'model', /seedream-4-5, seedream-4-0, modela-4o-image/],
    ['no prompt', { model: 'seedream-4-5', prompt: '' }, 'prompt', /empty/],
    ['a reference that is neither URL nor data URI', { model: 'seedream-4-5', image_urls: ['file:///etc/passwd'] }, 'image_urls.0', /data URI/],
    ['a GIF reference (named png)', { model: 'seedream-4-5', image_urls: [`data:image/png;base64,${gif.toString('base64')}`] }, 'image_urls.0', /GIF image; allowed formats: jpeg, png/],
    ['a reference over 10 MB', { model: 'seedream-4-0', image_urls: [pngDataUri(Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]))] }, 'image_urls.0', /at most 10 MB/],
  ];
  it.each(refused)('refuses %s', async (_n, body, param, allowed) => {
    const e = await errorOf(await submit(body));
    expect(e).toMatchObject({ status: 400, type: 'invalid_request_error', param });
    expect(e.message).toMatch(allowed);
  });

  const accepted: [string, Record<string, unknown>][] = [
    ['seedream-4-5 with every parameter', { model: 'seedream-4-5', size: '9:21', resolution: '4K', n: 1, sequential_image_generation: 'disabled', watermark: true }],
    ['seedream-4-0 at 1K with n 4', { model: 'seedream-4-0', resolution: '1K', n: 4, size: '2:3' }],
    ['modela-4o-image at 4:5', { model: 'modela-4o-image', size: '4:5', resolution: '2K', n: 1 }],
    ['png and jpeg references (checked by content, whatever their names)', { model: 'seedream-4-0', image_urls: [pngDataUri(png), `data:image/png;base64,${jpg.toString('base64')}`, 'https://example.com/x.jpg'] }],
  ];
  it.each(accepted)('accepts %s', async (_n, body) => {
    const res = await submit(body);
    expect(res.status).toBe(200);
    const d = envelope(ImageSubmission).parse(await res.json()).data;
    expect(d[0].status).toBe('submitted');
  });
});

describe('image jobs (spec 4.6, 4.9)', () => {
  const images = async (taskId: string) => {
    const { final, seen } = await pollUntilDone(url(), `/v1/tasks/${taskId}`);
    GenericTask.parse(final);
    return { seen, final, result: ImageTaskResult.parse(final.result) };
  };

  it('counts references against the 15-image total, and a sequential group follows n', async () => {
    const refs = Array(3).fill(pngDataUri(png));
    const [{ task_id: withRefs }] = await data(url(), '/v1/images/generations', { body: { model: 'seedream-4-5', prompt: 'comic strip', n: 15, image_urls: refs, sequential_image_generation: 'auto' } });
    expect((await images(withRefs)).result.images).toHaveLength(12);
    const [{ task_id: group }] = await data(url(), '/v1/images/generations', { body: { model: 'seedream-4-5', prompt: 'four seasons', n: 4, sequential_image_generation: 'auto' } });
    const urls = (await images(group)).result.images.map((i) => i.url);
    expect(urls).toHaveLength(4);
    const bytes = await Promise.all(urls.map(async (u) => Buffer.from(await (await fetch(u)).arrayBuffer()).toString('base64')));
    expect(new Set(bytes).size).toBe(4);
  });

  it('ends failed with error.message when the model fails, and refunds the cost', async () => {
    const before = (await data(url(), '/v1/account/balance')).total_used;
    await admin(url(), 'faults/task', { message: 'The prompt was rejected by the model' });
    const [{ task_id }] = await data(url(), '/v1/images/generations', { body: { model: 'seedream-4-0', prompt: 'doomed' } });
    const { final, seen } = await pollUntilDone(url(), `/v1/tasks/${task_id}`);
    expect(seen.at(-1)).toBe('failed');
    expect(GenericTask.parse(final).error).toEqual({ message: 'The prompt was rejected by the model' });
    expect((await data(url(), '/v1/account/balance')).total_used).toBeCloseTo(before, 6);
  });

  it('answers 404 for unknown task ids and for another key\'s tasks', async () => {
    expect((await errorOf(await call(url(), '/v1/tasks/img_nope'))).status).toBe(404);
    const [{ task_id }] = await data(url(), '/v1/images/generations', { body: { model: 'seedream-4-0', prompt: 'mine' } });
    await admin(url(), 'keys/sk-other/balances', { balance: 1 });
    expect((await errorOf(await call(url(), `/v1/tasks/${task_id}`, { key: 'sk-other' }))).status).toBe(404);
  });
});

describe('an image job watched from submission (a clock the test sets)', () => {
  // Each phase is read at a simulated time the test chose, so no poll can miss one on a busy machine.
  const time = manualClock();
  const watched = useSandbox({ clock: time.clock });
  const task = (id: string) => watched().state.tasks.list().find((t) => t.id === id)!;
  const view = (id: string) => data(watched().url, `/v1/tasks/${id}`);

  /** Submits, and is back once the job's rendering began (still at the submission time). */
  const submitWatched = async (body: Record<string, unknown>) => {
    const [{ task_id }] = await data(watched().url, '/v1/images/generations', { body: { model: 'seedream-4-0', resolution: '1K', ...body } });
    await until('the job to start rendering', () => task(task_id).startedAt !== undefined);
    return task_id as string;
  };
  /** Waits for the real rendering, then moves the clock past the job's simulated length. */
  const finish = async (id: string) => {
    await until('the images to render', () => task(id).outcome.state === 'ready');
    time.advance(task(id).durationMs);
    return view(id);
  };

  it('reports rising progress while processing', async () => {
    const id = await submitWatched({ prompt: 'slow' });
    const progress: number[] = [];
    for (let step = 0; step < 4; step++) {
      time.advance(1_500);
      const d = await view(id);
      expect(d.status).toBe('processing');
      progress.push(d.progress);
    }
    expect(progress[0]).toBeGreaterThan(0);
    expect(new Set(progress).size).toBe(progress.length);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect((await finish(id)).status).toBe('completed');
  });

  it('moves submitted → processing → completed and yields real PNGs at the true pixel size', async () => {
    const id = await submitWatched({ prompt: 'a fox in snow', size: '16:9', n: 2 });
    const first = await view(id);
    expect(first).toMatchObject({ task_id: id, status: 'submitted', progress: 0 });
    expect(new Date(first.created_at).toISOString()).toBe(first.created_at);
    time.advance(2_000);
    expect(await view(id)).toMatchObject({ status: 'processing' });
    const final = await finish(id);
    expect(final).toMatchObject({ status: 'completed', progress: 100 });
    const result = ImageTaskResult.parse(GenericTask.parse(final).result);
    expect(result.images).toHaveLength(2);
    const { width, height } = imagePixelSize('16:9', '1K');
    for (const img of result.images) {
      expect([img.width, img.height]).toEqual([width, height]);
      const decoded = await decode(img.url);
      expect([decoded.width, decoded.height]).toEqual([width, height]);
    }
  });
});
