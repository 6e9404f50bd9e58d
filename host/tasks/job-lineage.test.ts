/**
 * A job's sources reach its saved results (docs/library-files.md, "Lineage"): the request's
 * `lineage` is checked by the contract and kept on the job's record, and a batch's job adds its
 * cell; each source once. Through the real core and the sandbox, a remix's saved item records
 * it, and the source's "used in" lists the remix.
 */
import { describe, expect, it } from 'vitest';
import { JobRequest } from '@shared/contract/job-request.js';
import { madeFromOf } from './job-lineage.js';
import { JobRecord } from './job-record.js';
import { openCore } from '../test/open-core.js';

describe('the sources of a job', () => {
  it('are the request\'s lineage, then the batch cell, each once', () => {
    const lineage = [{ kind: 'startImage' as const, itemId: 'img-1' }, { kind: 'startImage' as const, itemId: 'img-1' }, { kind: 'remixOf' as const, itemId: 'vid-0' }];
    expect(madeFromOf({ lineage, batch: { id: 'b1', index: 3 } })).toEqual([
      { kind: 'startImage', itemId: 'img-1' }, { kind: 'remixOf', itemId: 'vid-0' }, { kind: 'batchCell', batchId: 'b1', index: 3 },
    ]);
    expect(madeFromOf({})).toBeUndefined();
  });

  it('are checked by the contract: a bad item id or kind is refused, a good one kept', () => {
    const request = { model: 'seedream-4-5', prompt: 'a fox' };
    const ok = JobRequest.safeParse({ route: 'image', request, lineage: [{ kind: 'reference', itemId: 'abc-1' }] });
    expect(ok.success && ok.data.lineage).toEqual([{ kind: 'reference', itemId: 'abc-1' }]);
    expect(JobRequest.safeParse({ route: 'image', request, lineage: [{ kind: 'reference', itemId: '../etc' }] }).success).toBe(false);
    expect(JobRequest.safeParse({ route: 'image', request, lineage: [{ kind: 'stolen' }] }).success).toBe(false);
  });

  it('a record whose lineage cannot be read keeps the job and drops the lineage', () => {
    const record = {
      id: 'j', profileId: 'p', route: 'generic', kind: 'image', model: 'm', prompt: 'p', params: {}, state: 'saved', createdAt: 1, updatedAt: 1,
      checks: 0, errorStreak: 0, resultUrls: [], downloads: [], lineage: 'garbage',
    };
    const parsed = JobRecord.parse(record);
    expect(parsed.id).toBe('j');
    expect(parsed.lineage).toBeUndefined();
  });
});

describe('a job sent with its sources, saved', () => {
  it('records them in the item, and the source lists the item it was used in', async () => {
    const c = await openCore();
    const submitted = (route: 'image', prompt: string, lineage?: unknown) => c.value('tasks.submit', { route, request: { model: 'seedream-4-0', prompt, resolution: '1K' }, ...(lineage ? { lineage } : {}) });
    await submitted('image', 'a red kite');
    await c.until(async () => (await c.value('library.list', {})).total === 1);
    const parent = (await c.value('library.list', {})).items[0] as { id: string };
    await submitted('image', 'a red kite, again', [{ kind: 'remixOf', itemId: parent.id, name: 'a red kite' }]);
    await c.until(async () => (await c.value('library.list', {})).total === 2);
    const child = (await c.value('library.list', { text: 'again' })).items[0] as { id: string; madeFrom: unknown };
    expect(child.madeFrom).toEqual([{ kind: 'remixOf', itemId: parent.id, name: 'a red kite' }]);
    const ofParent = await c.value('library.lineage', { id: parent.id });
    expect(ofParent.usedIn.map((i: { id: string }) => i.id)).toEqual([child.id]);
    const ofChild = await c.value('library.lineage', { id: child.id });
    expect(ofChild.madeFrom.map((m: { ref: { kind: string }; item?: { id: string } }) => [m.ref.kind, m.item?.id])).toEqual([['remixOf', parent.id]]);
  });

  it('records them for each job of a compare run sent in one call', async () => {
    const c = await openCore();
    await c.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'a paper crane', resolution: '1K' } });
    await c.until(async () => (await c.value('library.list', {})).total === 1);
    const parent = (await c.value('library.list', {})).items[0] as { id: string };
    const lineage = [{ kind: 'reference', itemId: parent.id }];
    await c.value('tasks.submitBatch', { requests: [{ model: 'seedream-4-0', resolution: '1K' }, { model: 'seedream-4-5', resolution: '2K' }].map((m) => ({ route: 'image', request: { ...m, prompt: 'the crane, compared' }, lineage })) });
    await c.until(async () => (await c.value('library.list', {})).total === 3);
    const compared = (await c.value('library.list', { text: 'compared' })).items as { id: string; madeFrom?: unknown }[];
    expect(compared.map((i) => i.madeFrom)).toEqual([lineage, lineage]);
    expect((await c.value('library.lineage', { id: parent.id })).usedIn.map((i: { id: string }) => i.id).sort()).toEqual(compared.map((i) => i.id).sort());
  });
});
