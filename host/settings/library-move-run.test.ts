/**
 * Moving the library on real files (docs/robust-host.md, "Moving the library"): the items, their
 * sidecars and thumbnails end up in the new folder and the gallery shows them unchanged; another
 * library's files there are never written over; a disk that fills or refuses half-way stops the
 * move with every item whole in one of the folders, and it can be finished or undone.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LibraryMoveStatus } from '@shared/contract/index.js';
import type { CurrentLibrary } from '../library/current-library.js';
import type { MoveFs } from '../library/library-mover.js';
import { digest, filesUnder, itemBytes, moveFolders, moveRun, openLibraryAt, saveItems, shown, type MoveSetup } from './test/move-setup.js';

const opened: CurrentLibrary[] = [];
const bases: string[] = [];
afterEach(async () => {
  for (const lib of opened.splice(0)) await lib.close();
  for (const b of bases.splice(0)) rmSync(b, { recursive: true, force: true });
});

async function libraryOf(count: number): Promise<{ setup: MoveSetup; library: CurrentLibrary; before: Map<string, string> }> {
  const setup = moveFolders();
  bases.push(setup.base);
  const library = openLibraryAt(setup);
  opened.push(library);
  await library.open();
  await saveItems(library, path.join(setup.base, 'downloads'), count);
  return { setup, library, before: await shown(library) };
}

/** No second name across disks: every file is copied, as onto a USB drive. */
const otherDisk: Partial<MoveFs> = { link: async () => Promise.reject(Object.assign(new Error('cross-device link'), { code: 'EXDEV' })) };

describe('a move of the library', () => {
  it.each([['on the same disk', {}], ['onto another disk', otherDisk]])('%s moves every item, its sidecar and thumbnail; the gallery shows them unchanged', async (_, fs) => {
    const { setup, library, before } = await libraryOf(5);
    // The creator's own file in the old folder is not the library's: it stays.
    writeFileSync(path.join(setup.from, 'my notes.txt'), 'mine');
    const statuses: LibraryMoveStatus[] = [];
    await moveRun(setup, library, { fs, sameDisk: async () => Object.keys(fs).length === 0 }, statuses).move(setup.from, setup.to);

    expect(setup.folder()).toBe(setup.to);
    expect(library.root).toBe(setup.to);
    expect(await shown(library)).toEqual(before);
    expect(filesUnder(setup.from)).toEqual(['my notes.txt']);
    const moved = filesUnder(setup.to);
    expect(moved.filter((f) => f.endsWith('.png.json'))).toHaveLength(5);
    expect(moved.filter((f) => f.startsWith('.thumbs/'))).toHaveLength(5);
    expect(moved.filter((f) => f.includes('.moving'))).toEqual([]);
    // A fresh start finds the same library, and no move left to carry on.
    const again = openLibraryAt(setup);
    opened.push(again);
    expect(await shown(again)).toEqual(before);
    expect(existsSync(path.join(setup.dataDir, 'library-move.json'))).toBe(false);
    expect(statuses.at(-1)).toMatchObject({ state: 'done', files: 15, totalFiles: 15, from: setup.from, to: setup.to });
    expect(statuses.at(-1)!.bytes).toBe(statuses.at(-1)!.totalBytes);
  });

  it("never writes over another library's files in the new folder: both libraries are listed after", async () => {
    const { setup, library, before } = await libraryOf(3);
    const theirs = openLibraryAt(setup, setup.to);
    opened.push(theirs);
    await theirs.open();
    await saveItems(theirs, path.join(setup.base, 'their downloads'), 2, 100);
    // Same names as ours ("picture 0.png" in the same month) with other bytes.
    const item = (await shown(theirs)).get('item 100')!;
    await theirs.close();
    const clash = path.join(setup.to, path.dirname(library.current.list().items.find((i) => i.prompt === 'item 0')!.file), 'picture 0.png');
    writeFileSync(clash, Buffer.from('their picture'));
    writeFileSync(`${clash}.json`, '{"their":"sidecar"}');

    await moveRun(setup, library, { fs: otherDisk, sameDisk: async () => false }).move(setup.from, setup.to);
    const after = await shown(library);
    for (const [prompt, bytes] of before) expect(after.get(prompt)).toEqual(bytes);
    expect(after.get('item 100')).toEqual(item);
    expect(readFileSync(clash, 'utf8')).toBe('their picture');
    expect(readFileSync(`${clash}.json`, 'utf8')).toBe('{"their":"sidecar"}');
  });

  it('refuses up front a folder without room, saying how much is needed and free; nothing is copied', async () => {
    const { setup, library, before } = await libraryOf(2);
    const run = moveRun(setup, library, { sameDisk: async () => false, statfs: async () => ({ bavail: 10, bsize: 4096 }) });
    await expect(run.move(setup.from, setup.to)).rejects.toMatchObject({
      code: 'invalid_input',
      param: 'libraryDir',
      message: expect.stringMatching(/^There is not enough room in .*New library: the library needs 65 MB there, and 0 MB are free\./),
    });
    expect(filesUnder(setup.to)).toEqual([]);
    expect(setup.folder()).toBe(setup.from);
    expect(await shown(library)).toEqual(before);
    expect(await run.busy()).toBe(false);
  });

  it('refuses a folder inside the library or one that holds it', async () => {
    const { setup, library } = await libraryOf(1);
    const run = moveRun(setup, library);
    await expect(run.move(setup.from, path.join(setup.from, 'inner'))).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('inside itself') });
    await expect(run.move(setup.from, setup.base)).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('inside itself') });
  });

  describe('when the new disk fills half-way', () => {
    async function stopped() {
      const { setup, library, before } = await libraryOf(4);
      let copies = 0;
      let full = true;
      const fs: Partial<MoveFs> = {
        ...otherDisk,
        copyFile: async (from, to) => {
          if (full && ++copies === 5) {
            // A real full disk leaves part of the file behind.
            writeFileSync(to, 'half');
            throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
          }
          const { copyFile } = await import('node:fs/promises');
          await copyFile(from, to);
        },
      };
      const statuses: LibraryMoveStatus[] = [];
      const run = moveRun(setup, library, { fs, sameDisk: async () => false }, statuses);
      await expect(run.move(setup.from, setup.to)).rejects.toMatchObject({ message: expect.stringContaining('is full') });
      return { setup, library, before, run, statuses, fill: (v: boolean) => (full = v) };
    }

    it('stops, says so, and keeps the library where it was, whole; saves made meanwhile go there', async () => {
      const { setup, library, before, run, statuses } = await stopped();
      expect(statuses.at(-1)).toMatchObject({ state: 'failed', canGoBack: true, error: { code: 'app.settings.moveStopped' } });
      expect(statuses.at(-1)!.error!.message).toMatch(/^The move to .*New library stopped: The disk that holds your library .* is full\..* Every file is still whole in/);
      expect(setup.folder()).toBe(setup.from);
      expect(await shown(library)).toEqual(before);
      expect(await run.busy()).toBe(true);
      await saveItems(library, path.join(setup.base, 'downloads'), 1, 50);
      expect((await shown(library)).get('item 50')).toEqual(digest(itemBytes(50)));
    });

    it('finishes on "try again", with what was saved meanwhile', async () => {
      const { setup, library, before, run, fill } = await stopped();
      await saveItems(library, path.join(setup.base, 'downloads'), 1, 50);
      fill(false);
      await run.retry();
      expect(setup.folder()).toBe(setup.to);
      expect(await shown(library)).toEqual(new Map([...before, ['item 50', digest(itemBytes(50))]]));
      expect(filesUnder(setup.from)).toEqual([]);
      expect(filesUnder(setup.to).filter((f) => f.includes('.moving'))).toEqual([]);
    });

    it('goes back on "go back": the copies leave the new folder, the library stays', async () => {
      const { setup, library, before, run } = await stopped();
      await run.back();
      expect(filesUnder(setup.to)).toEqual([]);
      expect(setup.folder()).toBe(setup.from);
      expect(await shown(library)).toEqual(before);
      expect(await run.busy()).toBe(false);
    });
  });

  it('a folder the studio may not write to stops the move the same way, nothing lost', async () => {
    const { setup, library, before } = await libraryOf(2);
    mkdirSync(setup.to, { recursive: true });
    const denied = async () => Promise.reject(Object.assign(new Error('permission denied'), { code: 'EACCES' }));
    const run = moveRun(setup, library, { fs: { link: denied, copyFile: denied } });
    await expect(run.move(setup.from, setup.to)).rejects.toMatchObject({ message: expect.stringContaining('permission') });
    expect(await shown(library)).toEqual(before);
    expect(setup.folder()).toBe(setup.from);
  });

  it('holds saves during the move and puts them in the new folder', async () => {
    const { setup, library, before } = await libraryOf(3);
    const run = moveRun(setup, library);
    const moving = run.move(setup.from, setup.to);
    const saving = saveItems(library, path.join(setup.base, 'downloads'), 1, 60);
    await Promise.all([moving, saving]);
    expect(await shown(library)).toEqual(new Map([...before, ['item 60', digest(itemBytes(60))]]));
    expect(filesUnder(setup.from)).toEqual([]);
  });
});
