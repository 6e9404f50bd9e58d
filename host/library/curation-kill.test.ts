/**
 * Data safety of curation (docs/library-files.md, "Curation"): a studio killed at any moment while
 * it tags thousands of items in bulk, or while their sidecars follow in the background, leaves
 * each bulk edit on every item or on none, never on some; every edit that returned is kept; and
 * the sidecars, drained at a later start, say what the database says. The writer is the real
 * Library in a child process, SIGKILLed at random points.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { KILL_TEST_MS, stopWriters, writeThenKill } from '../test/kill-loop.js';
import { Library } from './library.js';
import { writeItems } from './test/many-items.js';

const WRITER = path.join(import.meta.dirname, 'test', 'tag-in-bulk.ts');
const ITEMS = 2_000;
const ROUNDS = 8;
const base = mkdtempSync(path.join(tmpdir(), 'studio-curation-kill-'));
afterAll(async () => {
  await stopWriters();
  rmSync(base, { recursive: true, force: true });
});

describe('curation under SIGKILL', () => {
  it(`keeps each bulk tag of ${ITEMS} items on every item or none after each of ${ROUNDS} kills`, async () => {
    const root = path.join(base, 'Library');
    const database = path.join(base, 'data', 'studio.db');
    writeItems(root, ITEMS);
    let found = 0;
    let library: Library | undefined;
    for (let round = 0; round < ROUNDS; round++) {
      const { ready, last } = await writeThenKill(WRITER, [root, database]);
      expect(ready).toBe(found);
      const problems: string[] = [];
      library = new Library({ root, db: database, ffmpeg: false, log: (line) => problems.push(line) });
      await library.open();
      expect(problems).toEqual([]);
      expect(library.list().total).toBe(ITEMS);
      // Every tag is on every item or on none: the bulk edit the kill interrupted included.
      let newest = 0;
      for (let g = 1; g <= last + 1; g++) {
        const tagged = library.list({ tag: `gen-${g}`, limit: 1 }).total;
        expect([0, ITEMS], `gen-${g}`).toContain(tagged);
        if (g <= last) expect(tagged, `gen-${g} returned before the kill`).toBe(ITEMS);
        if (tagged) newest = g;
      }
      expect(library.list({ tag: `gen-${last + 2}` }).total).toBe(0);
      found = newest;
      if (round < ROUNDS - 1) await library.close();
    }
    // The sidecars follow once drained: each says exactly the tags the database has.
    await library!.curating.follow();
    expect(library!.curation.lagCount()).toBe(0);
    const expected = Array.from({ length: found }, (_, i) => `gen-${i + 1}`).sort();
    for (const item of library!.list({ limit: ITEMS }).items) {
      expect(item.tags).toEqual(expected);
      const sidecar = JSON.parse(readFileSync(`${library!.resolve(item.file)}.json`, 'utf8')) as { tags?: string[] };
      expect(sidecar.tags ?? []).toEqual(expected);
    }
    await library!.close();
  }, KILL_TEST_MS);
});
