/**
 * Cancel and Stop saving as a paying creator meets them. The gateway has no cancel route: a
 * submitted job runs and is billed whatever the studio does (docs/robust-host.md, "Cancel keeps
 * what was paid for"). So a cancelled job is still followed, its result still saved, across a
 * restart too; and a stopped save leaves the job needing attention, with "Retry save" there.
 */
import { englishText } from '@shared/messages/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JobRecord } from './job-record.js';
import { toArchive } from './task-archive.js';
import { toTaskView } from './task-view.js';
import { startJobs } from './test/job-harness.js';
import { sandboxSuite } from './test/sandbox-suite.js';

const suite = sandboxSuite();
const { admin } = suite;
afterEach(() => admin('faults/reset'));

const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'studio-cancel-'));
  suite.cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

async function studio(dataDir = folder(), o: { downloadTimeouts?: { openMs: number; idleMs: number } } = {}) {
  const jobs = await startJobs({ dataDir, gatewayUrl: suite.sandbox.url, indexDelayMs: 0, ...o });
  suite.cleanups.push(jobs.close);
  const until = (id: string, states: JobRecord['state'][], ms = 20_000) => jobs.until(id, (j) => states.includes(j.state), ms);
  const video = (prompt: string) => jobs.service.submit({ route: 'video', request: { model: 'modelg3', prompt, duration: 5 } });
  const image = (prompt: string) => jobs.service.submit({ route: 'image', request: { model: 'seedream-4-0', prompt, resolution: '1K' } });
  const saved = () => jobs.library.list({ limit: 100 }).items.map((i) => i.prompt);
  const parts = () => (existsSync(join(dataDir, 'downloads')) ? readdirSync(join(dataDir, 'downloads')) : []);
  return { ...jobs, untilThat: jobs.until, dataDir, until, video, image, saved, parts };
}

/** Every status check of generic tasks answers 429 with a one-second Retry-After until faults/reset. */
const holdChecks = () => admin('faults/fail', { status: 429, retry_after: 1, match: '/v1/tasks/', count: 10_000 });

describe('Cancel on a running job', () => {
  it('keeps following the paid task: the job says its result will still be saved, and it lands in the library', async () => {
    const s = await studio();
    await holdChecks();
    const job = await s.video('a paid video cancelled while it runs');
    const cancelled = s.service.cancel(job.id);
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.cancelledAt).toEqual(expect.any(Number));
    expect(englishText(cancelled.error)).toBe('Cancelled — the result will still be saved when the gateway finishes.');
    await admin('faults/reset');
    const done = await s.until(job.id, ['saved', 'failed', 'attention']);
    expect(done.state).toBe('saved');
    expect(done.error).toBeUndefined();
    // The record keeps that it was cancelled: the row can say why a cancelled job has a result.
    expect(done.cancelledAt).toBe(cancelled.cancelledAt);
    expect(s.saved()).toEqual(['a paid video cancelled while it runs']);
  });

  it('a check that fails meanwhile keeps the note that the result will still be saved', async () => {
    const s = await studio();
    await holdChecks();
    const job = await s.video('cancelled while checks are throttled');
    s.service.cancel(job.id);
    // Two throttled answers after the cancel: the poller has met the failure and carried on.
    const before = s.store.get(job.id)!.checks;
    await s.untilThat(job.id, (j) => j.checks >= before + 2);
    expect(englishText(s.store.get(job.id)!.error)).toMatch(/^Cancelled — the result will still be saved/);
  });

  it('is remembered across a restart, which goes on following the task and saves its result', async () => {
    const dataDir = folder();
    const first = await studio(dataDir);
    await holdChecks();
    const job = await first.video('cancelled, then the studio restarted');
    first.service.cancel(job.id);
    await first.close();
    await admin('faults/reset');
    const again = await studio(dataDir);
    expect(again.store.get(job.id)).toMatchObject({ state: 'cancelled', cancelledAt: expect.any(Number) });
    expect((await again.until(job.id, ['saved', 'failed', 'attention'])).state).toBe('saved');
    expect(again.saved()).toEqual(['cancelled, then the studio restarted']);
  });

  it('is not moved to the archive while it is still followed', () => {
    const jobs: JobRecord[] = Array.from({ length: 4 }, (_, i) => ({
      id: `j${i}`, profileId: 'p', route: 'generic', kind: 'video', model: 'm', prompt: '', params: {}, state: 'cancelled',
      createdAt: i, updatedAt: 0, checks: 0, errorStreak: 0, resultUrls: [], downloads: [],
      ...(i === 0 ? { cancelledAt: 5, remoteId: 'gen_x' } : {}),
    }));
    // Keep one, move the rest once one more has gathered: the oldest, still followed, stays.
    expect(toArchive(jobs, 1, 1).map((j) => j.id)).toEqual(['j1', 'j2']);
  });

  it('cancelled while its submission is under way: it stays cancelled once the gateway answers, and is still saved', async () => {
    const s = await studio();
    // The gateway takes a moment to answer the POST: the creator cancels meanwhile.
    await admin('faults/latency', { ms: 400, count: 1, match: '/v1/videos/generations' });
    const submitted = s.video('cancelled before the gateway answered');
    let id: string | undefined;
    // Written as waiting first, then as being sent once the queue starts it (docs/robust-host.md, "The job queue").
    while (!(id = s.store.all().find((j) => j.prompt === 'cancelled before the gateway answered' && j.state === 'submitting')?.id)) await new Promise((r) => setTimeout(r, 5));
    s.service.cancel(id);
    const answered = await submitted;
    expect(answered).toMatchObject({ state: 'cancelled', remoteId: expect.stringMatching(/^gen_/) });
    expect((await s.until(id, ['saved', 'failed', 'attention'])).state).toBe('saved');
    expect(s.saved()).toEqual(['cancelled before the gateway answered']);
  });

  it('refuses a job that already ended, and leaves a saving job saving', async () => {
    const s = await studio();
    const job = await s.image('already over');
    await s.until(job.id, ['saved']);
    expect(() => s.service.cancel(job.id)).toThrow(/already ended/);
    expect(s.store.get(job.id)!.state).toBe('saved');
  });
});

describe('Stop saving', () => {
  it('removes the partial file and keeps the job as needing attention, whose "Retry save" saves it', async () => {
    const s = await studio(folder(), { downloadTimeouts: { openMs: 5_000, idleMs: 60_000 } });
    await admin('faults/download', { mode: 'stall', after_bytes: 1024 });
    const job = await s.image('stopped mid-save');
    await s.until(job.id, ['completed']);
    while (!((s.store.get(job.id)!.downloads[0]?.received ?? 0) > 0)) await new Promise((r) => setTimeout(r, 10));
    // The answer is sent while the save winds down; the page keeps the later view, whichever comes first.
    const answer = toTaskView(s.service.stopSaving(job.id));
    const stopped = await s.until(job.id, ['attention', 'cancelled']);
    expect(stopped.state).toBe('attention');
    expect(toTaskView(stopped).revision).toBeGreaterThan(answer.revision);
    expect(englishText(stopped.error)).toBe('Saving stopped; the partly saved file was removed. Use “Retry save” to save the files again: the job is already paid for.');
    expect(s.parts()).toEqual([]);
    s.service.checkAgain(job.id);
    expect((await s.until(job.id, ['saved', 'attention'])).state).toBe('saved');
    expect(s.saved()).toEqual(['stopped mid-save']);
  });

  it('refuses a job that is not saving', async () => {
    const s = await studio();
    await holdChecks();
    const job = await s.video('not saving yet');
    expect(() => s.service.stopSaving(job.id)).toThrow(/not saving/);
    expect(s.store.get(job.id)!.state).toBe('queued');
  });
});
