/**
 * Data safety (docs/security.md, "The adversarial suite"): a studio killed at any moment while it
 * writes the task list leaves the old list or the new one, never a broken one, and nothing a later
 * start mistakes for the list. The writer is the real JobStore over the studio database in a child
 * process, SIGKILLed at random points.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inLanes, KILL_TEST_MS, stopWriters, writeThenKill } from '../test/kill-loop.js';
import { storeAt } from './test/store-at.js';

const WRITER = join(import.meta.dirname, 'test', 'write-jobs.ts');
const LANES = 2;
const ROUNDS = 25;
const base = mkdtempSync(join(tmpdir(), 'studio-jobs-kill-'));
afterAll(async () => {
  await stopWriters();
  rmSync(base, { recursive: true, force: true });
});

describe('the task list under SIGKILL', () => {
  it(`holds the old or the new list after each of ${LANES * ROUNDS} kills, and the next start loads it whole`, async () => {
    const seen = { old: 0, new: 0 };
    const found: number[] = [];
    await inLanes(LANES, ROUNDS, async (lane) => {
      const dir = join(base, `lane-${lane}`);
      const file = join(dir, 'jobs.json');
      const { ready, last } = await writeThenKill(WRITER, [file]);
      // The child started from exactly what the previous start found on disk.
      expect(ready).toBe(found[lane] ?? 0);
      // What the kill left: the database and its write-ahead log, which the next start replays.
      expect(readdirSync(dir).filter((n) => !/^studio\.db(-wal|-shm)?$/.test(n))).toEqual([]);

      const problems: string[] = [];
      const store = storeAt(file, (line) => problems.push(line));
      // Loaded whole: no record skipped, no `.damaged-` copy set aside.
      expect(problems).toEqual([]);
      const jobs = store.all();
      expect(jobs).toHaveLength(200);
      const gen = jobs[0].checks;
      expect(jobs.every((j) => j.checks === gen && j.updatedAt === gen)).toBe(true);
      expect([last, last + 1]).toContain(gen);
      seen[gen === last ? 'old' : 'new'] += 1;
      // Nothing else beside the database: crashes do not pile up copies.
      expect(readdirSync(dir).filter((n) => !n.startsWith('studio.db'))).toEqual([]);
      found[lane] = gen;
    });
    console.info(`task list: ${LANES * ROUNDS} kills; the last returned write held ${seen.old}×, the one in flight ${seen.new}×`);
  }, KILL_TEST_MS);
});
