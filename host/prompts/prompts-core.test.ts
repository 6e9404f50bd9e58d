/**
 * A prompt's results through the real core against the sandbox (docs/prompts.md, "Results"): the
 * page links the job a submission made, and the item the job saves later shows as the prompt's
 * result; an export leaves through the save-path port.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCore } from '../test/open-core.js';

describe('prompts through the core', () => {
  it('a linked job’s saved image is the prompt’s result, and the export is written where the creator chose', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'prompt-export-'));
    const target = join(folder, 'chosen.json');
    const c = await openCore({ chooseSavePath: async () => target });
    const p = await c.value('prompts.save', { title: 'Kite', text: 'a {colour} kite', tags: ['sky'] });
    const job = await c.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'a red kite', resolution: '1K' } });
    expect(await c.value('prompts.link', { id: p.id, jobIds: [job.id] })).toEqual({ linked: 1 });
    await c.until(async () => (await c.value('prompts.results', { id: p.id })).items.length === 1);
    const results = await c.value('prompts.results', { id: p.id });
    expect(results.jobs).toBe(1);
    expect(results.items[0]).toMatchObject({ kind: 'image', prompt: 'a red kite' });
    expect((await c.value('prompts.get', { id: p.id })).uses).toBe(1);
    expect(c.events.some((e) => e.event === 'prompts.onDidChange' && e.payload.id === p.id)).toBe(true);

    expect(await c.value('prompts.export', {})).toMatchObject({ outcome: 'saved', name: 'chosen.json', count: 1 });
    expect(JSON.parse(readFileSync(target, 'utf8')).prompts[0].title).toBe('Kite');
    rmSync(folder, { recursive: true, force: true });
  });
});
