/**
 * The task list's rows in the studio database (job-store.ts; docs/data.md, "The tasks"): writes
 * asked for in a burst never leave an older list on disk, a durable change is committed when it
 * says so, and a database that refuses is reported without losing what the studio knows.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { JobRecord } from './job-record.js';
import { connectionOf, storeAt } from './test/store-at.js';
import { listedOnDisk } from './test/tasks-db.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'studio-job-writes-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const job = (i: number, checks = 0): JobRecord => ({
  id: `job-${i}`, profileId: 'p', route: 'generic', kind: 'image', model: 'seedream-4-0', prompt: `a lantern number ${i} `.repeat(20),
  params: { resolution: '2K' }, state: 'running', remoteId: `task-${i}`, createdAt: i, updatedAt: i, checks, errorStreak: 0, resultUrls: [], downloads: [],
});
const onDisk = (file: string) => listedOnDisk(dirname(file));

describe('the task list on disk', () => {
  it('a list of 20,000 jobs is written whole, and a change to one of them reaches its row', async () => {
    const file = join(dir, 'jobs.json');
    const store = storeAt(file);
    const jobs = Array.from({ length: 20_000 }, (_, i) => job(i));
    for (const j of jobs) store.put(j);
    await store.flush();
    expect(onDisk(file)).toHaveLength(20_000);
    // Changed in place, as the poller changes a record, then written with the next change.
    jobs[12_345].checks = 7;
    store.put(jobs[0]);
    await store.flush();
    expect(storeAt(file).get('job-12345')?.checks).toBe(7);
  });

  it('a durable change writes the jobs put since the last write, not the whole list; changes made in place follow within a second', async () => {
    // A 500-job batch makes a durable change at every send and save: comparing every record with
    // its row each time cost most of the host's CPU and tens of MB of garbage.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const file = join(dir, 'jobs.json');
      const store = storeAt(file);
      const jobs = Array.from({ length: 500 }, (_, i) => job(i));
      await store.putAllDurable(jobs);
      const stringify = vi.spyOn(JSON, 'stringify');
      jobs[7].checks = 3; // in place, as the poller keeps a job's checks in memory
      jobs[1].state = 'completed';
      await store.putDurable(jobs[1]);
      expect(stringify.mock.calls.length).toBeLessThan(10);
      stringify.mockRestore();
      expect(onDisk(file).find((j) => j.id === 'job-1')!.state).toBe('completed');
      expect(onDisk(file).find((j) => j.id === 'job-7')!.checks).toBe(0);
      vi.advanceTimersByTime(1_000);
      jobs[2].checks = 1;
      await store.putDurable(jobs[2]);
      expect(onDisk(file).find((j) => j.id === 'job-7')!.checks).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a burst of changes, durable and not, ends with the newest list on disk, and each durable one is there once it says so', async () => {
    const file = join(dir, 'jobs.json');
    const store = storeAt(file);
    const jobs = Array.from({ length: 50 }, (_, i) => job(i));
    const durable: Promise<void>[] = [];
    for (let gen = 1; gen <= 30; gen++) {
      for (const j of jobs) j.checks = gen;
      if (gen % 3 === 0) {
        const at = gen;
        const target = jobs[gen % jobs.length];
        durable.push(store.putDurable(target).then(() => {
          expect(onDisk(file).find((j) => j.id === target.id)!.checks).toBeGreaterThanOrEqual(at);
        }));
      } else for (const j of jobs) store.put(j);
      if (gen % 7 === 0) await new Promise((r) => setImmediate(r));
    }
    await Promise.all(durable);
    await store.flush();
    expect(onDisk(file).map((j) => j.checks)).toEqual(jobs.map(() => 30));
    // A restart finds the same.
    expect(storeAt(file).all().map((j) => j.checks)).toEqual(jobs.map(() => 30));
  });

  it('a database that refuses: a new job is not kept (it is never sent), a known one stays and is written once the disk takes it', async () => {
    const file = join(dir, 'jobs.json');
    const log: string[] = [];
    const store = storeAt(file, (line) => log.push(line));
    await store.putDurable(job(1));
    // The database refuses every write from here on, as a disk that does not let it write.
    connectionOf(store).pragma('query_only = ON');

    await expect(store.putDurable(job(2))).rejects.toThrow(/task list/i);
    expect(store.get('job-2')).toBeUndefined();

    const known = { ...job(1), state: 'completed' as const };
    await store.putDurable(known);
    expect(store.get('job-1')!.state).toBe('completed');
    expect(log.join('\n')).toMatch(/retried with the next change/);

    connectionOf(store).pragma('query_only = OFF');
    store.put(job(3));
    await store.flush();
    expect(onDisk(file).map((j) => [j.id, j.state])).toEqual([['job-1', 'completed'], ['job-3', 'running']]);
  });

  it('a full disk: a new job is refused in words and not kept, a known one\'s progress is written once there is room', async () => {
    const file = join(dir, 'jobs.json');
    const log: string[] = [];
    // No room for one more page of the database: SQLite answers SQLITE_FULL, as on a full disk.
    const store = storeAt(file, (line) => log.push(line), undefined, undefined, { pages: 0 });
    const big = (i: number) => ({ ...job(i), prompt: `a lantern ${'in the long night '.repeat(1_000)}` });
    await expect(store.putDurable(big(1))).rejects.toThrow('The task list could not be saved: the disk is full. Free some space, then try again.');
    expect(store.get('job-1')).toBeUndefined();
    expect(onDisk(file)).toEqual([]);

    connectionOf(store).pragma('max_page_count = 1000000');
    await store.putDurable(job(2));
    connectionOf(store).pragma(`max_page_count = ${connectionOf(store).pragma('page_count', { simple: true }) as number}`);
    const known = big(2);
    store.put(known);
    await store.save();
    expect(log.at(-1)).toBe('The task list could not be saved: the disk is full. Free some space, then try again.');
    expect(onDisk(file)[0].prompt).toBe(job(2).prompt);

    connectionOf(store).pragma('max_page_count = 1000000');
    await store.flush();
    expect(storeAt(file).get('job-2')?.prompt).toBe(known.prompt);
  });
});
