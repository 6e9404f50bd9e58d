/**
 * The job queue under SIGKILL (docs/robust-host.md, "The job queue"): a batch of 20 jobs queued in
 * one call, the studio (the real JobService, queue and library in a child process) killed at 20
 * random points of their lives and started again each time on the same data folder. At the end
 * every job the gateway took was bought once (the sandbox counts submissions per prompt) and is
 * saved in the library once. A job killed mid-POST is no exception: its POST is made by the
 * sender process, which outlives the killed studio and records the answer for the next start
 * (host/tasks/sender/), and no sender is left running at the end. The kill points are seeded; a
 * failure prints the seed, and STUDIO_KILL_SEED replays it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '@sandbox/server.js';
import { Library } from '../library/library.js';
import { storeAt } from '../tasks/test/store-at.js';
import { KILL_TEST_MS } from '../test/kill-loop.js';
import { mulberry32 } from '@sandbox/core/seeded-random.js';
import { KillChildren } from './test/kill-children.js';

const CHILD = join(import.meta.dirname, 'test', 'queue-child.ts');
const JOBS = 20;
const KILLS = 20;
const SEED = Number(process.env.STUDIO_KILL_SEED ?? Date.now() % 1_000_000);


const children = new KillChildren();

const base = mkdtempSync(join(tmpdir(), 'studio-queue-kill-'));
let sandbox: Sandbox | undefined;
afterAll(async () => {
  children.killAll();
  await sandbox?.close();
  rmSync(base, { recursive: true, force: true });
});

/**
 * Runs the child until it has printed `killAfter` job changes, then SIGKILLs it (or, with no
 * limit, until it settles). Resolves with the lines it printed.
 */
const run = (dataDir: string, url: string, killAfter?: number, finish = false) =>
  children.run(CHILD, [dataDir, url, String(JOBS), ...(finish ? ['finish'] : [])], killAfter);

describe('the job queue under SIGKILL', () => {
  it(`buys each of ${JOBS} queued jobs once and saves each once, through ${KILLS} kills (seed ${SEED})`, async () => {
    const random = mulberry32(SEED);
    // 20 times the spec's clock: a job reports progress a few times while it runs, so kill points
    // fall while jobs are polled and saved as well as while they are sent.
    sandbox = await startSandbox({ speed: 20, streamPaceMs: 0 });
    const dataDir = join(base, 'data');
    const seen = { killed: 0, settledEarly: 0 };
    for (let runs = 0; seen.killed < KILLS && runs < KILLS * 2; runs++) {
      // 1–6 changes: a kill lands while jobs wait, are sent, polled, downloaded or saved.
      const lines = await run(dataDir, sandbox.url, 1 + Math.floor(random() * 6));
      if (!lines.includes('settled')) seen.killed += 1;
      else {
        seen.settledEarly += 1;
        break;
      }
    }
    const last = await run(dataDir, sandbox.url, undefined, true);
    // On failure: how the last start spent its lines (each job's changes, by state).
    const tally = (lines: string[]) => Object.entries(lines.reduce<Record<string, number>>((t, l) => ({ ...t, [l]: (t[l] ?? 0) + 1 }), {})).map(([l, n]) => `${l} ×${n}`).join(', ');
    expect(last, `seed ${SEED}: ${tally(last)}`).toContain('settled');

    const bought = (await (await fetch(`${sandbox.url}/_sandbox/submissions`)).json()) as { prompts: Record<string, number> };
    const store = storeAt(join(dataDir, 'jobs.json'));
    const jobs = store.all();
    const library = new Library({ root: join(dataDir, 'library'), db: join(dataDir, 'studio.db') });
    await library.open();
    const items = library.list({ limit: 1000 }).items;
    await library.close();
    const savedOf = (prompt: string) => items.filter((i) => i.prompt === prompt).length;

    const report = { seed: SEED, ...seen, states: jobs.map((j) => `${j.prompt}: ${j.state}`) };
    console.info(`queue kill test: ${JSON.stringify({ seed: SEED, ...seen, saved: jobs.filter((j) => j.state === 'saved').length, unknown: jobs.filter((j) => j.state === 'unknown').length })}`);
    expect(jobs, JSON.stringify(report)).toHaveLength(JOBS);
    for (let n = 0; n < JOBS; n++) {
      const prompt = `queued job ${n}`;
      const job = jobs.find((j) => j.prompt === prompt)!;
      const why = `${prompt} (seed ${SEED}, ${job.state})`;
      // Bought once and saved once, whatever the kills: none is left with its fate unknown.
      expect(job.state, why).toBe('saved');
      expect(bought.prompts[prompt], why).toBe(1);
      expect(savedOf(prompt), why).toBe(1);
    }
    // Every kill landed inside the run, not after it.
    expect(seen.killed, JSON.stringify(report)).toBe(KILLS);
    // Each sender left once its host was gone and its POSTs answered: none is left running.
    expect(children.senders.size, 'the studios sent through a sender process').toBeGreaterThan(0);
    await expect.poll(() => children.sendersAlive(), { timeout: 30_000 }).toEqual([]);
  }, KILL_TEST_MS * 2);
});
