/**
 * A studio killed at any moment of a library move (docs/robust-host.md, "Moving the library"):
 * after the plan, a copy whole but not yet named, named but not yet in the journal, in the
 * journal, right after the switch, and while the old names go. The next start carries the move on,
 * and the library then lists every item once, byte for byte, from the new folder, with nothing
 * left in the old one and no temp file in the new one. The mover is the real code in a child
 * process that SIGKILLs itself at the chosen moment, so every moment is reached, not hoped for.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KILL_TEST_MS } from '../test/kill-loop.js';
import { digest, filesUnder, itemBytes, moveFolders, moveRun, openLibraryAt, saveItems, shown } from './test/move-setup.js';

const SCRIPT = path.join(import.meta.dirname, 'test', 'move-then-die.ts');
const ITEMS = 3;
/** Each item is three files (thumbnail, picture, sidecar). */
const FILES = ITEMS * 3;
const root = mkdtempSync(path.join(tmpdir(), 'studio-move-kill-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs the mover in a child until it kills itself at `stage` (the `nth` time); fails if it never got there. */
function killAt(base: string, stage: string, nth: number, mode: string, start = 'move'): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, base, stage, String(nth), mode, start], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => child.once('close', (code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`no kill at ${stage} #${nth} (code ${code}):\n${out}`)))));
}

const MOMENTS: [string, number][] = [
  ['planned', 1],
  ['copied', 1], ['copied', 5], ['copied', FILES],
  ['placed', 2], ['placed', FILES],
  ['logged', 4], ['logged', FILES],
  ['switched', 1],
  ['removed', 1], ['removed', FILES],
];

describe('a library move under SIGKILL', () => {
  let round = 0;
  async function killedAndResumed(kills: [string, number][], mode: string) {
    const base = path.join(root, `round-${++round}`);
    const setup = moveFolders(base);
    const seeding = openLibraryAt(setup);
    await seeding.open();
    await saveItems(seeding, path.join(base, 'downloads'), ITEMS);
    const before = await shown(seeding);
    await seeding.close();

    for (const [i, [stage, nth]] of kills.entries()) await killAt(base, stage, nth, mode, i === 0 ? 'move' : 'resume');

    // The next start: the library the settings name, and the move carried on from the journal.
    const library = openLibraryAt(setup);
    await library.open();
    const run = moveRun(setup, library);
    await run.resume();
    await run.settled();
    expect(run.current()).toMatchObject({ state: 'done' });
    expect(setup.folder()).toBe(setup.to);
    expect(await shown(library)).toEqual(before);
    expect([...before.values()].sort()).toEqual(Array.from({ length: ITEMS }, (_, n) => digest(itemBytes(n))).sort());
    const files = filesUnder(setup.to);
    expect(files.filter((f) => f.endsWith('.png'))).toHaveLength(ITEMS);
    expect(files.filter((f) => f.includes('.moving'))).toEqual([]);
    expect(files).toHaveLength(FILES);
    expect(filesUnder(setup.from)).toEqual([]);
    expect(existsSync(path.join(setup.dataDir, 'library-move.json'))).toBe(false);
    await library.close();
  }

  for (const mode of ['copy', 'link']) {
    it(`onto ${mode === 'copy' ? 'another disk' : 'the same disk'}: every item moved once, nothing lost, after a kill at each moment`, async () => {
      for (const moment of MOMENTS) await killedAndResumed([moment], mode);
    }, KILL_TEST_MS);
  }

  it('also after a second kill while the next start carries the move on', async () => {
    await killedAndResumed([['copied', 4], ['placed', 3]], 'copy');
    await killedAndResumed([['logged', 2], ['removed', 2]], 'copy');
  }, KILL_TEST_MS);
});
