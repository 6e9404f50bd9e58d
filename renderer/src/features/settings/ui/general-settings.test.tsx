// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppHealth, LibraryMoveStatus, SettingsView } from '@shared/contract/index.js';
import { DEFAULT_CHAT_DEFAULTS } from '@shared/contract/chat.js';
import { msg } from '@shared/messages/index.js';
import { useUiStore } from '../../../state/ui-store.js';
import { fakeHost, hostError, type Answers } from '../../../test/fake-host.js';
import { button, cleanup, click, field, mount, settle, type } from '../../../test/mount.js';
import '../strings/register.js';
import { GeneralSettings } from './general-settings.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useUiStore.setState({ tab: 'chat' });
});

const view: SettingsView = { libraryDir: '/home/me/Studio', theme: 'system', language: 'en', mediaLimits: { imageMb: 100, videoMb: 4096, audioMb: 500 }, chatSendKey: 'enter', chatDefaults: DEFAULT_CHAT_DEFAULTS };
const health = (over: Partial<AppHealth['loop']> = {}): AppHealth => ({ since: Date.now() - 60_000, loop: { p50Ms: 1.2, p99Ms: 8.6, maxMs: 12.4, stalls: 0, ...over } });

async function settings(answers: Answers = {}) {
  const host = fakeHost({
    'settings.get': () => view,
    'settings.update': ({ mediaLimits }) => ({ ...view, mediaLimits: { ...view.mediaLimits, ...mediaLimits } }),
    'app.health': () => health(),
    ...answers,
  });
  const page = await mount(<GeneralSettings />);
  const section = (heading: string) => [...page.host.querySelectorAll('section')].find((s) => s.querySelector('h3')?.textContent === heading)!;
  return { ...host, ...page, section };
}

/** The message under a field (its aria-describedby), or nothing. */
const errorOf = (input: HTMLInputElement) => (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)).find((p) => p?.className === 'field-error')?.textContent;

describe('a move of the library', () => {
  const MB = 1024 * 1024;
  const status = (over: Partial<LibraryMoveStatus>): LibraryMoveStatus => ({
    state: 'moving', from: '/home/me/Studio', to: '/media/drive/Studio', files: 0, totalFiles: 9, bytes: 0, totalBytes: 30 * MB, canGoBack: true, ...over,
  });

  it('shows files and megabytes as they move, holds the folder field meanwhile, and says when it ended', async () => {
    const s = await settings({ 'settings.libraryMove': () => null });
    const library = s.section('Library');
    await settle();
    act(() => s.emit('settings.onLibraryMove', status({ files: 3, bytes: 12 * MB })));
    await settle();
    const shown = library.querySelector('[role="status"]')!;
    expect(shown.textContent).toContain('Moving the library to /media/drive/Studio: 3 of 9 files (12 of 30 MB).');
    expect(shown.querySelector('progress')?.getAttribute('aria-label')).toBe('Moving the library');
    expect(shown.querySelector('progress')?.value).toBe(12 * MB);
    expect(button(library, 'Save folder').getAttribute('aria-disabled')).toBe('true');
    await click(button(library, 'Save folder'));
    expect(s.callsOf('settings.update')).toEqual([]);

    act(() => s.emit('settings.onLibraryMove', status({ state: 'done', files: 9, bytes: 30 * MB })));
    await settle();
    expect(library.querySelector('[role="status"]')?.textContent).toBe('The library moved to /media/drive/Studio: 9 files (30 MB). Nothing is left in /home/me/Studio.');
    expect(library.querySelector('progress')).toBeNull();
  });

  it('after a stop, says why once and offers to finish it or go back', async () => {
    const reason = msg('jobs.library.diskFull', { root: '/media/drive/Studio' });
    const error = msg('app.settings.moveStopped', { from: '/home/me/Studio', to: '/media/drive/Studio', reason });
    const why = 'The move to /media/drive/Studio stopped: The disk that holds your library (/media/drive/Studio) is full. Free some space, then save again. Every file is still whole in /home/me/Studio or /media/drive/Studio. Try again to finish it, or go back.';
    const s = await settings({
      'settings.libraryMove': () => status({ state: 'failed', files: 4, bytes: 10 * MB, error }),
      // Trying again stops again (the disk is still full); going back ends the move.
      'settings.finishLibraryMove': ({ action }) => (action === 'retry' ? status({ state: 'failed', files: 4, bytes: 10 * MB, error }) : null),
    });
    const library = s.section('Library');
    await settle();
    const alert = library.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain(why);
    expect(library.textContent!.split(why)).toHaveLength(2);
    await click(button(library, 'Try the move again'));
    expect(s.callsOf('settings.finishLibraryMove')).toEqual([{ action: 'retry' }]);
    await click(button(library, 'Go back to /home/me/Studio'));
    expect(s.callsOf('settings.finishLibraryMove')).toEqual([{ action: 'retry' }, { action: 'back' }]);
    expect(library.querySelector('[role="alert"]')).toBeNull();
  });
});

describe('Library folder', () => {
  const CODE = '123456';
  /** The browser shell's answers: a move waits for the code printed in its terminal. */
  const shellMove = ({ libraryDir, confirmCode }: { libraryDir?: string; confirmCode?: string }) => {
    if (!confirmCode) throw { ...hostError(`To move the library to ${libraryDir}, enter the code printed in the terminal where the studio runs.`, 'confirmation_required'), param: 'libraryDir' };
    if (confirmCode !== CODE) throw { ...hostError('That is not the code printed in the terminal for this folder. Check it and try again.', 'confirmation_required'), param: 'confirmCode' };
    return { ...view, libraryDir: libraryDir! };
  };

  it('asks for the code printed in the terminal, shows a wrong one refused, and moves with the right one', async () => {
    const s = await settings({ 'settings.update': (input) => shellMove(input) });
    const library = s.section('Library');
    await type(field(library, 'Library folder'), '/home/me/Moved');
    await click(button(library, 'Save folder'));

    const code = field(library, 'Code from the terminal');
    expect(document.activeElement).toBe(code);
    expect(library.textContent).toContain('Enter the code printed in the terminal where the studio runs, to move the library to /home/me/Moved.');
    // Asking is not a failure of the folder.
    expect(errorOf(field(library, 'Library folder'))).toBeUndefined();

    await type(code, '654321');
    await click(button(library, 'Save folder'));
    expect(errorOf(field(library, 'Code from the terminal'))).toBe('That is not the code printed in the terminal for this folder. Check it and try again.');
    expect(library.querySelector('[data-testid="library-dir"]')?.textContent).toBe('/home/me/Studio');

    await type(field(library, 'Code from the terminal'), ` ${CODE} `);
    await click(button(library, 'Save folder'));
    expect(s.callsOf('settings.update')).toEqual([
      { libraryDir: '/home/me/Moved' },
      { libraryDir: '/home/me/Moved', confirmCode: '654321' },
      { libraryDir: '/home/me/Moved', confirmCode: CODE },
    ]);
    expect(library.querySelector('[data-testid="library-dir"]')?.textContent).toBe('/home/me/Moved');
    expect(() => field(library, 'Code from the terminal')).toThrow();
  });

  it('hides the code field when another folder is typed, and asks again for that one', async () => {
    const s = await settings({ 'settings.update': (input) => shellMove(input) });
    const library = s.section('Library');
    await type(field(library, 'Library folder'), '/home/me/A');
    await click(button(library, 'Save folder'));
    await type(field(library, 'Code from the terminal'), CODE);
    await type(field(library, 'Library folder'), '/home/me/B');
    expect(() => field(library, 'Code from the terminal')).toThrow();
    await click(button(library, 'Save folder'));
    expect(s.callsOf('settings.update').at(-1)).toEqual({ libraryDir: '/home/me/B' });
    expect(field(library, 'Code from the terminal').value).toBe('');
  });

  it('shows a move declined in the desktop dialog beside the folder, with no code field', async () => {
    const s = await settings({ 'settings.update': () => Promise.reject({ ...hostError('The library was not moved: the move was not confirmed.', 'aborted'), param: 'libraryDir' }) });
    const library = s.section('Library');
    await type(field(library, 'Library folder'), '/home/me/Moved');
    await click(button(library, 'Save folder'));
    expect(errorOf(field(library, 'Library folder'))).toBe('The library was not moved: the move was not confirmed.');
    expect(() => field(library, 'Code from the terminal')).toThrow();
  });
});

describe('Largest file to save', () => {
  it('shows the saved limits, each with its bounds', async () => {
    const s = await settings();
    const limits = s.section('Largest file to save');
    expect(field(limits, 'Images (MB)').value).toBe('100');
    expect(field(limits, 'Videos (MB)').value).toBe('4096');
    expect(limits.textContent).toContain('1 to 65,536 MB; default 4,096 MB');
  });

  it('refuses 0 and a non-number, says why beside each, keeps what was typed and saves nothing', async () => {
    const s = await settings();
    const limits = s.section('Largest file to save');
    const images = field(limits, 'Images (MB)');
    const videos = field(limits, 'Videos (MB)');
    await type(images, '0');
    await type(videos, 'lots');
    await click(button(limits, 'Save limits'));

    expect(errorOf(images)).toBe('Enter a number from 1 to 4,096.');
    expect(errorOf(videos)).toBe('Enter a whole number of megabytes.');
    expect(images.getAttribute('aria-invalid')).toBe('true');
    expect([images.value, videos.value]).toEqual(['0', 'lots']);
    expect(s.callsOf('settings.update')).toEqual([]);
    // The keyboard lands on the first field to fix.
    expect(document.activeElement).toBe(images);
  });

  it('refuses a size past the bound and a fraction, and saves once they are corrected', async () => {
    const s = await settings();
    const limits = s.section('Largest file to save');
    await type(field(limits, 'Audio (MB)'), '4097');
    await type(field(limits, 'Images (MB)'), '2.5');
    await click(button(limits, 'Save limits'));
    expect(s.callsOf('settings.update')).toEqual([]);

    await type(field(limits, 'Audio (MB)'), '250');
    await type(field(limits, 'Images (MB)'), '20');
    await click(button(limits, 'Save limits'));
    expect(s.callsOf('settings.update')).toEqual([{ mediaLimits: { imageMb: 20, videoMb: 4096, audioMb: 250 } }]);
    expect(limits.querySelector('[role="status"]')?.textContent).toBe('Limits saved.');
    expect(errorOf(field(limits, 'Images (MB)'))).toBeUndefined();
    expect(field(limits, 'Audio (MB)').value).toBe('250');
  });

  it('shows the host’s refusal beside the field it names, keeping the text', async () => {
    const s = await settings({ 'settings.update': () => Promise.reject({ ...hostError('Too large for this disk.', 'invalid_input'), param: 'mediaLimits.videoMb' }) });
    const limits = s.section('Largest file to save');
    await type(field(limits, 'Videos (MB)'), '60000');
    await click(button(limits, 'Save limits'));
    expect(errorOf(field(limits, 'Videos (MB)'))).toBe('Too large for this disk.');
    expect(field(limits, 'Videos (MB)').value).toBe('60000');
    expect(limits.querySelector('[role="status"]')?.textContent).toBe('');
  });
});

describe('Responsiveness', () => {
  it('is read when the Settings tab is opened, and again on Refresh, never on its own', async () => {
    useUiStore.setState({ tab: 'settings' });
    let answer = health();
    const s = await settings({ 'app.health': () => answer });
    const line = s.section('Responsiveness');
    expect(line.querySelector('[data-testid="health-line"]')?.textContent).toMatch(/^Longest pause of the studio’s engine: 12 ms · 0 pauses over 100 ms since \d\d:\d\d/);
    expect(s.callsOf('app.health')).toHaveLength(1);

    answer = health({ maxMs: 431.6, stalls: 1 });
    await click(button(line, 'Refresh'));
    expect(line.querySelector('[data-testid="health-line"]')?.textContent).toMatch(/: 432 ms · 1 pause over 100 ms since/);

    await new Promise((resolve) => setTimeout(resolve, 50));
    await settle();
    expect(s.callsOf('app.health')).toHaveLength(2);
  });

  it('waits for the tab to be opened when the studio starts on another tab', async () => {
    const s = await settings();
    expect(s.callsOf('app.health')).toEqual([]);
    await act(async () => useUiStore.getState().openTab('settings'));
    await settle();
    expect(s.callsOf('app.health')).toHaveLength(1);
  });

  it('shows the host’s message when the figures cannot be read, and Refresh tries again', async () => {
    useUiStore.setState({ tab: 'settings' });
    let fail = true;
    const s = await settings({ 'app.health': () => (fail ? Promise.reject(hostError('The studio host is not answering.', 'unreachable')) : health()) });
    const line = s.section('Responsiveness');
    expect(line.querySelector('.form-error')?.textContent).toBe('The studio host is not answering.');
    fail = false;
    await click(button(line, 'Refresh'));
    expect(line.querySelector('.form-error')).toBeNull();
    expect(line.querySelector('[data-testid="health-line"]')?.textContent).toMatch(/^Longest pause/);
  });
});
