/**
 * Images are not kept waiting behind videos (docs/performance.md, "latency"): each kind has its
 * own save slots, so a video whose save takes long (here: its link never finishes) does not delay
 * the image finished after it. Real files over real HTTP from a small local server; the library
 * is a sink that notes what it was given.
 */
import { createServer, type ServerResponse } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { JobRecord } from './job-record.js';
import { storeAt } from './test/store-at.js';
import { ResultSaver } from './result-saver.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Images answer at once; a video sends its first bytes and then nothing more. */
async function files(): Promise<string> {
  const hanging: ServerResponse[] = [];
  const server = createServer((req, res) => {
    if (req.url?.endsWith('.mp4')) {
      res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': '1000000' }).write(Buffer.alloc(64, 1));
      hanging.push(res);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': '16' }).end(Buffer.alloc(16, 7));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    server.close(resolve);
  }));
  const { port } = server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

it('an image finished while a video is still being saved is saved at once, even with one slot', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'studio-saver-kinds-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const base = await files();
  const store = storeAt(join(dir, 'jobs.json'));
  cleanups.push(() => store.flush());
  let imageSaved!: () => void;
  const image = new Promise<void>((resolve) => (imageSaved = resolve));
  const added: string[] = [];
  const saver = new ResultSaver({
    store, downloadsDir: dir, now: Date.now, maxDownloads: 1,
    library: {
      list: () => ({ items: [], total: 0 }),
      add: async (input) => {
        added.push(input.meta.prompt ?? '');
        if (input.meta.kind === 'image') imageSaved();
        return { id: `item-${added.length}` } as never;
      },
    },
    update: (job, patch, durable) => (Object.assign(job, patch), durable ? store.putDurable(job) : (store.put(job), Promise.resolve())),
    freshLinks: async (job) => job.resultUrls,
    // The file server stands in for the gateway that gave the links.
    gatewayOrigin: () => base,
  });
  cleanups.push(() => saver.stop());
  const finished = (kind: 'image' | 'video', n: number): JobRecord => {
    const job: JobRecord = {
      id: `job-${n}`, profileId: 'p', route: 'generic', kind, model: 'm', prompt: `${kind} ${n}`, params: {},
      state: 'completed', remoteId: `task-${n}`, createdAt: n, updatedAt: n, checks: 1, errorStreak: 0,
      resultUrls: [`${base}/files/${n}.${kind === 'image' ? 'png' : 'mp4'}`], downloads: [], expiresAt: n,
    };
    store.put(job);
    return job;
  };
  saver.resume();
  const video = finished('video', 1);
  saver.add(video.id);
  const still = finished('image', 2);
  saver.add(still.id);
  await image;
  expect(added).toEqual(['image 2']);
  expect(saver.isSaving(video.id)).toBe(true);
});
