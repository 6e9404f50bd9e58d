/**
 * A hostile gateway on a real local listener, answering the task routes with what the spec never
 * shows: a task id that names nothing (empty, blank, not a string, absurdly long), and failures
 * whose reason is megabytes long. A job that cannot be followed ends with a message instead of
 * waiting forever; a failure's words are kept cut, with a note, so the task list stays small
 * (docs/robust-host.md, "Limits").
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { englishText } from '@shared/messages/index.js';
import { json, listen, type Answer } from '../test/listener.js';
import type { JobSpec } from './job-spec.js';
import { startJobs } from './test/job-harness.js';
import { storeAt } from './test/store-at.js';
import { listedOnDisk } from './test/tasks-db.js';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups.length = 0;
});

async function jobsOn(answer: Answer) {
  const gateway = await listen(answer);
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-hostile-tasks-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }), gateway.close);
  const jobs = await startJobs({ dataDir, gatewayUrl: gateway.url, indexDelayMs: 0 });
  cleanups.push(jobs.close);
  return { jobs, gateway, dataDir };
}

const IMAGE: JobSpec = { route: 'image', request: { model: 'seedream-4-0', prompt: 'a lantern', resolution: '1K' } };
const VIDEO: JobSpec = { route: 'video', request: { model: 'modelg3', prompt: 'a lantern drifting' } };
const MULTIPART: JobSpec = { route: 'video-multipart', request: { model: 'wan2.5-t2v-preview', prompt: 'a lantern drifting', seconds: '3' } };

/** The gateway's envelope (spec §1) around a payload. */
const ok = (data: unknown) => ({ code: 200, data });

/** The answer each route gives a submission, with `id` as the task id. */
function submitted(path: string, id: unknown) {
  if (path === '/v1/images/generations') return ok([{ status: 'submitted', task_id: id }]);
  if (path === '/v1/videos/generations') return ok({ status: 'submitted', task_id: id });
  return ok({ task_id: id, task_status: 'PENDING' });
}

describe('a task id that names nothing', () => {
  const ids: [string, unknown][] = [
    ['empty', ''],
    ['blank', '   '],
    ['a number', 12345],
    ['absurdly long', 't'.repeat(100_000)],
    ['a control character', 'task\n1'],
  ];
  for (const [route, spec] of [['image', IMAGE], ['video', VIDEO], ['multipart', MULTIPART]] as const) {
    it.each(ids)(`${route}, %s: the job ends failed with a message, and nothing is asked about it`, async (_kind, id) => {
      const { jobs, gateway } = await jobsOn((req, res) => (req.method === 'POST' ? json(res, submitted(req.path, id)) : json(res, { error: { message: 'asked' } }, 404)));
      const err = await jobs.service.submit(spec).catch((e: unknown) => e as Error);
      expect(err).toBeInstanceOf(Error);
      expect(englishText((err as any).text ?? (err as Error).message)).toMatch(/^The gateway accepted this job but gave no task id the studio can follow/);
      const [job] = jobs.service.list();
      expect(job.state).toBe('failed');
      expect(englishText(job.error!)).toMatch(/check the gateway's own task list before trying again/);
      expect(job.remoteId).toBeUndefined();
      // Nothing is polled: the job is not waiting for anything.
      await jobs.store.flush();
      expect(gateway.heard.filter((h) => h.method === 'GET')).toEqual([]);
    });
  }

  it('a queued job an older studio kept with an empty task id: ends failed at the next start, never asked about', async () => {
    const gateway = await listen((req, res) => json(res, { error: { message: 'asked' } }, 404));
    const dataDir = mkdtempSync(join(tmpdir(), 'studio-hostile-tasks-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }), gateway.close);
    const stuck = {
      id: 'stuck', profileId: 'sk-sandbox', route: 'generic', kind: 'image', model: 'seedream-4-0', prompt: 'waiting forever', params: {},
      state: 'queued', remoteId: '', createdAt: 1, submittedAt: 1, updatedAt: 1, checks: 0, errorStreak: 0, resultUrls: [], downloads: [],
    };
    writeFileSync(join(dataDir, 'jobs.json'), JSON.stringify({ version: 1, jobs: [stuck] }));
    const jobs = await startJobs({ dataDir, gatewayUrl: gateway.url, indexDelayMs: 0 });
    cleanups.push(jobs.close);
    const job = await jobs.until('stuck', (j) => j.state !== 'queued');
    expect(job.state).toBe('failed');
    expect(englishText(job.error!)).toMatch(/^The gateway accepted this job but gave no task id the studio can follow/);
    expect(gateway.heard).toEqual([]);
  });

  it('an image answer with no task at all: the job fails the same way', async () => {
    const { jobs } = await jobsOn((req, res) => json(res, ok([])));
    await expect(jobs.service.submit(IMAGE)).rejects.toThrow(/no task id the studio can follow/);
    expect(jobs.service.list().map((j) => j.state)).toEqual(['failed']);
  });
});

describe('a failure whose reason is megabytes long', () => {
  const HUGE = 15 * 1024 * 1024;
  const reason = `The renderer crashed: ${'x'.repeat(HUGE)}`;

  it('six tasks fail with 15 MB reasons: each reason is kept cut with a note, and the task list stays small', async () => {
    let n = 0;
    const { jobs, dataDir } = await jobsOn((req, res) => {
      if (req.method === 'POST' && req.path === '/v1/videos') return json(res, ok({ task_id: `mp-${++n}`, task_status: 'PENDING' }));
      if (req.method === 'POST') return json(res, submitted(req.path, `task-${++n}`));
      // The multipart route's reason in `message`, the generic one's in `error.message`.
      if (req.path.startsWith('/v1/videos/')) return json(res, ok({ task_id: req.path.slice(11), task_status: 'FAILED', message: reason }));
      return json(res, ok({ task_id: req.path.slice(10), status: 'failed', progress: 0, created_at: '2026-12-05T00:00:00Z', error: { message: reason } }));
    });
    const submittedJobs = [];
    for (const spec of [IMAGE, VIDEO, MULTIPART, IMAGE, VIDEO, MULTIPART]) submittedJobs.push(await jobs.service.submit(spec));
    for (const job of submittedJobs) await jobs.until(job.id, (j) => j.state === 'failed');
    await jobs.store.flush();

    for (const job of jobs.service.list()) {
      const text = englishText(job.error!);
      expect(text.startsWith('The gateway says: The renderer crashed: xxx')).toBe(true);
      expect(text).toMatch(/… \(cut: the gateway's message was 15 MB long\)$/);
      expect(text.length).toBeLessThan(3_000);
    }
    // What the Tasks tab is sent and what is written: kilobytes, not the 90 MB the gateway sent.
    expect(JSON.stringify(jobs.service.list()).length).toBeLessThan(64 * 1024);
    expect(JSON.stringify(listedOnDisk(dataDir)).length).toBeLessThan(64 * 1024);
  });

  it('a task list an older studio wrote with such reasons is small again at its next write, the reasons kept cut', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'studio-hostile-tasks-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const failed = (id: string, error: unknown) => ({
      id, profileId: 'sk-sandbox', route: 'generic', kind: 'image', model: 'seedream-4-0', prompt: 'a lantern', params: {},
      state: 'failed', rawStatus: 'failed', error, createdAt: 1, updatedAt: 1, checks: 1, errorStreak: 0, resultUrls: [], downloads: [],
    });
    const said = `The gateway says: ${reason}`;
    writeFileSync(join(dataDir, 'jobs.json'), JSON.stringify({ version: 1, jobs: [
      failed('as-message', { code: 'jobs.task.gatewaySays', params: { message: reason }, message: said }),
      failed('as-plain-text', said),
    ] }));
    const store = storeAt(join(dataDir, 'jobs.json'));
    await store.flush();
    expect(JSON.stringify(listedOnDisk(dataDir)).length).toBeLessThan(16 * 1024);
    expect(englishText(store.get('as-message')!.error!)).toMatch(/^The gateway says: The renderer crashed: x+… \(cut: the gateway's message was 15 MB long\)$/);
    expect(englishText(store.get('as-plain-text')!.error!)).toMatch(/^The gateway says: The renderer crashed: x+…$/);
  });
});
