/**
 * A storyboard run under SIGKILL (docs/storyboards.md, "Restart and pay once"): a board of 5 shots,
 * the whole studio (test/board-child.ts) killed 10 times at random points of its run and started
 * again on the same data folder, its gateway the test's sandbox. At the end every stage is done
 * and each picture, video and narration was bought exactly once: the sandbox counts task
 * submissions per prompt and billed speech calls per text. A narration's call is made by the
 * sender process, which outlives each kill (narration-speech.ts). The kill points are seeded: a
 * failure prints the seed, STUDIO_KILL_SEED replays it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '@sandbox/server.js';
import { mulberry32 } from '@sandbox/core/seeded-random.js';
import { KILL_TEST_MS } from '../test/kill-loop.js';
import { KillChildren } from '../queue/test/kill-children.js';
import { boughtPerStage } from './test/board-fixtures.js';

const CHILD = join(import.meta.dirname, 'test', 'board-child.ts');
const SHOTS = 5;
const KILLS = 10;
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
    let cut = 0;
    const cutIn = (lines: string[]) => Number(lines.find((l) => l.startsWith('cut '))?.slice(4) ?? 0);
    for (let runs = 0; killed < KILLS && runs < KILLS * 2; runs++) {
      const lines = await children.run(CHILD, [dataDir, sandbox.url, String(SHOTS)], 1 + Math.floor(random() * 9));
      cut += cutIn(lines);
      if (lines.some((l) => l.startsWith('settled'))) break;
      killed += 1;
    }
    const last = await children.run(CHILD, [dataDir, sandbox.url, String(SHOTS), 'finish']);
    cut += cutIn(last);
    const settled = last.find((l) => l.startsWith('settled '));
    expect(settled, `seed ${SEED}: ${last.filter((l) => !l.startsWith('change ')).join(' | ')}`).toBeDefined();
    const { states, retried } = JSON.parse(settled!.slice(8)) as { states: string[]; retried: number };
    const bought = await boughtPerStage(sandbox.url, SHOTS);
    console.info(`board kill test: ${JSON.stringify({ seed: SEED, killed, narrationsCutShort: cut, retried, bought })}`);
    for (const l of last.filter((x) => x.startsWith('retry '))) console.info(`board kill test: ${l}`);
    expect(killed, `seed ${SEED}: the board was over before every kill`).toBe(KILLS);
    expect(states.every((s) => s === 'done'), `seed ${SEED}: ${states.join(',')}`).toBe(true);
    const once = Array.from({ length: SHOTS }, () => 1);
    expect(bought, `seed ${SEED}`).toEqual({ picture: once, video: once, narration: once });
  }, KILL_TEST_MS * 2);
});
