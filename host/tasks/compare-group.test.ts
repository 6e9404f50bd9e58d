/**
 * A compare run (one `tasks.submitBatch`) is one group: its jobs share a group id, each result
 * saved keeps its job and group (docs/library-files.md, "Stacks"), and the gallery's stacked list
 * shows the run as one item with a count, while a single submit stacks by its own job.
 */
import { describe, expect, it } from 'vitest';
import { openCore } from '../test/open-core.js';

interface Item { prompt: string; origin?: { jobId?: string; group?: string }; stackKey?: string; stackCount?: number }

describe('a compare run', () => {
  it('gives its jobs one group, and its saved results stack as one item in the gallery', async () => {
    const c = await openCore();
    const request = (prompt: string, n?: number) => ({ route: 'image', request: { model: 'seedream-4-0', prompt, resolution: '1K', ...(n ? { n } : {}) } });
    const jobs = (await c.value('tasks.submitBatch', { requests: [request('a red kite', 2), request('a blue kite')] })) as { id: string }[];
    const single = (await c.value('tasks.submit', request('a lone kite'))) as { id: string };
    await c.until(async () => (await c.value('tasks.list')).filter((t: { state: string }) => t.state === 'saved').length === 3);

    const all = (await c.value('library.list', {})).items as Item[];
    expect(all).toHaveLength(4);
    const run = all.filter((i) => i.prompt !== 'a lone kite');
    const group = run[0].origin?.group;
    expect(group).toBeTruthy();
    expect(run.every((i) => i.origin?.group === group)).toBe(true);
    expect(new Set(run.map((i) => i.origin?.jobId))).toEqual(new Set(jobs.map((j) => j.id)));
    const lone = all.find((i) => i.prompt === 'a lone kite')!;
    expect(lone.origin).toEqual({ jobId: single.id });

    const stacked = (await c.value('library.list', { stacked: true })).items as Item[];
    expect(stacked.map((i) => i.stackCount).sort()).toEqual([1, 3]);
    expect(stacked.find((i) => i.stackCount === 3)?.stackKey).toBe(`group:${group}`);
    expect((await c.value('library.shapes', { stacked: true })).ratios).toHaveLength(2);
    expect((await c.value('library.list', { stack: `group:${group}` })).total).toBe(3);
  });
});
