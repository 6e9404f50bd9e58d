// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'preact/test-utils';
import type { StartupProblem } from '@shared/contract/index.js';
import { setLanguage } from '../i18n/index.js';
import { fakeHost } from '../test/fake-host.js';
import { button, cleanup, click, mount, settle } from '../test/mount.js';
import { StartupProblemsNotice } from './StartupProblemsNotice.js';
import { raiseFirstScreenReady } from '../state/first-screen-ready.js';

// The shell's first screen is usable: the notice asks for the problems then (state/after-first-screen.ts).
raiseFirstScreenReady();

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await setLanguage('en');
});

const SETTINGS: StartupProblem = { file: 'settings', backup: 'settings.json.unreadable-2026-11-25T22-10-00Z' };

async function notice(problems: StartupProblem[]) {
  let left = problems;
  const host = fakeHost({
    'app.startupProblems': () => left,
    'app.dismissStartupProblems': () => {
      left = [];
      return {};
    },
  });
  const view = await mount(<StartupProblemsNotice />);
  const shown = () => view.host.querySelector('[data-testid="startup-problems"]');
  return { ...host, ...view, shown };
}

describe('the unreadable-files notice', () => {
  it('says at start what could not be read, what the studio did, and where the original is; dismissed, it is gone', async () => {
    const n = await notice([SETTINGS, { file: 'secrets', backup: null }]);
    expect(n.shown()?.getAttribute('role')).toBe('alert');
    expect([...n.host.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'The studio could not read your settings file. It started with default settings and kept the original as settings.json.unreadable-2026-11-25T22-10-00Z.',
      'The studio could not read its API key file, nor keep a copy of it. It left the file as it was and will not write over it: check the permissions of the studio’s data folder, then restart the studio.',
    ]);

    await click(button(n.host, 'Dismiss'));
    expect(n.callsOf('app.dismissStartupProblems')).toEqual([{}]);
    expect(n.shown()).toBeNull();
  });

  it('shows nothing when every file was read, and appears when a file is found unreadable later', async () => {
    const n = await notice([]);
    expect(n.shown()).toBeNull();
    await act(async () => n.emit('app.onDidChangeStartupProblems', [{ file: 'conversation', backup: '6f1c.json.unreadable-2026-11-25T22-12-09Z' }]));
    await settle();
    expect(n.shown()?.textContent).toContain('The studio could not read a conversation. It is no longer listed; the studio kept the original as 6f1c.json.unreadable-2026-11-25T22-12-09Z.');
  });

  it('says what became of a damaged attachment index and task archive: rebuilt from disk, readable jobs kept', async () => {
    const n = await notice([
      { file: 'attachment index', backup: 'attachments.json.unreadable-2026-12-05T06-40-00Z' },
      { file: 'task archive', backup: 'jobs-archive.jsonl.unreadable-2026-12-05T06-40-00Z' },
      { file: 'attachment index', backup: null },
    ]);
    expect([...n.host.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'The studio could not read its list of attached pictures. It rebuilt the list from the pictures on disk (a picture may now be named “image”) and kept the original as attachments.json.unreadable-2026-12-05T06-40-00Z.',
      'The studio could not read all of its older jobs. The ones it could read still show under Older jobs; it kept the original as jobs-archive.jsonl.unreadable-2026-12-05T06-40-00Z.',
      'The studio could not read its list of attached pictures, nor keep a copy of it. It rebuilt it from your files.',
    ]);
  });

  it('says what became of a damaged database and of one it could not update: the snapshot, the file kept', async () => {
    const n = await notice([
      { file: 'database', backup: 'studio.db.unreadable-2026-12-05T06-40-00Z' },
      { file: 'database update', backup: 'studio.db.unreadable-2026-12-05T06-41-00Z' },
    ]);
    expect([...n.host.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'The studio’s database was damaged. The studio went back to its latest snapshot (or started a fresh one when there was none) and kept the damaged file as studio.db.unreadable-2026-12-05T06-40-00Z; your gallery is rebuilt from your library.',
      'The studio could not update its database to this version. It went back to the copy taken just before the update and kept the file it could not update as studio.db.unreadable-2026-12-05T06-41-00Z; this session keeps its changes in memory only.',
    ]);
  });

  it('speaks Simplified Chinese when the studio does', async () => {
    await setLanguage('zh-CN');
    const n = await notice([SETTINGS]);
    expect(n.host.querySelector('li')?.textContent).toBe('创作室无法读取你的设置文件。它已使用默认设置启动，并将原文件保留为 settings.json.unreadable-2026-11-25T22-10-00Z。');
    expect(button(n.host, '关闭提示')).toBeTruthy();
  });
});
