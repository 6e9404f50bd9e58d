/**
 * The saver over a long day (docs/performance.md, "day"): every job it saves, removes or is done
 * with leaves no id behind in the host, however many jobs come; saving still works as before.
 * Real files over real HTTP from a small local server; the library is a sink that counts.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobRecord } from './job-record.js';
import { storeAt } from './test/store-at.js';
import { ResultSaver } from './result-saver.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A file server: every path answers the same few bytes. */
async function files(): Promise<string> {
  const server: Server = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': '16' }).end(Buffer.alloc(16, 7)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  const { port } = server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

async function saver(o: { maxDownloads?: number } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'studio-saver-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const base = await files();
  const store = storeAt(join(dir, 'jobs.json'));
  cleanups.push(() => store.flush());
  const added: string[] = [];
  const s = new ResultSaver({
    store, downloadsDir: dir, now: Date.now, maxDownloads: o.maxDownloads,
    library: { add: async (input) => (added.push(input.meta.prompt ?? ''), { id: `item-${added.length}` }) as never, list: () => ({ items: [], total: 0 }) },
    update: (job, patch, durable) => (Object.assign(job, patch), durable ? store.putDurable(job) : (store.put(job), Promise.resolve())),
    freshLinks: async (job) => job.resultUrls,
    // The file server stands in for the gateway that gave the links.
    gatewayOrigin: () => base,
  });
  cleanups.push(() => s.stop());
  let n = 0;
  /** A job the gateway has finished, with one result file. */
  const finished = (): JobRecord => {
    n += 1;
    const job: JobRecord = {
      id: `job-${n}`, profileId: 'p', route: 'generic', kind: 'image', model: 'm', prompt: `take ${n}`, params: {},
      state: 'completed', remoteId: `task-${n}`, createdAt: n, updatedAt: n, checks: 1, errorStreak: 0,
      resultUrls: [`${base}/files/${n}.png`], downloads: [],
    };
    store.put(job);
    return job;
  };
  return { saver: s, store, added, finished };
}

describe('a day of saves', () => {
  it('remembers no job once its files are saved, however many jobs come', async () => {
    const t = await saver();
    t.saver.resume();
    const jobs = Array.from({ length: 60 }, () => t.finished());
    for (const job of jobs) t.saver.add(job.id);
    await t.saver.settled();
    expect(jobs.filter((j) => t.store.get(j.id)!.state === 'saved')).toHaveLength(60);
    expect(t.added).toHaveLength(60);
    expect(t.saver.remembered()).toBe(0);
  });

  it('saves jobs finished before the window is served at once, and forgets them once saved', async () => {
    const t = await saver();
    const early = [t.finished(), t.finished()];
    for (const job of early) t.saver.add(job.id);
    await t.saver.settled();
    expect(early.map((j) => t.store.get(j.id)!.state)).toEqual(['saved', 'saved']);
    // One left from before the start (never added) waits for resume(), then is saved too.
    const left = t.finished();
    t.saver.pump();
    await t.saver.settled();
    expect(t.store.get(left.id)!.state).toBe('completed');
    t.saver.resume();
    await t.saver.settled();
    expect(t.store.get(left.id)!.state).toBe('saved');
    expect(t.saver.remembered()).toBe(0);
  });

  it('forgets a job removed while it waited for a slot, and a retried one once saved', async () => {
    const t = await saver({ maxDownloads: 1 });
    t.saver.resume();
    const jobs = Array.from({ length: 6 }, () => t.finished());
    for (const job of jobs) t.saver.add(job.id, true);
    // Removed while waiting its turn, as the Tasks tab's Remove does.
    t.store.delete(jobs[5].id);
    await t.saver.settled();
    expect(t.added).toEqual(['take 1', 'take 2', 'take 3', 'take 4', 'take 5']);
    expect(t.saver.remembered()).toBe(0);
  });
});
