/**
 * Forged `settings.update` calls that try to move the library (docs/architecture.md,
 * "Library-known media and the move confirmation"): a script in the page can send any of them, so
 * the folder rule and the confirmation outside the page decide, and a refusal changes nothing.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { OutsideAnswer, OutsideRequest } from './ports.js';
import { openCore } from './test/open-core.js';

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
