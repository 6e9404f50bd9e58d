import { describe, expect, it } from 'vitest';
import { dataDirCores } from '../test/data-dir-cores.js';

const cores = dataDirCores('batch-actions-');

const cell = (prompt: string, model = 'seedream-4-0') => ({ coords: { prompt }, request: { route: 'image', request: { model, prompt, resolution: '1K' } } });
const input = (prompts: string[]) => ({ name: 'Run', kind: 'image', axes: ['prompt'], cells: prompts.map((p) => cell(p)) });

type Core = Awaited<ReturnType<typeof cores.start>>;
const until = async (pred: () => Promise<boolean>) => {
  for (let i = 0; i < 1_500 && !(await pred()); i++) await new Promise((r) => setTimeout(r, 20));
  if (!(await pred())) throw new Error('timed out');
};
const submissions = async (c: Core) => {
  const { sandboxUrl } = await c.value('app.info');
  return ((await (await fetch(`${sandboxUrl}/_sandbox/submissions`)).json()) as { prompts: Record<string, number> }).prompts;
};
const states = async (c: Core, id: string) => (await c.value('batches.get', { id })).cells.map((x: any) => x.state);

describe('acting on a batch', () => {
  it('a paused batch sends nothing more, stays paused across a restart, and resume sends the rest', async () => {
    const dir = cores.freshDir();
    let c = await cores.start(dir);
    c.resume();
    await c.value('tasks.pauseQueue');
    const batch = await c.value('batches.create', input(['p1', 'p2', 'p3']));
    expect((await c.value('batches.pause', { id: batch.id })).paused).toBe(true);
    await c.value('tasks.resumeQueue');
    // The queue runs (a loose job goes through) but leaves the paused batch's jobs waiting.
    const loose = await c.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'loose', resolution: '1K' } });
    await until(async () => (await c.value('tasks.list')).find((t: any) => t.id === loose.id)?.state === 'saved');
    expect(await states(c, batch.id)).toEqual(['waiting', 'waiting', 'waiting']);
    expect(Object.keys(await submissions(c))).toEqual(['loose']);
    await c.close();

    c = await cores.start(dir);
    c.resume();
    expect((await c.value('batches.list'))[0]).toMatchObject({ id: batch.id, paused: true, counts: { waiting: 3 } });
    expect(await states(c, batch.id)).toEqual(['waiting', 'waiting', 'waiting']);
    await c.value('batches.resume', { id: batch.id });
    await until(async () => (await c.value('batches.get', { id: batch.id })).batch.counts.saved === 3);
    // This start's embedded sandbox counts from zero: each waiting job was sent once, now.
    expect(await submissions(c)).toEqual({ p1: 1, p2: 1, p3: 1 });
  });

  it('cancels only what is not yet sent, and nothing of it is ever bought', async () => {
    const c = await cores.start(cores.freshDir());
    c.resume();
    await c.value('tasks.pauseQueue');
    const batch = await c.value('batches.create', input(['c1', 'c2', 'c3', 'c4']));
    const view = await c.value('batches.cancelPending', { id: batch.id });
    expect(view.counts).toMatchObject({ cancelled: 4, waiting: 0 });
    await c.value('tasks.resumeQueue');
    const loose = await c.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'after', resolution: '1K' } });
    await until(async () => (await c.value('tasks.list')).find((t: any) => t.id === loose.id)?.state === 'saved');
    expect(await submissions(c)).toEqual({ after: 1 });
    // Over now: it may be removed, its jobs stay in the list.
    expect(await c.value('batches.remove', { id: batch.id })).toEqual({ removed: true });
    expect(await c.value('batches.list')).toEqual([]);
    expect((await c.value('tasks.list')).filter((t: any) => t.batch?.id === batch.id)).toHaveLength(4);
    expect(c.events.some((e) => e.event === 'batches.onRemove' && e.payload.id === batch.id)).toBe(true);
  });

  it('refuses to remove a batch that still has jobs to send', async () => {
    const c = await cores.start(cores.freshDir());
    c.resume();
    await c.value('tasks.pauseQueue');
    const batch = await c.value('batches.create', input(['r1']));
    const r = await c.call('batches.remove', { id: batch.id });
    expect(r.error.code).toBe('conflict');
    expect((await c.value('batches.list'))).toHaveLength(1);
  });

  it('reorder sends the chosen cells first', async () => {
    const c = await cores.start(cores.freshDir());
    c.resume();
    await c.value('tasks.setQueueLimits', { perModel: 1, overall: 1 });
    await c.value('tasks.pauseQueue');
    const batch = await c.value('batches.create', input(['o0', 'o1', 'o2', 'o3']));
    await c.value('batches.reorder', { id: batch.id, first: [3, 2] });
    await c.value('tasks.resumeQueue');
    await until(async () => (await c.value('batches.get', { id: batch.id })).batch.counts.saved === 4);
    const sent = (await c.value('tasks.list')).filter((t: any) => t.batch?.id === batch.id).sort((a: any, b: any) => a.submittedAt - b.submittedAt);
    expect(sent.map((t: any) => t.prompt)).toEqual(['o3', 'o2', 'o0', 'o1']);
    const bad = await c.call('batches.reorder', { id: batch.id, first: [9] });
    expect(bad.error.code).toBe('invalid_input');
  });

  it('retry failed queues a new job in the same cell, keeping the failed one in its tries', async () => {
    const c = await cores.start(cores.freshDir());
    c.resume();
    const { sandboxUrl } = await c.value('app.info');
    await fetch(`${sandboxUrl}/_sandbox/faults/task`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: 'melted' }) });
    const batch = await c.value('batches.create', input(['f0']));
    await until(async () => (await c.value('batches.get', { id: batch.id })).batch.counts.failed === 1);
    const before = (await c.value('batches.get', { id: batch.id })).cells[0];
    const view = await c.value('batches.retryFailed', { id: batch.id });
    expect(view.counts.failed).toBe(0);
    await until(async () => (await c.value('batches.get', { id: batch.id })).batch.counts.saved === 1);
    const after = (await c.value('batches.get', { id: batch.id })).cells[0];
    expect(after.tries).toEqual([before.jobId]);
    expect(after.jobId).not.toBe(before.jobId);
    expect(after.libraryIds).toHaveLength(1);
    expect((await c.call('batches.retryFailed', { id: batch.id })).error.code).toBe('conflict');
  });

  it('hides a cell from the contact sheet and keeps it hidden after a restart', async () => {
    const dir = cores.freshDir();
    let c = await cores.start(dir);
    await c.value('tasks.pauseQueue');
    const batch = await c.value('batches.create', input(['h0', 'h1']));
    expect(await c.value('batches.setHidden', { id: batch.id, index: 1, hidden: true })).toMatchObject({ index: 1, hidden: true });
    expect((await c.call('batches.setHidden', { id: batch.id, index: 5, hidden: true })).error.code).toBe('not_found');
    await c.close();
    c = await cores.start(dir);
    expect((await c.value('batches.get', { id: batch.id })).cells.map((x: any) => x.hidden)).toEqual([false, true]);
    expect((await c.call('batches.get', { id: 'nope' })).error.code).toBe('not_found');
  });

  it('queue limits are kept across a restart, and out-of-range ones refused', async () => {
    const dir = cores.freshDir();
    let c = await cores.start(dir);
    expect(await c.value('tasks.queueLimits')).toEqual({ perModel: 2, overall: 4 });
    expect(await c.value('tasks.setQueueLimits', { perModel: 3, overall: 7 })).toEqual({ perModel: 3, overall: 7 });
    expect((await c.call('tasks.setQueueLimits', { perModel: 0, overall: 7 })).error.code).toBe('invalid_input');
    await c.close();
    c = await cores.start(dir);
    expect(await c.value('tasks.queueLimits')).toEqual({ perModel: 3, overall: 7 });
  });
});
