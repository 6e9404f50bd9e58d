/**
 * The admin routes the result-latency benchmark reads (sandbox/routes/admin-tasks.ts): a task's
 * true done time in the client's wall-clock time, its status queries, and the noisy progress mode.
 * Each phase is read at a simulated time the test chose (a manual clock), never raced.
 */
import { describe, expect, it } from 'vitest';
import { NOISY_DURATION_SPREAD, noisyDurationMs, noisyFraction } from '../core/progress-curve.js';
import { admin, data, manualClock, until, useSandbox } from './harness.js';

const time = manualClock();
const sandbox = useSandbox({ clock: time.clock });
const url = () => sandbox().url;
const task = (id: string) => sandbox().state.tasks.get(id)!;
const view = (id: string) => data(url(), `/v1/tasks/${id}`);
const timeline = async (id: string) => {
  const res = await fetch(`${url()}/_sandbox/tasks/${id}/timeline`);
  return { status: res.status, body: await res.json() };
};

/** A 1K image job whose rendering is done, its clock still at submission. */
async function rendered(prompt: string): Promise<string> {
  const [{ task_id }] = await data(url(), '/v1/images/generations', { body: { model: 'seedream-4-0', resolution: '1K', prompt } });
  await until('the image to render', () => task(task_id).outcome.state === 'ready');
  return task_id as string;
}

describe('GET /_sandbox/tasks/<id>/timeline', () => {
  it('says null until the task is done, then the real time a query first answered completed, and counts the queries', async () => {
    await admin(url(), 'faults/reset');
    const id = await rendered('timeline');
    time.advance(4_000);
    await view(id);
    const running = await timeline(id);
    expect(running.status).toBe(200);
    expect(running.body).toMatchObject({ task_id: id, status: 'running', done_at: null });
    expect(running.body.queries).toHaveLength(1);
    // The job takes 8 simulated seconds; read it 3 s after it ended.
    time.advance(task(id).durationMs - 4_000 + 3_000);
    expect((await view(id)).status).toBe('completed');
    const before = Date.now();
    const done = await timeline(id);
    const after = Date.now();
    expect(done.body.status).toBe('done');
    expect(done.body.done_at).toBeGreaterThanOrEqual(before - 3_000 - 1);
    expect(done.body.done_at).toBeLessThanOrEqual(after - 3_000 + 1);
    expect(done.body.created_at).toBeLessThan(done.body.done_at);
    expect(done.body.queries).toHaveLength(2);
  });

  it('answers 404 for a task it does not have', async () => {
    expect((await timeline('img_nope')).status).toBe(404);
  });
});

describe('POST /_sandbox/tasks/progress', () => {
  /** Progress of `id` every 100 simulated ms until it completes, from its submission. */
  async function trace(id: string): Promise<{ progress: number[]; doneAfterMs: number }> {
    const start = task(id).createdAt;
    time.set(start);
    const progress: number[] = [];
    for (;;) {
      time.advance(100);
      const d = await view(id);
      if (d.status === 'completed') return { progress, doneAfterMs: time.now() - start };
      if (d.status === 'processing') progress.push(d.progress);
    }
  }

  it('noisy: non-linear, monotone progress; the same at every read; lengths within ±4 %; reset goes back to linear', async () => {
    const bad = await fetch(`${url()}/_sandbox/tasks/progress`, { method: 'POST', body: JSON.stringify({ mode: 'wobbly' }) });
    expect(bad.status).toBe(400);
    await admin(url(), 'tasks/progress', { mode: 'noisy' });
    const noisy = await rendered('noisy one');
    const { progress, doneAfterMs } = await trace(noisy);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    const nominal = task(noisy).durationMs;
    const linear = progress.map((_, i) => Math.floor(((i + 15) * 100 * 100) / nominal)); // from 1.5 s on
    expect(Math.max(...progress.map((p, i) => Math.abs(p - Math.min(99, linear[i]))))).toBeGreaterThanOrEqual(5);
    expect(Math.abs(doneAfterMs - nominal)).toBeLessThanOrEqual(nominal * NOISY_DURATION_SPREAD + 100);
    // Read again at the same simulated times: the same answers.
    expect((await trace(noisy)).progress).toEqual(progress);

    await admin(url(), 'faults/reset');
    const plain = await rendered('linear again');
    expect(task(plain).curve).toBeUndefined();
    const again = await trace(plain);
    expect(again.doneAfterMs).toBe(task(plain).durationMs);
    expect(again.progress[0]).toBe(Math.floor((1_500 / task(plain).durationMs) * 100));
  });

  it('noisy curves stay within 0–1, rise monotonically and end at 1, whatever the id', () => {
    for (let n = 0; n < 200; n++) {
      const id = `gen_${n.toString(16)}`;
      let last = 0;
      for (let x = 0; x <= 1.0001; x += 0.01) {
        const y = noisyFraction(id, x);
        expect(y).toBeGreaterThanOrEqual(last);
        expect(y).toBeLessThanOrEqual(1);
        last = y;
      }
      expect(noisyFraction(id, 1)).toBe(1);
      expect(Math.abs(noisyDurationMs(id, 60_000) - 60_000)).toBeLessThanOrEqual(60_000 * NOISY_DURATION_SPREAD + 1);
    }
  });
});
