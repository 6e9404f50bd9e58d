/**
 * Data safety of the bulk favourite (favourite-bulk.ts; docs/library-files.md, "The index"): a
 * studio killed at any moment while it marks or unmarks thousands of favourites at once, or while
 * their sidecars follow, leaves every item marked or none; a mark that returned is kept; and the
 * sidecars, drained at a later start, say what the rows say. The writer is the real Library in a
 * child process, SIGKILLed at random points.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { KILL_TEST_MS, stopWriters, writeThenKill } from '../test/kill-loop.js';
import { Library } from './library.js';
import { writeItems } from './test/many-items.js';

const WRITER = path.join(import.meta.dirname, 'test', 'favourite-in-bulk.ts');
const ITEMS = 2_000;
const ROUNDS = 6;
const base = mkdtempSync(path.join(tmpdir(), 'studio-favourite-kill-'));
afterAll(async () => {
  await stopWriters();
  rmSync(base, { recursive: true, force: true });
});

describe('bulk favourites under SIGKILL', () => {
  it(`keeps each bulk mark of ${ITEMS} items on every item or none after each of ${ROUNDS} kills`, async () => {
    const root = path.join(base, 'Library');
    const database = path.join(base, 'data', 'studio.db');
    writeItems(root, ITEMS);
    let marked = false;
    let library: Library | undefined;
    for (let round = 0; round < ROUNDS; round++) {
      const { ready, last } = await writeThenKill(WRITER, [root, database]);
      expect(ready).toBe(marked ? 1 : 0);
      const problems: string[] = [];
      library = new Library({ root, db: database, ffmpeg: false, log: (line) => problems.push(line) });
      await library.open();
      expect(problems).toEqual([]);
      const total = library.list({ favourite: true, limit: 1 }).total;
      // All or none; the last mark that returned, or the one the kill interrupted once it committed.
      expect([0, ITEMS]).toContain(total);
      marked = total === ITEMS;
      expect([last % 2 === 1, (last + 1) % 2 === 1]).toContain(marked);
      if (round < ROUNDS - 1) await library.close();
    }
    await library!.searchReady();
    // The sidecars follow once drained: each says what its row says.
    await library!.curating.follow();
    expect(library!.curation.lagCount()).toBe(0);
    for (const item of library!.list({ limit: ITEMS }).items) {
      expect(item.favourite ?? false).toBe(marked);
      const sidecar = JSON.parse(readFileSync(`${library!.resolve(item.file)}.json`, 'utf8')) as { favourite?: boolean };
      expect(sidecar.favourite ?? false).toBe(marked);
    }
    await library!.close();
  }, KILL_TEST_MS);
});
