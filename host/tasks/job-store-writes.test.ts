/**
 * The task list is written off the event loop (docs/robust-host.md, "The task list written off
 * the loop"): the host goes on with other work while a long list is written, writes asked for in
 * a burst never leave an older list on disk, a durable change is on disk when it says so, and a
 * disk that refuses is reported without losing what the studio knows.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JobRecord } from './job-record.js';
import { JobStore } from './job-store.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'studio-job-writes-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const job = (i: number, checks = 0): JobRecord => ({
  id: `job-${i}`, profileId: 'p', route: 'generic', kind: 'image', model: 'seedream-4-0', prompt: `a lantern number ${i} `.repeat(20),
  params: { resolution: '2K' }, state: 'running', remoteId: `task-${i}`, createdAt: i, updatedAt: i, checks, errorStreak: 0, resultUrls: [], downloads: [],
});
const onDisk = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as { jobs: JobRecord[] }).jobs;

describe('the task list on disk', () => {
  it('a list of 20,000 jobs is written while the host goes on with other work', async () => {
    const file = join(dir, 'jobs.json');
    const store = new JobStore(file);
    for (let i = 0; i < 20_000; i++) store.put(job(i));
    let turns = 0;
    let writing = true;
    const other = () => {
      turns += 1;
      if (writing) setImmediate(other);
    };
    setImmediate(other);
    await store.flush();
    writing = false;
    // Each step of the write (open, write, fsync, rename, the folder's fsync) waits on the disk
    // apart from the loop, which meanwhile runs whatever else is due.
    expect(turns).toBeGreaterThan(3);
    expect(onDisk(file)).toHaveLength(20_000);
  });

  it('a burst of changes, durable and not, ends with the newest list on disk, and each durable one is there once it says so', async () => {
    const file = join(dir, 'jobs.json');
    const store = new JobStore(file);
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
    expect(new JobStore(file).all().map((j) => j.checks)).toEqual(jobs.map(() => 30));
  });

  it('a disk that refuses: a new job is not kept (it is never sent), a known one stays and is written once the disk takes it', async () => {
    // The list's folder is a file: every write fails, as on a disk that refuses.
    const folder = join(dir, 'data');
    const file = join(folder, 'jobs.json');
    const log: string[] = [];
    mkdirSync(folder);
    const store = new JobStore(file, (line) => log.push(line));
    await store.putDurable(job(1));
    rmSync(folder, { recursive: true });
    writeFileSync(folder, 'in the way');

    await expect(store.putDurable(job(2))).rejects.toThrow(/task list/i);
    expect(store.get('job-2')).toBeUndefined();

    const known = { ...job(1), state: 'completed' as const };
    await store.putDurable(known);
    expect(store.get('job-1')!.state).toBe('completed');
    expect(log.join('\n')).toMatch(/retried with the next change/);

    rmSync(folder);
    store.put(job(3));
    await store.flush();
    expect(onDisk(file).map((j) => [j.id, j.state])).toEqual([['job-1', 'completed'], ['job-3', 'running']]);
  });
});
