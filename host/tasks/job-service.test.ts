import { englishText } from '@shared/messages/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { readFileSync } from 'node:fs';
import { startSandbox, type Sandbox } from '@sandbox/server.js';
import { inspectMp4 } from '@media/mp4-inspect.js';
import { GatewayClient } from '../gateway/client.js';
import type { Cadence } from './cadence.js';
import type { JobRecord } from './job-record.js';
import { JobService } from './job-service.js';
import { Library } from '../library/library.js';
import { storeAt } from './test/store-at.js';
import { listedOnDisk } from './test/tasks-db.js';

// The spec's polling intervals divided by 100, against a sandbox running 100 times faster. The
// maximum waits are real time and stay long: rendering queued behind other test files' work must
// not read as a job that never finished (the test of the wait sets its own).
const FAST: Cadence = {
  firstCheckMs: 20,
  image: { minIntervalMs: 20, maxIntervalMs: 50, maxWaitMs: 50_000 },
  video: { minIntervalMs: 50, maxIntervalMs: 100, maxWaitMs: 50_000 },
};

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

/** The real library in the test's folder; `files()` lists what it saved. */
async function testLibrary(dir: string) {
  const library = new Library({ root: join(dir, 'library'), db: join(dir, 'studio.db') });
  await library.open();
  cleanups.push(() => library.close());
  return Object.assign(library, { files: () => library.list({ limit: 1000 }).items.map((i) => library.resolve(i.file)) });
}

async function setup(opts: { sandbox?: Sandbox; dir?: string; cadence?: Cadence; now?: () => number; onChange?: (j: JobRecord) => void } = {}) {
  const sandbox = opts.sandbox ?? (await startSandbox({ speed: 100, streamPaceMs: 0 }));
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'studio-jobs-'));
  if (!opts.sandbox) cleanups.push(() => sandbox.close());
  if (!opts.dir) cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const library = await testLibrary(dir);
  const changes: JobRecord[] = [];
  const store = storeAt(join(dir, 'jobs.json'));
  const service = new JobService({
    store, library, downloadsDir: join(dir, 'downloads'),
    clientFor: (key) => new GatewayClient({ baseUrl: sandbox.url, apiKey: key }),
    activeProfileId: () => 'sk-sandbox',
    cadence: opts.cadence ?? FAST, now: opts.now ?? Date.now, random: Math.random,
    onChange: (j) => {
      changes.push(structuredClone(j));
      opts.onChange?.(j);
    },
  });
  service.start();
  cleanups.push(() => service.stop());
  const until = async (id: string, states: string[], timeoutMs = 30_000) => {
    const start = Date.now();
    for (;;) {
      const job = store.get(id)!;
      if (states.includes(job.state)) return job;
      if (Date.now() - start > timeoutMs) throw new Error(`job still ${job.state}: ${job.error ?? ''}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { sandbox, dir, store, service, library, changes, until };
}

const admin = (s: Sandbox, path: string, body: unknown) =>
  fetch(`${s.url}/_sandbox/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('the job pipeline against the sandbox', () => {
  it('runs an image job to the end: queued → running → completed → saved, every image downloaded', async () => {
    // A slower sandbox so the running phase lasts many checks, even on a busy machine.
    const sandbox = await startSandbox({ speed: 5, streamPaceMs: 0 });
    cleanups.push(() => sandbox.close());
    const t = await setup({ sandbox });
    const job = await t.service.submit({ route: 'image', request: { model: 'seedream-4-0', prompt: 'three lanterns', n: 3, resolution: '1K' } });
    expect(job.state).toBe('queued');
    const done = await t.until(job.id, ['saved', 'failed']);
    expect(done.state).toBe('saved');
    const states = [...new Set(t.changes.filter((c) => c.id === job.id).map((c) => c.state))];
    expect(states).toEqual(expect.arrayContaining(['submitting', 'queued', 'running', 'completed', 'saved']));
    expect(done.downloads).toHaveLength(3);
    const files = t.library.files();
    expect(files).toHaveLength(3);
    for (const f of files) expect(PNG.sync.read(readFileSync(f)).width).toBe(1024);
    expect(done.expiresAt! - done.finishedAt!).toBe(24 * 3600 * 1000);
  });

  it('runs a multipart video job, URL-decoding its link, and keeps the rewritten prompt', async () => {
    const t = await setup();
    const job = await t.service.submit({ route: 'video-multipart', request: { model: 'wan2.5-t2v-preview', prompt: 'a lighthouse', seconds: '3' } });
    const done = await t.until(job.id, ['saved', 'failed']);
    expect(done.state).toBe('saved');
    expect(done.actualPrompt).toMatch(/a lighthouse, cinematic/);
    expect(inspectMp4(readFileSync(t.library.files()[0])).durationSeconds).toBeCloseTo(3, 0);
  });

  it('shows the gateway\'s message when a job fails', async () => {
    const t = await setup();
    await admin(t.sandbox, 'faults/task', { message: 'Prompt refused by the model' });
    const job = await t.service.submit({ route: 'video', request: { model: 'modelg3', prompt: 'x' } });
    const done = await t.until(job.id, ['failed']);
    expect(englishText(done.error)).toBe('The gateway says: Prompt refused by the model');
  });

  it('ends "expired" with a clear message when the links die before the files are saved', async () => {
    // A link lifetime of 1 simulated second at speed 100: gone before the download starts.
    const sandbox = await startSandbox({ speed: 100, streamPaceMs: 0, linkTtlSeconds: 1 });
    cleanups.push(() => sandbox.close());
    const t = await setup({ sandbox });
    await admin(sandbox, 'faults/latency', { ms: 100, match: '/files/' });
    const job = await t.service.submit({ route: 'image', request: { model: 'seedream-4-0', prompt: 'too late', resolution: '1K' } });
    const done = await t.until(job.id, ['expired', 'saved']);
    expect(done.state).toBe('expired');
    expect(englishText(done.error)).toMatch(/expired before the files could be saved/);
    expect(t.library.files()).toEqual([]);
  });

  it('refuses a request read back from the task list (not checked by the contract) before sending, naming the field', async () => {
    const t = await setup();
    await t.store.putDurable({
      id: 'old', profileId: 'sk-sandbox', route: 'generic', kind: 'image', model: 'seedream-4-5', prompt: 'x', params: { model: 'seedream-4-5', prompt: 'x', resolution: '1K' },
      state: 'failed', createdAt: 1, updatedAt: 1, checks: 0, errorStreak: 0, resultUrls: [], downloads: [],
    });
    await expect(t.service.retry('old')).rejects.toMatchObject({ code: 'invalid_input', param: 'request.resolution' });
    expect(t.store.all()).toHaveLength(1);
  });

  it('a job whose files were all saved as a clean stop came is marked saved at the next start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-jobs-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const first = await setup({ dir });
    const job = await first.service.submit({ route: 'image', request: { model: 'seedream-4-0', prompt: 'kept at the stop', resolution: '1K' } });
    const saved = await first.until(job.id, ['saved']);
    await first.service.stop();
    // As a stop that came while the library took the last file leaves it: every file in, the job not told.
    await first.store.putDurable({ ...saved, state: 'completed' });
    const next = await setup({ dir, sandbox: first.sandbox });
    expect((await next.until(job.id, ['saved'])).downloads.map((d) => d.libraryId)).toEqual(saved.downloads.map((d) => d.libraryId));
    expect(next.library.files()).toHaveLength(1);
  });

  it('marks a submission whose fate is unknown, and never resubmits it', async () => {
    const t = await setup();
    await admin(t.sandbox, 'faults/latency', { ms: 40_000, count: 1, match: '/v1/images' });
    const slow = new JobService({
      store: t.store, library: t.library, downloadsDir: join(t.dir, 'downloads'),
      clientFor: (key) => new GatewayClient({ baseUrl: t.sandbox.url, apiKey: key, timeoutMs: 200 }),
      activeProfileId: () => 'sk-sandbox', cadence: FAST, now: Date.now, random: Math.random, onChange: () => undefined,
    });
    // Its queue sends the job (docs/robust-host.md, "The job queue").
    slow.start();
    cleanups.push(() => slow.stop());
    await expect(slow.submit({ route: 'image', request: { model: 'seedream-4-0', prompt: 'lost' } })).rejects.toMatchObject({ code: 'timeout' });
    const [job] = t.store.all();
    expect(job.state).toBe('unknown');
    expect(englishText(job.error)).toMatch(/not resubmitted/);
    await admin(t.sandbox, 'faults/reset', {});
  });

  it('honours 429 Retry-After while polling and backs off on errors', async () => {
    // The wait the poller set after each "busy" answer, read from the record rather than measured,
    // so a slow machine cannot pass or fail it. Its clock moves between ticks only, so the answer
    // and its record share one instant.
    let instant = Date.now();
    const ticking = setInterval(() => (instant = Date.now()), 5);
    cleanups.push(() => clearInterval(ticking));
    const waits: number[] = [];
    const t = await setup({
      now: () => instant,
      onChange: (j) => {
        if (/busy/.test(englishText(j.error))) waits.push(j.nextCheckAt! - j.updatedAt);
      },
    });
    await admin(t.sandbox, 'faults/fail', { status: 429, retry_after: 1, match: '/v1/tasks/' });
    const job = await t.service.submit({ route: 'image', request: { model: 'seedream-4-0', prompt: 'patience', resolution: '1K' } });
    const done = await t.until(job.id, ['saved']);
    expect(waits.length).toBeGreaterThan(0);
    // FAST polls every few ms; the gateway asked for a second, and got it.
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(1_000);
    expect(t.changes.some((c) => c.id === job.id && /busy/.test(englishText(c.error)))).toBe(true);
    expect(done.state).toBe('saved');
  });

  it('times out after the maximum wait, then "check again" finishes it', async () => {
    const tight: Cadence = { ...FAST, image: { ...FAST.image, maxWaitMs: 30 } };
    const sandbox = await startSandbox({ speed: 2, streamPaceMs: 0 });
    cleanups.push(() => sandbox.close());
    const t = await setup({ sandbox, cadence: tight });
    const job = await t.service.submit({ route: 'image', request: { model: 'seedream-4-0', prompt: 'slowly', resolution: '1K' } });
    const timedOut = await t.until(job.id, ['timed_out']);
    expect(englishText(timedOut.error)).toMatch(/Check again/);
    const loose = new JobService({
      store: t.store, library: t.library, downloadsDir: join(t.dir, 'downloads'),
      clientFor: (key) => new GatewayClient({ baseUrl: sandbox.url, apiKey: key }),
      activeProfileId: () => 'sk-sandbox', cadence: { ...FAST, image: { ...FAST.image, maxWaitMs: 20_000 } }, now: Date.now, random: Math.random, onChange: () => undefined,
    });
    t.service.stop();
    loose.start();
    cleanups.push(() => loose.stop());
    loose.checkAgain(job.id);
    expect((await t.until(job.id, ['saved'], 20_000)).state).toBe('saved');
  });
});

describe('a slow disk', () => {
  it('a new job is checked neither before the cadence\'s first delay nor before its record is on disk, though another job wakes the poller meanwhile', async () => {
    // A slower sandbox, and a first check long enough to tell from the poller's other wakes: the
    // other job, once checked, is checked every 50–100 ms.
    const sandbox = await startSandbox({ speed: 5, streamPaceMs: 0 });
    cleanups.push(() => sandbox.close());
    const cadence: Cadence = { ...FAST, firstCheckMs: 1_000 };
    const t = await setup({ sandbox, cadence });
    const busy = await t.service.submit({ route: 'video-multipart', request: { model: 'wan2.5-t2v-preview', prompt: 'keeps the poller busy', seconds: '3' } });
    const checksOfBusy = () => sandbox.state.tasks.timeline(sandbox.state.tasks.get(busy.remoteId!)!).queries.length;
    while (checksOfBusy() < 2) await new Promise((r) => setImmediate(r));
    // From now on each write of the task list lasts until the poller has checked the other job 25
    // times more (over a second), as on a slow or busy disk: the poller wakes often meanwhile.
    const flush = t.store.flush.bind(t.store);
    let writtenAt = Infinity;
    t.store.flush = async () => {
      const from = checksOfBusy();
      while (checksOfBusy() < from + 25) await new Promise((r) => setImmediate(r));
      await flush();
      const record = listedOnDisk(t.dir).find((j) => j.prompt === 'on a slow disk');
      if (record?.remoteId && writtenAt === Infinity) writtenAt = Date.now();
    };
    const job = await t.service.submit({ route: 'image', request: { model: 'seedream-4-0', prompt: 'on a slow disk', resolution: '1K' } });
    t.store.flush = flush;
    expect((await t.until(job.id, ['saved', 'failed'])).state).toBe('saved');
    const [first] = sandbox.state.tasks.timeline(sandbox.state.tasks.get(job.remoteId!)!).queries;
    // Counted from when the studio knew the task id (one machine, one clock; 5 ms for a clock
    // reading's rounding).
    expect(first - t.store.get(job.id)!.submittedAt!).toBeGreaterThanOrEqual(cadence.firstCheckMs - 5);
    // A check goes out only for a task whose id the task list on disk holds.
    expect(first).toBeGreaterThanOrEqual(writtenAt);
  });
});

describe('restarts', () => {
  it('a new service on the same data folder resumes polling: no duplicate job, no lost result', async () => {
    const sandbox = await startSandbox({ speed: 20, streamPaceMs: 0 });
    cleanups.push(() => sandbox.close());
    const dir = mkdtempSync(join(tmpdir(), 'studio-restart-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const first = await setup({ sandbox, dir });
    const job = await first.service.submit({ route: 'image', request: { model: 'seedream-4-0', prompt: 'survive a restart', resolution: '1K' } });
    first.service.stop();
    const second = await setup({ sandbox, dir });
    const done = await second.until(job.id, ['saved']);
    expect(second.store.all()).toHaveLength(1);
    expect(done.downloads.filter((d) => d.state === 'done')).toHaveLength(1);
    expect(existsSync(join(dir, 'downloads', `${job.id}-0.part`))).toBe(false);
  });

  it('a process killed mid-download: the next start resumes the file, one job, one library item', async () => {
    const sandbox = await startSandbox({ speed: 100, streamPaceMs: 0 });
    cleanups.push(() => sandbox.close());
    const dir = mkdtempSync(join(tmpdir(), 'studio-kill-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    // The first download attempt is cut after 64 KB, so the process dies holding a partial file.
    await admin(sandbox, 'faults/download', { after_bytes: 65_536, count: 1 });
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'test', 'die-mid-download.ts'), dir, sandbox.url], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    const signal = await new Promise((r) => child.once('exit', (_code, sig) => r(sig)));
    expect([signal, out]).toEqual(['SIGKILL', expect.stringMatching(/^dying \S+\n$/)]);
    const id = /dying (\S+)/.exec(out)![1];
    const t = await setup({ sandbox, dir });
    const done = await t.until(id, ['saved']);
    expect(t.store.all()).toHaveLength(1);
    expect(done.downloads).toHaveLength(1);
    const files = t.library.files();
    expect(files).toHaveLength(1);
    expect(PNG.sync.read(readFileSync(files[0])).width).toBe(2048);
    expect(readdirSync(join(dir, 'downloads'))).toEqual([]);
  });

  it('a job caught mid-submission is marked unknown on the next start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-crash-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const store = storeAt(join(dir, 'jobs.json'));
    await store.putDurable({ id: 'j1', profileId: 'p', route: 'generic', kind: 'image', model: 'seedream-4-0', prompt: 'x', params: {}, state: 'submitting', createdAt: 1, updatedAt: 1, checks: 0, errorStreak: 0, resultUrls: [], downloads: [] });
    const t = await setup({ dir });
    expect(t.store.get('j1')).toMatchObject({ state: 'unknown' });
    expect(t.store.all()).toHaveLength(1);
  });
});
