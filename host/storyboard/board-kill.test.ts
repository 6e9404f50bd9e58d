/**
 * A storyboard run under SIGKILL (docs/storyboards.md, "Restart and pay once"): a board of 5 shots,
 * the whole studio (test/board-child.ts) killed at random points of its run and started again on
 * the same data folder, its gateway the test's sandbox. At the end every stage is done, each
 * picture and video was bought once (the sandbox counts submissions per prompt), and each
 * narration was billed once, or twice at most when a kill cut its call short after the gateway
 * took it (it is made again only when retried). The kill points are seeded: a failure prints the seed, STUDIO_KILL_SEED replays it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '@sandbox/server.js';
import { mulberry32 } from '@sandbox/core/seeded-random.js';
import { KILL_TEST_MS } from '../test/kill-loop.js';
import { KillChildren } from '../queue/test/kill-children.js';
import { speechCalls, submissions } from './test/board-fixtures.js';

const CHILD = join(import.meta.dirname, 'test', 'board-child.ts');
const SHOTS = 5;
const KILLS = 4;
const SEED = Number(process.env.STUDIO_KILL_SEED ?? Date.now() % 1_000_000);

const children = new KillChildren();
const base = mkdtempSync(join(tmpdir(), 'studio-board-kill-'));
let sandbox: Sandbox | undefined;
afterAll(async () => {
  children.killAll();
  await sandbox?.close();
  rmSync(base, { recursive: true, force: true });
});

describe('a storyboard run under SIGKILL', () => {
  it(`makes every stage of ${SHOTS} shots, each bought once, across ${KILLS} kills (seed ${SEED})`, async () => {
    const random = mulberry32(SEED);
    sandbox = await startSandbox({ speed: 100, streamPaceMs: 0 });
    const dataDir = join(base, 'data');
    let killed = 0;
    for (let runs = 0; killed < KILLS && runs < KILLS * 2; runs++) {
      const lines = await children.run(CHILD, [dataDir, sandbox.url, String(SHOTS)], 1 + Math.floor(random() * 15));
      if (lines.some((l) => l.startsWith('settled'))) break;
      killed += 1;
    }
    const last = await children.run(CHILD, [dataDir, sandbox.url, String(SHOTS), 'finish']);
    const settled = last.find((l) => l.startsWith('settled '));
    expect(settled, `seed ${SEED}: ${last.filter((l) => !l.startsWith('change ')).join(' | ')}`).toBeDefined();
    const { states, retried } = JSON.parse(settled!.slice(8)) as { states: string[]; retried: number };
    expect(states.every((s) => s === 'done'), `seed ${SEED}: ${states.join(',')}`).toBe(true);
    const bought = await submissions(sandbox.url);
    for (let n = 0; n < SHOTS; n++) {
      expect(bought[`picture ${n}`], `picture ${n}, seed ${SEED}`).toBe(1);
      expect(bought[`video ${n}`], `video ${n}, seed ${SEED}`).toBe(1);
    }
    // A narration a kill cut short may or may not have reached the gateway: it was billed once, or
    // twice when it had and was retried (speech has no task to ask about again; docs/storyboards.md).
    const spoken = await speechCalls(sandbox.url);
    console.info(`board kill test: ${JSON.stringify({ seed: SEED, killed, retried, spoken })}`);
    expect(spoken, `seed ${SEED}`).toBeGreaterThanOrEqual(SHOTS);
    expect(spoken, `seed ${SEED}`).toBeLessThanOrEqual(SHOTS + retried);
  }, KILL_TEST_MS * 2);
});
