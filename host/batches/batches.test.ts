import { describe, expect, it } from 'vitest';
import { openCore } from '../test/open-core.js';

const cell = (prompt: string, model: string, extra: Record<string, unknown> = {}) => ({
  coords: { prompt, model },
  request: { route: 'image', request: { model, prompt, resolution: '1K', ...extra } },
});

const input = (cells: unknown[]) => ({ name: 'Whales', kind: 'image', axes: ['prompt', 'model'], cells });

describe('batch runs through the contract', () => {
  it('queues every cell as a job of the batch, and its view counts them saved with their cost', async () => {
    const c = await openCore();
    const cells = [cell('a glass whale', 'seedream-4-0'), cell('a glass whale', 'modela-4o-image'), cell('a paper whale', 'seedream-4-0'), cell('a paper whale', 'modela-4o-image')];
    const batch = await c.value('batches.create', input(cells));
    expect(batch).toMatchObject({ name: 'Whales', kind: 'image', cells: 4, paused: false });
    const tasks = await c.value('tasks.list');
    expect(tasks).toHaveLength(4);
    expect(tasks.map((t: any) => t.batch).sort((a: any, b: any) => a.index - b.index)).toEqual([0, 1, 2, 3].map((index) => ({ id: batch.id, index })));
    await c.until(async () => (await c.value('batches.get', { id: batch.id })).batch.counts.saved === 4);
    const got = await c.value('batches.get', { id: batch.id });
    expect(got.cells.map((x: any) => [x.index, x.coords.prompt, x.coords.model, x.state, x.libraryIds.length])).toEqual([
      [0, 'a glass whale', 'seedream-4-0', 'saved', 1], [1, 'a glass whale', 'modela-4o-image', 'saved', 1],
      [2, 'a paper whale', 'seedream-4-0', 'saved', 1], [3, 'a paper whale', 'modela-4o-image', 'saved', 1],
    ]);
    expect(got.batch.cost).toMatchObject({ calls: 4 });
    expect((await c.value('batches.list'))[0].id).toBe(batch.id);
    // Told to the page as its jobs change, gathered: the last one tells all four saved.
    await c.until(async () => c.events.some((e) => e.event === 'batches.onChange' && e.payload.id === batch.id && e.payload.counts.saved === 4));
  });

  it('refuses the whole batch when one cell breaks a rule, naming the cell, and queues nothing', async () => {
    const c = await openCore();
    const bad = (await c.call('batches.create', input([cell('ok', 'seedream-4-0'), cell('bad', 'seedream-4-0', { resolution: '9K' })]))) as any;
    expect(bad.ok).toBe(false);
    expect(bad.error.param).toMatch(/^cells\.1\./);
    const video = { coords: { prompt: 'v', model: 'modelg3' }, request: { route: 'video', request: { model: 'modelg3', prompt: 'v' } } };
    const mixed = (await c.call('batches.create', input([cell('ok', 'seedream-4-0'), video]))) as any;
    expect(mixed.error).toMatchObject({ code: 'invalid_input', param: 'cells.1' });
    expect(mixed.error.message).toContain('Cell 2');
    expect(await c.value('batches.check', input([cell('ok', 'seedream-4-0'), video]))).toMatchObject({ jobs: 2, refusals: [{ index: 1 }] });
    expect(await c.value('tasks.list')).toEqual([]);
    expect(await c.value('batches.list')).toEqual([]);
  });
});
