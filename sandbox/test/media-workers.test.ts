/**
 * Media is rendered in worker threads, never on the sandbox's event loop (docs/robust-host.md,
 * "Principles"): the studio embeds the sandbox, so a render on that loop would freeze the studio
 * itself.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { imagePixelSize } from '@shared/gateway/index.js';
import { inspectAudio } from '@media/audio-inspect.js';
import { sniffImage } from '@media/sniff.js';
import { inspectMp4 } from '@media/mp4-inspect.js';
import { startSandbox } from '../server.js';
import { admin, call, data, errorOf, pollUntilDone, stats, until, useSandbox } from './harness.js';

const sandbox = useSandbox({ speed: 1000 });
const url = () => sandbox().url;
const bytesAt = async (link: string) => new Uint8Array(await (await fetch(link)).arrayBuffer());
const speak = (base: string, format: string) =>
  call(base, '/v1/audio/speech', { body: { model: 'tts-1', input: 'The workers keep the studio responsive.', voice: 'nova', response_format: format } });

describe('media workers', () => {
  it('answer other calls while a 10 s video and four 4K images render', async () => {
    const { task_id: video } = await data(url(), '/v1/videos/generations', { body: { model: 'modelg3', prompt: 'a long take of a harbour at dawn', duration: 10, aspect_ratio: '16:9' } });
    const [{ task_id: images }] = await data(url(), '/v1/images/generations', { body: { model: 'seedream-4-5', prompt: 'four huge posters', resolution: '4K', size: '16:9', n: 4 } });
    const finished = async (id: string) => ['completed', 'failed'].includes((await data(url(), `/v1/tasks/${id}`)).status);
    // A call counts only if one and the same render job was running before it was sent and still
    // after it was answered, which cannot happen when the render holds the event loop.
    const witnessed = new Set<string>();
    while (!(await finished(video)) || !(await finished(images))) {
      const before = (await stats(url())).media.running;
      if (before.length === 0) continue;
      const balance = await call(url(), '/v1/account/balance');
      expect(balance.status).toBe(200);
      expect((await balance.json()).code).toBe(200);
      const after = (await stats(url())).media.running;
      for (const job of before) if (after.some((j) => j.job === job.job)) witnessed.add(job.kind);
    }
    expect([...witnessed].sort()).toEqual(['image', 'video']);

    const clip = (await data(url(), `/v1/tasks/${video}`)).result;
    const mp4 = inspectMp4(await bytesAt(clip.video_url));
    expect(mp4.durationSeconds).toBeCloseTo(10, 0);
    expect(mp4.width / mp4.height).toBeCloseTo(16 / 9, 1);
    const posters = (await data(url(), `/v1/tasks/${images}`)).result.images as { url: string }[];
    expect(posters).toHaveLength(4);
    const { width, height } = imagePixelSize('16:9', '4K');
    for (const p of posters) expect(await sniffImage(Buffer.from(await bytesAt(p.url)))).toMatchObject({ format: 'png', width, height });
  });

  it('lose only the job whose worker crashed: that speech call is a gateway error, the next one speaks', async () => {
    const spent = async () => (await data(url(), '/v1/account/balance')).total_used as number;
    const before = await spent();
    await admin(url(), 'faults/media', { mode: 'crash' });
    const e = await errorOf(await speak(url(), 'mp3'));
    expect(e).toMatchObject({ status: 500, type: 'server_error' });
    expect(e.message).toMatch(/^Speech synthesis failed in the sandbox: the media worker stopped unexpectedly/);
    expect(await spent()).toBe(before);
    const res = await speak(url(), 'aac');
    expect(res.status).toBe(200);
    expect(inspectAudio(Buffer.from(await res.arrayBuffer())).container).toBe('adts-aac');
    expect((await stats(url())).media.crashed).toBe(1);
  });
});

describe('a media job past its time limit', () => {
  const limited = useSandbox({ speed: 1000, mediaTimeLimitMs: 3000 });
  const base = () => limited().url;
  const submit = (prompt: string) => data(base(), '/v1/images/generations', { body: { model: 'seedream-4-0', prompt, resolution: '1K' } });

  it('has its worker stopped: the task fails with the reason and is refunded, and the next task completes', async () => {
    const spent = async () => (await data(base(), '/v1/account/balance')).total_used as number;
    const before = await spent();
    await admin(base(), 'faults/media', { mode: 'hang' });
    const [{ task_id: stuck }] = await submit('a job that never ends');
    await until('the job to run', async () => (await stats(base())).media.running.length > 0);
    // The worker spins without yielding; the sandbox still answers.
    expect((await call(base(), '/v1/account/balance')).status).toBe(200);
    const { final } = await pollUntilDone(base(), `/v1/tasks/${stuck}`);
    expect(final).toMatchObject({ status: 'failed', error: { message: 'Generation failed in the sandbox: the image job ran past its 3 s time limit and its worker was stopped' } });
    expect(await spent()).toBeCloseTo(before, 6);
    expect((await stats(base())).media).toMatchObject({ timed_out: 1, running: [] });

    const [{ task_id: next }] = await submit('the next job');
    const done = (await pollUntilDone(base(), `/v1/tasks/${next}`)).final;
    expect(done.status).toBe('completed');
    expect((await sniffImage(Buffer.from(await bytesAt(done.result.images[0].url)))).format).toBe('png');
  });

  it('answers a speech call that overran with 504 and the reason', async () => {
    await admin(base(), 'faults/media', { mode: 'hang' });
    const e = await errorOf(await speak(base(), 'flac'));
    expect(e).toMatchObject({ status: 504, type: 'server_error' });
    expect(e.message).toMatch(/ran past its 3 s time limit/);
  });
});

describe('closing the sandbox while a job renders', () => {
  it('stops the worker at once and leaves the task to resume at the next start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-media-close-'));
    try {
      const first = await startSandbox({ dataDir: dir, speed: 1000, streamPaceMs: 0 });
      await admin(first.url, 'faults/media', { mode: 'hang' });
      const [{ task_id }] = await data(first.url, '/v1/images/generations', { body: { model: 'seedream-4-0', prompt: 'interrupted', resolution: '1K' } });
      await until('the job to run', async () => (await stats(first.url)).media.running.length > 0);
      // The default time limit is a minute: only terminating the worker lets close() return now.
      await first.close();

      const second = await startSandbox({ dataDir: dir, speed: 1000, streamPaceMs: 0 });
      try {
        const { final } = await pollUntilDone(second.url, `/v1/tasks/${task_id}`);
        expect(final.status).toBe('completed');
        expect((await fetch(final.result.images[0].url)).status).toBe(200);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
