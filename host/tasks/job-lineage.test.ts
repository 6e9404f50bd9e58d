/**
 * A job's sources reach its saved results (docs/library-files.md, "Lineage"): the request's
 * `lineage` is checked by the contract and kept on the job's record, and a batch's job adds its
 * cell; each source once.
 */
import { describe, expect, it } from 'vitest';
import { JobRequest } from '@shared/contract/job-request.js';
import { madeFromOf } from './job-lineage.js';
import { JobRecord } from './job-record.js';

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
