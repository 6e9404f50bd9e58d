// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { BatchView, TaskView } from '@shared/contract/index.js';
import { TASK_STATES } from '@shared/contract/tasks.js';
import { batchSummary, groupByBatch, mergeBatch } from './batch-data.js';

const task = (id: string, createdAt: number, batch?: { id: string; index: number }): TaskView => ({
  id, revision: 0, kind: 'image', route: 'generic', model: 'm', prompt: id, params: {}, state: 'waiting', createdAt, downloads: [], ...(batch ? { batch } : {}),
});
const counts = (over: Partial<Record<(typeof TASK_STATES)[number], number>> = {}) => ({ ...Object.fromEntries(TASK_STATES.map((s) => [s, 0])), ...over }) as BatchView['counts'];
const batch = (id: string, createdAt: number): BatchView => ({ id, name: id, kind: 'image', axes: ['prompt'], createdAt, paused: false, cells: 2, counts: counts() });

describe('the Tasks tab groups a batch’s jobs under its row', () => {
  it('takes each known batch’s jobs out of the loose list, in cell order, and leaves the jobs of a removed batch loose', () => {
    const tasks = [task('b1', 5, { id: 'B', index: 1 }), task('loose', 4), task('b0', 3, { id: 'B', index: 0 }), { ...task('gone', 2, { id: 'REMOVED', index: 0 }), state: 'saved' as const }];
    const { loose, byBatch } = groupByBatch(tasks, [batch('B', 1)]);
    expect(loose.map((t) => t.id)).toEqual(['loose', 'gone']);
    expect(byBatch.get('B')!.map((t) => t.id)).toEqual(['b0', 'b1']);
  });

  it('never shows a new batch’s jobs loose while its row is still on its way, and asks for it', () => {
    // The jobs' change events can come before the batch's own: 500 loose rows drawn and dropped a
    // moment later froze the tab. A batch still running is new, not removed (only a batch that is
    // over can be removed).
    const waiting = [task('n0', 3, { id: 'NEW', index: 0 }), task('n1', 2, { id: 'NEW', index: 1 })];
    const over = { ...task('gone', 1, { id: 'REMOVED', index: 0 }), state: 'saved' as const };
    const { loose, byBatch, unknown } = groupByBatch([...waiting, over], []);
    expect(loose.map((t) => t.id)).toEqual(['gone']);
    expect(byBatch.has('NEW')).toBe(false);
    expect([...unknown]).toEqual(['NEW']);
    expect([...groupByBatch([...waiting, over], [batch('NEW', 1)]).unknown]).toEqual([]);
  });

  it('keeps a batch’s newer view in place and puts a new batch first', () => {
    const list = [batch('B', 2), batch('A', 1)];
    const newer = { ...batch('A', 1), paused: true };
    expect(mergeBatch(list, newer).map((b) => [b.id, b.paused])).toEqual([['B', false], ['A', true]]);
    expect(mergeBatch(list, batch('C', 3)).map((b) => b.id)).toEqual(['C', 'B', 'A']);
  });

  it('counts every state somewhere: what waits, what works, what ended without a result', () => {
    const b = { ...batch('B', 1), cells: 12, counts: counts({ waiting: 1, submitting: 1, queued: 1, running: 1, completed: 1, saved: 2, failed: 1, timed_out: 1, expired: 1, attention: 1, unknown: 1 }) };
    const s = batchSummary(b);
    expect(s).toEqual({ saved: 2, waiting: 1, working: 4, failed: 5, cancelled: 0 });
    expect(Object.values(b.counts).reduce((a, n) => a + n, 0)).toBe(s.saved + s.waiting + s.working + s.failed + s.cancelled);
  });
});
