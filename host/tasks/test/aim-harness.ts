/**
 * A stand-in gateway on a fake clock for the poller's aim (poller-aim.test.ts,
 * run-history-restart.test.ts): its jobs end at known times, and each job's run tells how long
 * after its end the studio knew, and how often and how far apart it was checked.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { GatewayClient } from '../../gateway/client.js';
import { SPEC_CADENCE } from '../cadence.js';
import type { JobRecord } from '../job-record.js';
import { type JobStore } from '../job-store.js';
import { storeAt } from './store-at.js';
import { Poller } from '../poller.js';
import { noisyFraction } from '../../../sandbox/core/progress-curve.js';

/** How a task reports progress at fraction `x` of its run, its `n`th answer (anything, for hostile ones). */
export type Progress = (x: number, n: number) => unknown;
interface SimTask { start: number; lengthMs: number; queuedMs: number; route: 'generic' | 'multipart'; progress: Progress; checks: number[] }

const specTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
export const linear: Progress = (x) => Math.min(99, Math.floor(x * 100));
/** The sandbox's noisy curve of the task `id` (sandbox/core/progress-curve.ts). */
export const noisy = (id: string): Progress => (x) => Math.min(99, Math.max(1, Math.floor(noisyFraction(id, x) * 100)));

/** A gateway on the fake clock: each task is queued (1.5 s unless told; PENDING on the multipart route), then runs until `lengthMs` after submission. */
export function simulatedGateway(answerMs = 0) {
  const tasks = new Map<string, SimTask>();
  const later = <T>(value: T) => (answerMs ? new Promise<T>((r) => setTimeout(() => r(value), answerMs)) : Promise.resolve(value));
  const client = {
    mask: { text: (t: string) => t },
    json: (spec: { path: string }) => {
      const id = decodeURIComponent(spec.path.split('/').pop()!);
      const t = tasks.get(id)!;
      const now = Date.now();
      t.checks.push(now);
      const elapsed = now - t.start;
      const done = elapsed >= t.lengthMs;
      if (t.route === 'multipart') {
        const base = { task_id: id, submit_time: specTime(t.start) };
        return later(done
          ? { ...base, task_status: 'SUCCEEDED', video_url: encodeURIComponent(`https://files.example/${id}.mp4`), end_time: specTime(t.start + t.lengthMs) }
          : { ...base, task_status: elapsed < t.queuedMs ? 'PENDING' : 'RUNNING' });
      }
      const base = { task_id: id, created_at: new Date(t.start).toISOString() };
      if (done) return later({ ...base, status: 'completed', progress: 100, result: { url: `https://files.example/${id}.png` } });
      if (elapsed < t.queuedMs) return later({ ...base, status: 'submitted', progress: 0 });
      const x = t.queuedMs > 1_500 ? (elapsed - t.queuedMs) / (t.lengthMs - t.queuedMs) : elapsed / t.lengthMs;
      return later({ ...base, status: 'processing', progress: t.progress(x, t.checks.length) });
    },
  } as unknown as GatewayClient;
  return { client, tasks };
}

export interface SetupOptions {
  answerMs?: number;
  /** The task list's file in `dir`: a second setup on the same file is the studio started again. */
  file?: string;
  /** Job ids start with it: a studio started again must not reuse the ids of the jobs before. */
  idPrefix?: string;
  /** The profile (a gateway and its key) the jobs are sent through. */
  profileId?: string;
}

/** Every studio set up since the last `closeStudios()`. */
const open: { poller: Poller; store: JobStore }[] = [];

/**
 * Stops every studio set up and waits for their task lists to be on disk: a write still under
 * way while a test removes its folder makes the removal fail (ENOTEMPTY) on a busy machine.
 */
export async function closeStudios(): Promise<void> {
  const studios = open.splice(0);
  for (const { poller } of studios) poller.stop();
  await Promise.all(studios.map(({ store }) => store.flush()));
}

/**
 * A poller on the task list of data folder `dir` against a new stand-in gateway; another `file`
 * than `jobs.json` is a data folder of its own beside it (`dir/<file's name>`), a studio apart.
 */
export function setup(dir: string, { answerMs = 0, file = 'jobs.json', idPrefix = 't', profileId = 'p' }: SetupOptions = {}) {
  const folder = file === 'jobs.json' ? dir : join(dir, file.replace(/\.json$/, ''));
  mkdirSync(folder, { recursive: true });
  const store = storeAt(join(folder, 'jobs.json'));
  const gateway = simulatedGateway(answerMs);
  const detected = new Map<string, number>();
  const poller = new Poller({
    store, clientFor: () => gateway.client, cadence: SPEC_CADENCE, maxInFlight: 6, now: Date.now, random: () => 0.5,
    onChange: (j) => {
      if (j.state === 'completed' && !detected.has(j.id)) detected.set(j.id, Date.now());
    },
  });
  poller.start();
  open.push({ poller, store });
  let n = 0;
  /** Submits a job now; `seen` then tells what the studio and the gateway saw of it. */
  const submit = (kind: 'image' | 'video', lengthMs: number, progress: Progress = linear, route: 'generic' | 'multipart' = 'generic', model = 'm', queuedMs = 1_500, extra: Partial<JobRecord> = {}) => {
    const id = `${idPrefix}${n++}`;
    const start = Date.now();
    const task: SimTask = { start, lengthMs, queuedMs, route, progress, checks: [] };
    gateway.tasks.set(id, task);
    const job: JobRecord = {
      id, profileId, route, kind, model, prompt: 'p', params: { seconds: '5' }, state: 'queued', remoteId: id,
      createdAt: start, submittedAt: start, updatedAt: start, checks: 0, errorStreak: 0, resultUrls: [], downloads: [], ...extra,
    };
    store.put(job);
    poller.track(job);
    const seen = () => {
      const intervals = task.checks.map((t, i) => t - (i ? task.checks[i - 1] : start));
      return { delay: detected.get(id)! - (start + lengthMs), checks: task.checks.length, intervals, state: store.get(id)!.state };
    };
    return { id, seen };
  };
  /** Submits a job now and follows it to its end; resolves with what the studio and the gateway saw. */
  const run = async (...args: Parameters<typeof submit>) => {
    const start = Date.now();
    const { id, seen } = submit(...args);
    while (!detected.has(id) && Date.now() - start < 1_900_000) await vi.advanceTimersByTimeAsync(100);
    return seen();
  };
  return { run, submit, detected, poller, store };
}

/** Advances the fake clock until the studio knows every job ended, or `limitMs` has passed. */
export async function untilDetected(jobs: readonly { id: string }[], detected: ReadonlyMap<string, number>, limitMs = 600_000): Promise<void> {
  const start = Date.now();
  while (jobs.some((j) => !detected.has(j.id)) && Date.now() - start < limitMs) await vi.advanceTimersByTimeAsync(100);
}

/** The fewest checks the spec's cadence allows to see a job of this length done: at 2 s, then every max interval. */
export function minimum(kind: 'image' | 'video', lengthMs: number): number {
  let checks = 1;
  for (let t = SPEC_CADENCE.firstCheckMs; t < lengthMs; t += SPEC_CADENCE[kind].maxIntervalMs) checks += 1;
  return checks;
}

export function expectInRange(kind: 'image' | 'video', intervals: number[]) {
  expect(intervals[0]).toBe(SPEC_CADENCE.firstCheckMs);
  for (const gap of intervals.slice(1)) {
    expect(gap).toBeGreaterThanOrEqual(SPEC_CADENCE[kind].minIntervalMs);
    expect(gap).toBeLessThanOrEqual(SPEC_CADENCE[kind].maxIntervalMs);
  }
}

/** Each test on the fake clock in a temp folder of its own, its studios closed after: returns the running test's folder. */
export function fakeClockFolder(prefix: string): () => string {
  let dir = '';
  beforeEach(() => {
    vi.useFakeTimers();
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterEach(async () => {
    await closeStudios();
    vi.useRealTimers();
    rmSync(dir, { recursive: true, force: true });
  });
  return () => dir;
}
