/**
 * Data safety (docs/security.md, "The adversarial suite"): a studio killed at any moment while it
 * saves results into the library (media moved in, thumbnail, sidecar, the index's row in the database) leaves every
 * listed item whole, lists every save that returned, never lists half a save, and never lets one
 * name collision overwrite another file. The writer is the real Library in a child process,
 * SIGKILLed at random points.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inLanes, KILL_TEST_MS, stopWriters, writeThenKill } from '../test/kill-loop.js';
import { Library } from './library.js';
import { LibraryItem } from './library-item.js';
import { resultBytes } from './test/results.js';
import { readPngText, withoutPngText } from './png-text.js';

const expected = new Map<number, Buffer>();
const bytesOf = (gen: number): Buffer => expected.get(gen) ?? expected.set(gen, resultBytes(gen)).get(gen)!;
/** A saved file is the result the gateway sent with the prompt's text chunks written into it. */
const isResult = (file: Buffer, gen: number): boolean => withoutPngText(file).equals(withoutPngText(bytesOf(gen)));

const WRITER = path.join(import.meta.dirname, 'test', 'save-results.ts');
const LANES = 2;
const ROUNDS = 25;
const base = mkdtempSync(path.join(tmpdir(), 'studio-library-kill-'));
afterAll(async () => {
  await stopWriters();
  rmSync(base, { recursive: true, force: true });
});

/** Every file under `dir`, relative, hidden ones included. */
const filesUnder = (dir: string): string[] => (existsSync(dir)
  ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
  : []);

describe('the library under SIGKILL', () => {
  it(`keeps every returned save and no half save after each of ${LANES * ROUNDS} kills`, async () => {
    let committed = 0;
    const left: Record<string, number>[] = [];
    const found: number[] = [];
    const saved: Set<number>[] = [new Set(), new Set()];
    /** Per lane, the saves a kill interrupted: only they may have left a stray file. */
    const interrupted: Set<number>[] = [new Set(), new Set()];
    await inLanes(LANES, ROUNDS, async (lane) => {
      const dir = path.join(base, `lane-${lane}`);
      const root = path.join(dir, 'Library');
      const database = path.join(dir, 'data', 'studio.db');
      const incoming = path.join(dir, 'downloads');
      mkdirSync(incoming, { recursive: true });
      const { ready, last } = await writeThenKill(WRITER, [root, database, incoming]);
      expect(ready).toBe(found[lane] ?? 0);
      for (let g = ready + 1; g <= last; g++) saved[lane].add(g);
      interrupted[lane].add(last + 1);

      const problems: string[] = [];
      const library = new Library({ root, db: database, ffmpeg: false, log: (line) => problems.push(line) });
      await library.open();
      await library.close();
      expect(problems).toEqual([]);
      // The killed writer's database opened whole (no problem logged, nothing set aside), and nothing else sits beside it.
      expect(readdirSync(path.dirname(database)).filter((n) => !/^studio\.db(-wal|-shm)?$/.test(n))).toEqual([]);

      const items = library.list({ limit: 1e6 }).items;
      const gens = items.map((i) => Number(i.prompt.slice(4)));
      expect(new Set(gens).size).toBe(gens.length);
      // Every save that returned is listed; the only other one is the save the kill interrupted.
      for (const g of saved[lane]) expect(gens).toContain(g);
      const extra = gens.filter((g) => !saved[lane].has(g));
      expect(extra.every((g) => g === last + 1)).toBe(true);
      if (extra.length) {
        committed += 1;
        saved[lane].add(last + 1);
      }
      // Each listed item is whole: its own bytes (never another save's, after any collision),
      // a valid sidecar, a visible name that is not a temp or partial file.
      const files = new Set<string>();
      for (const [i, item] of items.entries()) {
        const abs = library.resolve(item.file);
        const bytes = readFileSync(abs);
        expect(isResult(bytes, gens[i])).toBe(true);
        // Tagged in the same kill-safe save: the file names its own prompt (docs/library-files.md).
        expect(readPngText(bytes).Description).toBe(item.prompt);
        expect(LibraryItem.parse(JSON.parse(readFileSync(`${abs}.json`, 'utf8'))).id).toBe(item.id);
        expect(path.basename(item.file)).toMatch(/^shot [0-2]( \(\d+\))?\.png$/);
        files.add(item.file);
      }
      expect(files.size).toBe(items.length);

      // Whatever else a kill left is never listed: hidden temp files and thumbnails, an empty name
      // claim, or a whole file moved in whose sidecar never committed.
      const listed = new Set([...files].flatMap((f) => [f, `${f}.json`]));
      const thumbs = new Set(items.map((i) => i.thumb));
      const kinds = { temp: 0, thumb: 0, claim: 0, moved: 0 };
      for (const f of filesUnder(root).map((x) => x.split(path.sep).join('/')).filter((x) => !listed.has(x) && !thumbs.has(x))) {
        const bytes = readFileSync(path.join(root, f));
        if (f.startsWith('.thumbs/')) kinds.thumb += 1;
        else if (path.basename(f).startsWith('.')) kinds.temp += 1;
        else {
          expect(f).toMatch(/^\d{4}-\d{2}\/shot [0-2]( \(\d+\))?\.png$/);
          expect(existsSync(path.join(root, `${f}.json`))).toBe(false);
          // A moved-in file is whole: the result of an interrupted save, never a torn one.
          if (bytes.length) expect([...interrupted[lane]].some((g) => isResult(bytes, g)), f).toBe(true);
          kinds[bytes.length ? 'moved' : 'claim'] += 1;
        }
      }
      left[lane] = kinds;
      found[lane] = Math.max(0, ...gens);
    });
    console.info(`library: ${LANES * ROUNDS} kills; ${committed} interrupted saves had committed; unlisted leftovers at the end: ${JSON.stringify(left)}`);
  }, KILL_TEST_MS);
});
