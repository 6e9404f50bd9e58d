/**
 * The queue's rules on a fake clock: the limits per model and overall, pause / resume / drain,
 * and a send the gateway proved it did not take tried again no sooner than it asked.
 */
import { describe, expect, it } from 'vitest';
import { JobQueue, type QueueEntry, type SendOutcome } from './job-queue.js';

function harness(n: number, models: (i: number) => string, limits = { perModel: 2, overall: 4 }) {
  let now = 0;
  const timers: Array<{ at: number; fn: () => void; live: boolean }> = [];
  const entries = new Map<string, QueueEntry>(Array.from({ length: n }, (_, i) => [`j${i}`, { id: `j${i}`, model: models(i), order: i }]));
  const pending = new Map<string, (o: SendOutcome) => void>();
  const started: string[] = [];
  const queue = new JobQueue({
    store: { waiting: () => [...entries.values()] },
    now: () => now,
    limits,
    setTimer: (fn, ms) => {
      const t = { at: now + ms, fn, live: true };
      timers.push(t);
      return { cancel: () => void (t.live = false) };
    },
    send: (id) => {
      started.push(id);
      entries.delete(id);
      return new Promise((r) => pending.set(id, r));
    },
  });
  const settle = () => new Promise((r) => setImmediate(r));
  const finish = async (id: string, outcome: SendOutcome = { kind: 'done' }) => {
    if (outcome.kind === 'again') entries.set(id, { id, model: models(Number(id.slice(1))), order: Number(id.slice(1)), notBefore: outcome.at });
    const r = pending.get(id)!;
    pending.delete(id);
    r(outcome);
    await settle();
  };
  const advance = async (ms: number) => {
    now += ms;
    for (const t of timers.filter((x) => x.live && x.at <= now)) {
      t.live = false;
      t.fn();
    }
    await settle();
  };
  return { queue, started, pending, finish, advance, entries };
}

describe('the job queue', () => {
  it('runs at most 2 jobs of one model and 4 in all, the oldest first', async () => {
    const h = harness(10, (i) => (i < 6 ? 'a' : i < 8 ? 'b' : 'c'));
    h.queue.start();
    expect(h.started).toEqual(['j0', 'j1', 'j6', 'j7']);
    await h.finish('j6');
    expect(h.started).toEqual(['j0', 'j1', 'j6', 'j7', 'j8']);
    await h.finish('j0');
    expect(h.started.at(-1)).toBe('j2');
    expect(h.queue.status()).toMatchObject({ running: 4, waiting: 4 });
  });

  it('starts nothing while paused, and carries on when resumed', async () => {
    const h = harness(3, () => 'a');
    h.queue.pause();
    h.queue.start();
    expect(h.started).toEqual([]);
    expect(h.queue.status()).toMatchObject({ paused: true, waiting: 3, running: 0 });
    h.queue.resume();
    expect(h.started).toEqual(['j0', 'j1']);
  });

  it('drain lets what runs finish, starts nothing new, and resolves when idle', async () => {
    const h = harness(4, () => 'a');
    h.queue.start();
    let drained = false;
    void h.queue.drain().then(() => void (drained = true));
    await h.finish('j0');
    expect(drained).toBe(false);
    expect(h.started).toEqual(['j0', 'j1']);
    await h.finish('j1');
    expect(drained).toBe(true);
    expect(h.started).toEqual(['j0', 'j1']);
  });

  it('tries a refused send again no sooner than the gateway asked', async () => {
    const h = harness(1, () => 'a');
    h.queue.start();
    await h.finish('j0', { kind: 'again', at: 5_000 });
    expect(h.started).toEqual(['j0']);
    await h.advance(4_999);
    expect(h.started).toEqual(['j0']);
    await h.advance(1);
    expect(h.started).toEqual(['j0', 'j0']);
  });

  it('a finished send frees its place for the next entry of its model', async () => {
    const h = harness(3, () => 'a', { perModel: 1, overall: 4 });
    h.queue.start();
    expect(h.started).toEqual(['j0']);
    await h.finish('j0');
    expect(h.started).toEqual(['j0', 'j1']);
  });
});
