/**
 * Forged `settings.update` calls that try to move the library (docs/architecture.md,
 * "Library-known media and the move confirmation"): a script in the page can send any of them, so
 * the folder rule and the confirmation outside the page decide, and a refusal changes nothing.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { OutsideAnswer, OutsideRequest } from './ports.js';
import { openCore } from './test/open-core.js';
import { Library } from './library/library.js';
import { pngBytes } from './library/test/fixtures.js';

/** A core whose creator answers every move with `answer`, and the moves it was asked about. */
async function coreAnswering(answer: OutsideAnswer | undefined) {
  const asked = vi.fn(async (_request: OutsideRequest) => answer!);
  const c = await openCore({ confirmOutside: answer === undefined ? undefined : asked });
  const before = (await c.value('settings.get')).libraryDir as string;
  const unchanged = async () => expect((await c.value('settings.get')).libraryDir).toBe(before);
  return { ...c, asked, before, unchanged };
}

describe('a forged move of the library', () => {
  it.each([
    ['the data folder', (dataDir: string) => dataDir, "holds the studio's own data"],
    ['the folder above the data folder', (dataDir: string) => dirname(dataDir), "holds the studio's own data"],
    ['the top of the drive', () => '/', 'is the top of a drive'],
    ['the home folder', () => homedir(), 'is your home folder'],
    ['/etc', () => '/etc', 'is a system folder'],
    ['a new folder in /etc', () => '/etc/studio-library', 'is a system folder'],
  ])('to %s is refused before anyone is asked, and nothing changes', async (_name, target, why) => {
    const c = await coreAnswering('confirmed');
    const dir = target(c.ports.dataDir);
    const r = await c.call('settings.update', { libraryDir: dir, theme: 'dark' });
    expect(r.error).toMatchObject({ code: 'invalid_input', param: 'libraryDir' });
    expect(r.error.message).toContain(why);
    expect(c.asked).not.toHaveBeenCalled();
    await c.unchanged();
    expect((await c.value('settings.get')).theme).toBe('system');
    expect(c.events.some((e) => e.event === 'settings.onDidChange' || (e.event === 'library.onDidChange' && e.payload.reason === 'reset'))).toBe(false);
    expect(existsSync('/etc/studio-library')).toBe(false);
  });

  it('to a folder of its own is refused when the creator declines, and the folder is not even made', async () => {
    const c = await coreAnswering('declined');
    const dir = join(c.ports.dataDir, 'Chosen by a script');
    const r = await c.call('settings.update', { libraryDir: dir });
    expect(r.error).toMatchObject({ code: 'aborted', param: 'libraryDir', message: 'The library was not moved: the move was not confirmed.' });
    expect(c.asked).toHaveBeenCalledWith({ kind: 'library-move', from: c.before, to: dir, code: undefined, language: 'system' });
    await c.unchanged();
    expect(existsSync(dir)).toBe(false);
  });

  it('is declined when the shell has no way to ask (the safe default)', async () => {
    const c = await coreAnswering(undefined);
    const r = await c.call('settings.update', { libraryDir: join(c.ports.dataDir, 'Elsewhere') });
    expect(r.error).toMatchObject({ code: 'aborted', param: 'libraryDir' });
    await c.unchanged();
  });

  it('moves once the creator confirms; the same folder again asks nothing', async () => {
    const c = await coreAnswering('confirmed');
    const dir = join(c.ports.dataDir, 'Chosen', '..', 'Mine');
    const view = await c.value('settings.update', { libraryDir: dir, confirmCode: 'ignored by the desktop' });
    expect(view.libraryDir).toBe(join(c.ports.dataDir, 'Mine'));
    expect(c.asked).toHaveBeenCalledTimes(1);
    expect(existsSync(view.libraryDir)).toBe(true);
    await c.value('settings.update', { libraryDir: `${view.libraryDir}/`, theme: 'dark' });
    expect(c.asked).toHaveBeenCalledTimes(1);
  });
});

describe('a confirmed move of the library', () => {
  it('takes the files along: the gallery lists the same items from the new folder, and the old one is empty', async () => {
    const c = await coreAnswering('confirmed');
    // A library with three pictures, which the studio is pointed at first.
    const first = join(c.ports.dataDir, 'First');
    const seed = new Library({ root: first, db: join(c.ports.dataDir, 'seed.db'), ffmpeg: false, metadata: false });
    mkdirSync(join(c.ports.dataDir, 'incoming'));
    for (let n = 0; n < 3; n++) {
      const source = join(c.ports.dataDir, 'incoming', `${n}.png`);
      writeFileSync(source, pngBytes(30 + n, 20, n));
      await seed.add({ source, name: `picture ${n}`, meta: { kind: 'image', prompt: `item ${n}`, model: 'seedream-4-5', params: {}, createdAt: 1_750_000_000_000 } });
    }
    await seed.close();
    await c.value('settings.update', { libraryDir: first });
    const listed = (await c.value('library.list')).items as { prompt: string; file: string; bytes: number }[];
    expect(listed.map((i) => i.prompt).sort()).toEqual(['item 0', 'item 1', 'item 2']);

    const moved = join(c.ports.dataDir, 'Moved');
    const view = await c.value('settings.update', { libraryDir: moved });
    expect(view.libraryDir).toBe(moved);
    const after = (await c.value('library.list')).items as { prompt: string; file: string; bytes: number }[];
    expect(after.map((i) => [i.prompt, i.file, i.bytes]).sort()).toEqual(listed.map((i) => [i.prompt, i.file, i.bytes]).sort());
    for (const [n, item] of after.entries()) {
      expect(readFileSync(join(moved, item.file)).equals(pngBytes(30 + Number(item.prompt.slice(5)), 20, Number(item.prompt.slice(5))))).toBe(true);
      expect(existsSync(join(first, item.file)), `item ${n} left in the old folder`).toBe(false);
    }
    expect(existsSync(first) ? readdirSync(first, { recursive: true }) : []).toEqual([]);
    const moves = c.events.filter((e) => e.event === 'settings.onLibraryMove').map((e) => e.payload);
    expect(moves.at(-1)).toMatchObject({ state: 'done', from: first, to: moved, files: 9, totalFiles: 9 });
    expect((await c.value('settings.libraryMove'))).toMatchObject({ state: 'done' });
  });

  it('is refused into a folder inside the library, saying why; the folder is not left behind and nothing changes', async () => {
    const c = await coreAnswering('confirmed');
    const inner = join(c.before, 'Inside');
    const r = await c.call('settings.update', { libraryDir: inner });
    expect(r.error).toMatchObject({ code: 'invalid_input', param: 'libraryDir', message: expect.stringContaining('cannot move into a folder inside itself') });
    expect(existsSync(inner)).toBe(false);
    await c.unchanged();
  });
});
