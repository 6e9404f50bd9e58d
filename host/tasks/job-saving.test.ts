/**
 * Saving a finished job's files when things go wrong, as a creator meets it: a dead link, a
 * gateway that moved, a file over the size limit, a link that stalls while another job waits,
 * Remove in the middle of a save (Stop saving: job-cancel.test.ts), a host that keeps dying on
 * one file, and a start that must not touch the last run's work before the window is up
 * (docs/robust-host.md).
 */
import { englishText } from '@shared/messages/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pngBytes } from '../library/test/fixtures.js';
import type { JobRecord } from './job-record.js';
import { storeAt } from './test/store-at.js';
import { startJobs, type JobHarnessOptions } from './test/job-harness.js';
import { sandboxSuite } from './test/sandbox-suite.js';

const suite = sandboxSuite();
const { admin } = suite;
afterEach(() => admin('faults/reset'));

const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'studio-saving-'));
  suite.cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

async function studio(o: Partial<JobHarnessOptions> = {}) {
  const dataDir = o.dataDir ?? folder();
  const jobs = await startJobs({ dataDir, gatewayUrl: suite.sandbox.url, indexDelayMs: 0, ...o });
  suite.cleanups.push(jobs.close);
  const until = (id: string, states: JobRecord['state'][], ms?: number) => jobs.until(id, (j) => states.includes(j.state), ms);
  const image = (prompt: string) => jobs.service.submit({ route: 'image', request: { model: 'seedream-4-0', prompt, resolution: '1K' } });
  const parts = () => (existsSync(join(dataDir, 'downloads')) ? readdirSync(join(dataDir, 'downloads')) : []);
  return { ...jobs, dataDir, until, image, parts };
}

/** A job record of a finished job whose files were being saved, as a killed host left it. */
async function leftMidSave(dataDir: string, url: string, interrupted?: number): Promise<JobRecord> {
  const job: JobRecord = {
    id: `left-${Math.random().toString(36).slice(2)}`, profileId: 'sk-sandbox', route: 'generic', kind: 'image', model: 'seedream-4-0', prompt: 'left mid-save',
    params: {}, state: 'completed', remoteId: 'none', createdAt: 1, updatedAt: 1, checks: 3, errorStreak: 0, resultUrls: [url],
    downloads: [{ url, state: 'downloading', received: 0, interrupted }],
  };
  await storeAt(join(dataDir, 'jobs.json')).putDurable(job);
  return job;
}

describe('nothing paid for is stranded', () => {
  it('a dead link: the gateway is asked for the task again, and the file is saved from the fresh link', async () => {
    const s = await studio();
    // The first fetch of the file waits long enough for every link to die under it.
    await admin('faults/latency', { ms: 1_500, count: 1, match: '/files/' });
    const job = await s.image('links die while it waits');
    await s.until(job.id, ['completed']);
    const dead = job.resultUrls[0];
    await admin('links/expire');
    const saved = await s.until(job.id, ['saved', 'attention', 'expired']);
    expect(saved.error).toBeUndefined();
    expect(saved.state).toBe('saved');
    expect(saved.downloads[0].url).not.toBe(dead);
    expect(s.library.list({ limit: 10 }).items).toHaveLength(1);
  });

  it('a file over the size limit needs attention, with its reason, and leaves no partial file', async () => {
    const s = await studio({ maxBytes: 1024 });
    const job = await s.image('too large to keep');
    const ended = await s.until(job.id, ['attention', 'saved']);
    expect(ended.state).toBe('attention');
    expect(englishText(ended.error)).toBe("The gateway's result file was larger than the studio accepts (0 MB), so it was not read.");
    expect(s.parts()).toEqual([]);
  });

  it('a stalled link is given up after its idle limit and retried from a fresh link', async () => {
    // The fresh link gets one try: its limit is long enough that only the stall made here trips it,
    // never a pause of a busy machine.
    const s = await studio({ downloadTimeouts: { openMs: 5_000, idleMs: 2_000 } });
    await admin('faults/download', { mode: 'stall', after_bytes: 4096, count: 1 });
    const job = await s.image('stalls once');
    expect((await s.until(job.id, ['saved', 'attention'])).state).toBe('saved');
  });

  it('a slow link holds its slot only for the idle limit: another job is saved meanwhile', async () => {
    const s = await studio({ maxDownloads: 1, downloadTimeouts: { openMs: 5_000, idleMs: 2_000 } });
    await admin('faults/download', { mode: 'slow', bytes_per_second: 2_000, count: 1 });
    const slow = await s.image('a slow link');
    await s.until(slow.id, ['completed']);
    const quick = await s.image('saved meanwhile');
    expect((await s.until(quick.id, ['saved'])).state).toBe('saved');
    expect(s.store.get(slow.id)!.state).toBe('completed');
    s.service.stopSaving(slow.id);
  });

  it('Remove while saving forgets the job and its partial file; the library is untouched', async () => {
    const s = await studio({ downloadTimeouts: { openMs: 5_000, idleMs: 60_000 } });
    await admin('faults/download', { mode: 'stall', after_bytes: 1024 });
    const job = await s.image('removed mid-save');
    while (!((s.store.get(job.id)?.downloads[0]?.received ?? 0) > 0)) await new Promise((r) => setTimeout(r, 10));
    expect(await s.service.remove(job.id)).toBe(true);
    expect(s.store.get(job.id)).toBeUndefined();
    await s.service.settled();
    expect(s.parts()).toEqual([]);
    expect(s.store.get(job.id)).toBeUndefined();
    // Nor on disk: a restart does not bring it back.
    expect(storeAt(join(s.dataDir, 'jobs.json')).get(job.id)).toBeUndefined();
    expect(s.library.list({ limit: 10 }).items).toEqual([]);
  });
});

describe('a start that cannot freeze or crash-loop', () => {
  it('touches none of the last run\'s work until it is told the window is up', async () => {
    const dataDir = folder();
    const rec = suite.sandbox.state.files.put(Buffer.from('not yet'), 'later.png', 'image/png');
    const job = await leftMidSave(dataDir, suite.sandbox.state.files.url(suite.sandbox.url, rec));
    const s = await studio({ dataDir, start: false });
    // Counted as interrupted once, and waiting.
    expect(s.store.get(job.id)!.downloads[0]).toMatchObject({ state: 'pending', interrupted: 1 });
    expect(s.service.list().map((j) => j.state)).toEqual(['completed']);
    s.service.start();
    const ended = await s.until(job.id, ['saved', 'attention']);
    // Not a picture: saved as what it is (the library types files by content), but saved.
    expect(ended.downloads[0].interrupted).toBeUndefined();
  });

  it('resumes the last run\'s saves one job at a time, however many slots there are', async () => {
    const dataDir = folder();
    const left: JobRecord[] = [];
    for (const n of [1, 2, 3]) {
      // A picture the library takes, long enough to trickle (a PNG's trailing bytes are ignored by readers).
      const rec = suite.sandbox.state.files.put(Buffer.concat([pngBytes(8, 8, n), Buffer.alloc(200_000, n)]), `left-${n}.png`, 'image/png');
      left.push(await leftMidSave(dataDir, suite.sandbox.state.files.url(suite.sandbox.url, rec)));
    }
    // Each file trickles for a while, so saves that ran together would overlap.
    await admin('faults/download', { mode: 'slow', bytes_per_second: 400_000, count: 3 });
    let most = 0;
    const s = await studio({
      dataDir, start: false, maxDownloads: 4,
      onChange: () => {
        const saving = s.store.all().filter((j) => j.downloads.some((dl) => dl.state === 'downloading')).length;
        most = Math.max(most, saving);
      },
    });
    s.service.start();
    for (const job of left) expect((await s.until(job.id, ['saved', 'attention'])).state).toBe('saved');
    expect(most).toBe(1);
  });

  it('a file that was being saved during two unclean stops in a row is set aside, with a message', async () => {
    const dataDir = folder();
    const rec = suite.sandbox.state.files.put(pngBytes(8, 8, 7), 'bad.png', 'image/png');
    const job = await leftMidSave(dataDir, suite.sandbox.state.files.url(suite.sandbox.url, rec), 1);
    const s = await studio({ dataDir });
    const set = s.store.get(job.id)!;
    expect(set.state).toBe('attention');
    expect(englishText(set.error)).toBe('The studio stopped twice while saving this file, so it was set aside instead of tried again at every start. Use "Retry save" to try once more.');
    expect(set.downloads[0].state).toBe('failed');
    // The creator may still try once more, deliberately.
    s.service.checkAgain(job.id);
    expect((await s.until(job.id, ['saved', 'attention'])).state).toBe('saved');
  });
});
