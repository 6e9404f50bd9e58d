import { describe, expect, it } from 'vitest';
import { TASK_STATES, type TaskView } from '@shared/contract/tasks.js';
import { job } from '../../../test/jobs.js';
import { actionsFor, countByFilter, FILTERS, matchesFilter } from './task-format.js';

/** Every state once, plus a second of each kind that users pile up (stuck saves, failures). */
const mixed = [...TASK_STATES.map((s) => job(s)), job('attention'), job('failed'), job('completed')];

describe('the Tasks filters', () => {
  it('count each kind of job once, and every job under All', () => {
    expect(countByFilter(mixed)).toEqual({
      all: mixed.length,
      active: 4, // waiting, submitting, queued, running
      saving: 2, // completed ×2
      saved: 1,
      attention: 3, // attention ×2, unknown
      failed: 4, // failed ×2, timed_out, expired
      cancelled: 1,
    });
  });

  it('puts every state under exactly one filter besides All, so the counts add up to All', () => {
    for (const state of TASK_STATES) {
      const under = FILTERS.filter((f) => f !== 'all' && matchesFilter(job(state), f));
      expect(under, state).toHaveLength(1);
    }
    const { all, ...rest } = countByFilter(mixed);
    expect(Object.values(rest).reduce((a, b) => a + b, 0)).toBe(all);
  });

  it('counts nothing in an empty list, without missing a filter', () => {
    expect(countByFilter([])).toEqual(Object.fromEntries(FILTERS.map((f) => [f, 0])));
  });
});

describe('what a job offers', () => {
  const offered = (t: TaskView) =>
    Object.entries(actionsFor(t))
      .filter(([, on]) => on)
      .map(([name]) => name)
      .sort();

  it('a job that needs attention: retry the save, open its link, remove it; never pay again for it', () => {
    expect(offered(job('attention', { expiresAt: 9e12, error: 'The disk is full.' }))).toEqual(['openLink', 'remove', 'retrySave']);
  });

  it('a job saving its files can be stopped, but not removed while the host writes them', () => {
    expect(offered(job('completed'))).toEqual(['stopSaving']);
  });

  it('a save stopped in an older version offers the "Retry save" its message names, for free rather than resubmitted', () => {
    expect(offered(job('cancelled', { expiresAt: 9e12, finishedAt: 5 }))).toEqual(['remove', 'retrySave']);
    // No longer tracked (cancelled in an older version) before the gateway finished: a new job is the way on.
    expect(offered(job('cancelled'))).toEqual(['remove', 'retry']);
  });

  it('a cancelled job still followed for its result offers no paid retry: the first is still running', () => {
    expect(offered(job('cancelled', { cancelledAt: 5 }))).toEqual(['remove']);
  });

  it('ended jobs can be removed; running and saved ones cannot', () => {
    for (const state of ['failed', 'timed_out', 'expired', 'unknown'] as const) expect(actionsFor(job(state)).remove, state).toBe(true);
    for (const state of ['submitting', 'queued', 'running', 'completed', 'saved'] as const) expect(actionsFor(job(state)).remove, state).toBe(false);
  });
});
