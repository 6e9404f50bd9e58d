/**
 * A batch's changes reach the page gathered (batch-service.ts, CHANGE_EVERY_MS): hundreds of job
 * changes make one view per batch per interval, never one per job, and a batch's view is read
 * whole from its jobs, even those the task list moved to its archive.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BatchView } from '@shared/contract/batches.js';
import { startJobs } from '../tasks/test/job-harness.js';
import { connectionOf } from '../tasks/test/store-at.js';
import { BatchService, CHANGE_EVERY_MS } from './batch-service.js';
import { BatchesTable } from './batches-table.js';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

async function open(store?: { keepFinished: number; archiveBatch: number }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'batch-changes-'));
  // Never started: nothing is sent, the jobs wait for what the test does to them.
  const h = await startJobs({ dataDir, gatewayUrl: 'http://127.0.0.1:9', start: false, store });
  const timers: { fn: () => void; ms: number }[] = [];
  const told: BatchView[] = [];
  const batches = new BatchService({
    table: new BatchesTable(connectionOf(h.store)), jobs: h.service, costs: () => ({}), now: Date.now,
    onChange: (v) => told.push(v), onRemove: () => undefined,
    setTimer: (fn, ms) => {
      const t = { fn, ms };
      timers.push(t);
      return { cancel: () => timers.splice(timers.indexOf(t), 1) };
    },
  });
  cleanup.push(async () => {
    batches.close();
    await h.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const fire = () => {
    for (const t of timers.splice(0)) t.fn();
  };
  return { h, batches, timers, told, fire };
}

const input = (n: number) => ({
  name: 'Many', kind: 'image' as const, axes: ['prompt'],
  cells: Array.from({ length: n }, (_, i) => ({ coords: { prompt: `p${i}` }, request: { route: 'image' as const, request: { model: 'seedream-4-0' as const, prompt: `p${i}`, resolution: '1K' as const } } })),
});

describe("a batch's changes", () => {
  it('start with the new batch told at once, before any gathering, so every window shows its row with its jobs', async () => {
    const { batches, timers, told } = await open();
    const batch = await batches.create(input(3));
    expect(told.map((v) => [v.id, v.cells])).toEqual([[batch.id, 3]]);
    expect(told[0].counts.waiting).toBe(3);
    expect(timers.length).toBeLessThanOrEqual(1);
  });

  it('are gathered: 200 job changes make one timer and one view, with every change in it', async () => {
    const { h, batches, timers, told, fire } = await open();
    const batch = await batches.create(input(200));
    told.length = 0;
    fire();
    told.length = 0;
    for (const job of h.store.all()) h.service.cancel(job.id);
    expect(timers).toHaveLength(1);
    expect(timers[0].ms).toBe(CHANGE_EVERY_MS);
    expect(told).toHaveLength(0);
    fire();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ id: batch.id, counts: { cancelled: 200, waiting: 0 } });
  });

  it('stop being told once the batch is removed', async () => {
    const { h, batches, timers, told, fire } = await open();
    const batch = await batches.create(input(2));
    fire();
    for (const job of h.store.all()) h.service.cancel(job.id);
    expect(batches.remove(batch.id)).toBe(true);
    told.length = 0;
    fire();
    expect(told).toHaveLength(0);
    expect(timers).toHaveLength(0);
  });

  it('count cells whose jobs the task list moved to its archive by their own state', async () => {
    const { h, batches } = await open({ keepFinished: 2, archiveBatch: 1 });
    const batch = await batches.create(input(10));
    // Each job failed on the gateway (as its record would say), then most moved to the archive.
    for (const job of h.store.all()) h.store.put(Object.assign(job, { state: 'failed' as const, finishedAt: Date.now() }));
    await h.store.flush();
    await h.store.archived();
    expect(h.store.all().length).toBeLessThan(10);
    expect(batches.view(batch.id).counts).toMatchObject({ failed: 10, cancelled: 0 });
    expect(batches.get(batch.id).cells.every((c) => c.state === 'failed')).toBe(true);
  });

  it('retry what failed: failed, timed-out and expired cells get a new job; a fate unknown or a save to fix does not', async () => {
    const { h, batches } = await open();
    const batch = await batches.create(input(6));
    const ends = ['failed', 'timed_out', 'expired', 'unknown', 'attention', 'saved'] as const;
    const first = batches.get(batch.id).cells.map((c) => c.jobId);
    for (const [i, id] of first.entries()) h.store.put(Object.assign(h.store.get(id)!, { state: ends[i], finishedAt: Date.now() }));
    const view = await batches.retryFailed(batch.id);
    expect(view.counts).toMatchObject({ waiting: 3, failed: 0, timed_out: 0, expired: 0, unknown: 1, attention: 1, saved: 1 });
    const cells = batches.get(batch.id).cells;
    expect(cells.map((c) => c.tries.length)).toEqual([1, 1, 1, 0, 0, 0]);
    expect(cells.slice(0, 3).map((c) => c.tries[0])).toEqual(first.slice(0, 3));
  });
});
