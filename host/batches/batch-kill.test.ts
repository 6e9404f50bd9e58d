/**
 * A batch run under SIGKILL (docs/batches.md, "What survives a kill"): a batch of 40 cells, the
 * studio (the real job service, queue, sender process, library and batch service in a child
 * process, batch-child.ts) killed at 10 random points of its life and started again on the same
 * data folder. After each start the batch is whole (all its cells and jobs, or none of them) and
 * its counts are its jobs' states; at the end every cell's job was bought once (the sandbox counts
 * submissions per prompt) and saved once. The kill points are seeded: a failure prints the seed,
 * and STUDIO_KILL_SEED replays it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '@sandbox/server.js';
import { mulberry32 } from '@sandbox/core/seeded-random.js';
import { Library } from '../library/library.js';
import { storeAt } from '../tasks/test/store-at.js';
import { KILL_TEST_MS } from '../test/kill-loop.js';
import { KillChildren } from '../queue/test/kill-children.js';

const CHILD = join(import.meta.dirname, 'test', 'batch-child.ts');
const CELLS = 40;
const KILLS = 10;
const SEED = Number(process.env.STUDIO_KILL_SEED ?? Date.now() % 1_000_000);

const children = new KillChildren();
const base = mkdtempSync(join(tmpdir(), 'studio-batch-kill-'));
let sandbox: Sandbox | undefined;
afterAll(async () => {
  children.killAll();
  await sandbox?.close();
  rmSync(base, { recursive: true, force: true });
});

interface Start {
  batches: { cells: number; jobs: number; counts: Record<string, number>; tally: Record<string, number> }[];
  loose: number;
}

/** Runs the child until it printed `killAfter` job changes, then SIGKILLs it (or, with no limit, until it settles). */
async function run(dataDir: string, url: string, killAfter?: number, finish = false): Promise<{ lines: string[]; start?: Start }> {
  const lines = await children.run(CHILD, [dataDir, url, String(CELLS), ...(finish ? ['finish'] : [])], killAfter);
  const started = lines.find((line) => line.startsWith('start '));
  return { lines, start: started ? (JSON.parse(started.slice(6)) as Start) : undefined };
}

/** A start finds the batch whole, or nothing of it; its counts are its jobs' states. */
function expectWhole(start: Start | undefined, why: string): void {
  expect(start, why).toBeDefined();
  expect(start!.loose, why).toBe(0);
  if (start!.batches.length === 0) return;
  expect(start!.batches, why).toHaveLength(1);
  const [b] = start!.batches;
  expect(b.cells, why).toBe(CELLS);
  expect(b.jobs, why).toBe(CELLS);
  expect(b.counts, why).toEqual(b.tally);
  expect(Object.values(b.counts).reduce((a, n) => a + n, 0), why).toBe(CELLS);
}

describe('a batch run under SIGKILL', () => {
  it(`buys each of ${CELLS} cells once and saves each once, its progress right after each of ${KILLS} kills (seed ${SEED})`, async () => {
    const random = mulberry32(SEED);
    sandbox = await startSandbox({ speed: 20, streamPaceMs: 0 });
    const dataDir = join(base, 'data');
    let killed = 0;
    for (let runs = 0; killed < KILLS && runs < KILLS * 2; runs++) {
      // The first run's kill may land inside the batch's creation; later ones while its jobs are sent, polled or saved.
      const { lines, start } = await run(dataDir, sandbox.url, 1 + Math.floor(random() * (runs === 0 ? 40 : 12)));
      expectWhole(start, `seed ${SEED}, start ${runs + 1}`);
      if (lines.includes('settled')) break;
      killed += 1;
    }
    const last = await run(dataDir, sandbox.url, undefined, true);
    expectWhole(last.start, `seed ${SEED}, last start`);
    expect(last.lines, `seed ${SEED}`).toContain('settled');

    const bought = (await (await fetch(`${sandbox.url}/_sandbox/submissions`)).json()) as { prompts: Record<string, number> };
    const jobs = storeAt(join(dataDir, 'jobs.json')).all();
    const library = new Library({ root: join(dataDir, 'library'), db: join(dataDir, 'studio.db') });
    await library.open();
    const items = library.list({ limit: 1000 }).items;
    await library.close();
    console.info(`batch kill test: ${JSON.stringify({ seed: SEED, killed, saved: jobs.filter((j) => j.state === 'saved').length })}`);
    expect(jobs).toHaveLength(CELLS);
    for (let n = 0; n < CELLS; n++) {
      const prompt = `batch cell ${n}`;
      const job = jobs.find((j) => j.prompt === prompt)!;
      const why = `${prompt} (seed ${SEED}, ${job?.state}: ${JSON.stringify(job?.error ?? '')})`;
      expect(job.batch?.index, why).toBe(n);
      expect(job.state, why).toBe('saved');
      expect(bought.prompts[prompt], why).toBe(1);
      expect(items.filter((i) => i.prompt === prompt), why).toHaveLength(1);
    }
    expect(killed, `seed ${SEED}`).toBe(KILLS);
    await expect.poll(() => children.sendersAlive(), { timeout: 30_000 }).toEqual([]);
  }, KILL_TEST_MS * 3);
});
