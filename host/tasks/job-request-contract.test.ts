/**
 * The job request is typed at the contract (shared/contract/job-request.ts): a forged call, as a
 * compromised page or a stale client would send it, is refused at the boundary of the real
 * dispatch with the field named, and no job is recorded or sent.
 */
import { englishText } from '@shared/messages/index.js';
import { describe, expect, it } from 'vitest';
import { openCore } from '../test/open-core.js';

const refusal = async (c: Awaited<ReturnType<typeof openCore>>, method: string, input: unknown) => {
  const r = (await c.core.dispatch(method, input)) as { ok: boolean; error?: { code: string; param?: string; text?: unknown } };
  expect(r.ok).toBe(false);
  return { ...r.error!, english: englishText(r.error!.text as never) };
};

describe('a forged job request', () => {
  it('is refused at the boundary with the field named: a wrong type, an unknown parameter, an unknown model', async () => {
    const c = await openCore();
    const wrongType = await refusal(c, 'tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'x', n: '2' } });
    expect(wrongType).toMatchObject({ code: 'invalid_input', param: 'request.n' });
    const unknown = await refusal(c, 'tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'x', seed: 7 } });
    expect(unknown).toMatchObject({ code: 'invalid_input', param: 'request.seed' });
    expect(unknown.english).toMatch(/'seed'/);
    const model = await refusal(c, 'tasks.submit', { route: 'video', request: { model: 'seedream-4-0', prompt: 'x' } });
    expect(model).toMatchObject({ code: 'invalid_input', param: 'request.model' });
    expect(model.english).toMatch(/modelg3/);
    const multipart = await refusal(c, 'tasks.submit', { route: 'video-multipart', request: { model: 'wan2.5-t2v-preview', prompt: 'x', seconds: 5 } });
    expect(multipart).toMatchObject({ code: 'invalid_input', param: 'request.seconds' });
    // One bad request in a batch refuses the batch, named by its place.
    const batch = await refusal(c, 'tasks.submitBatch', { requests: [
      { route: 'image', request: { model: 'seedream-4-0', prompt: 'fine' } },
      { route: 'image', request: { model: 'seedream-4-0', prompt: 'x', resolution: 9 } },
    ] });
    expect(batch).toMatchObject({ code: 'invalid_input', param: 'requests.1.request.resolution' });
    expect(await c.value('tasks.list')).toEqual([]);
  });

  it('a batch is queued whole before the call answers, and each job is saved', async () => {
    const c = await openCore();
    const jobs = await c.value('tasks.submitBatch', { requests: ['a red kite', 'a blue kite', 'a green kite'].map((prompt) => ({ route: 'image', request: { model: 'seedream-4-0', prompt, resolution: '1K' } })) });
    expect(jobs.map((j: { state: string }) => j.state)).toEqual(['waiting', 'waiting', 'waiting']);
    await c.until(async () => (await c.value('tasks.list')).filter((t: { state: string }) => t.state === 'saved').length === 3);
    expect((await c.value('library.list', {})).total).toBe(3);
    expect(await c.value('tasks.queue')).toMatchObject({ waiting: 0, running: 0, paused: false });
  });

  it('a paused queue sends nothing until resumed', async () => {
    const c = await openCore();
    expect(await c.value('tasks.pauseQueue')).toMatchObject({ paused: true });
    await c.value('tasks.submitBatch', { requests: [{ route: 'image', request: { model: 'seedream-4-0', prompt: 'held back', resolution: '1K' } }] });
    expect(await c.value('tasks.queue')).toMatchObject({ paused: true, waiting: 1, running: 0 });
    expect(c.events.some((e) => e.event === 'tasks.onQueueChange' && e.payload.waiting === 1)).toBe(true);
    await c.value('tasks.resumeQueue');
    await c.until(async () => (await c.value('tasks.list'))[0]?.state === 'saved');
  });
});
