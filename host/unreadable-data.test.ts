/**
 * Damaged data files, as an outsider leaves them (docs/security.md, "Files that fail to load"): the
 * settings (the core's store), the task list, conversations and both indexes, each truncated,
 * binary, not UTF-8 or of the wrong shape, in a real data folder. A real core starts on it, says
 * so through the contract, keeps the original byte for byte beside it, and the next save leaves
 * that backup as it was. The browser shell's own files: browser-shell/unreadable-files.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { backupName, backupsOf, DAMAGE_NAMES, DAMAGES } from './test/damage.js';
import { dataDirCores } from './test/data-dir-cores.js';
import { listedOnDisk } from './tasks/test/tasks-db.js';

const { freshDir, start } = dataDirCores('studio-damaged-');

/** The damaged bytes of each kind, plus one valid document of the wrong shape for this file. */
const damaged = (valid: string, wrongShape: unknown) => [
  ...DAMAGE_NAMES.map((d) => [d, DAMAGES[d](valid)] as const),
  ['wrong shape', Buffer.from(JSON.stringify(wrongShape))] as const,
];

const SETTINGS = JSON.stringify({ version: 1, profiles: [{ id: 'p1', name: 'Work', baseUrl: 'https://gw.example' }], activeId: 'p1', theme: 'dark', allowPlaintextKeys: false });
const job = (id: string) => ({ id, profileId: 'sandbox', route: 'generic', kind: 'image', model: 'seedream-4-0', prompt: `job ${id}`, params: {}, state: 'failed', error: 'The gateway said no.', createdAt: 1, updatedAt: 1, checks: 0, errorStreak: 0, resultUrls: [], downloads: [] });
const JOBS = JSON.stringify({ version: 1, jobs: [job('kept-1')] });
const SUBMIT = { route: 'image', request: { model: 'seedream-4-0', prompt: 'after the damage', resolution: '1K' } };

describe('the settings file (the core store)', () => {
  it.each(damaged(SETTINGS, { version: 2, profiles: 'every one' }))('%s: the studio starts on defaults, says so, keeps the original, and a save leaves it', async (_kind, bytes) => {
    const dir = freshDir();
    writeFileSync(join(dir, 'settings.json'), bytes);
    const c = await start(dir);

    const [problem] = await c.value('app.startupProblems');
    expect(problem).toEqual({ file: 'settings', backup: expect.stringMatching(backupName('settings.json')) });
    expect(readFileSync(join(dir, problem.backup)).equals(bytes)).toBe(true);
    expect((await c.value('settings.get')).theme).toBe('system');

    await c.value('settings.update', { theme: 'light' });
    expect(readFileSync(join(dir, problem.backup)).equals(bytes)).toBe(true);
    expect(backupsOf(dir, 'settings.json')).toEqual([problem.backup]);
    await c.close();
    // The saved file reads cleanly at the next start: nothing more to report.
    const again = await start(dir);
    expect(await again.value('app.startupProblems')).toEqual([]);
    expect((await again.value('settings.get')).theme).toBe('light');
  });

  it('when even the backup is refused, says so and writes nothing over the file', async () => {
    const write = vi.fn();
    const settings = { read: () => JSON.parse('{"version":'), write, setAside: () => { throw Object.assign(new Error('operation not permitted'), { code: 'EPERM' }); } };
    const c = await start(freshDir(), { settings });
    expect(await c.value('app.startupProblems')).toEqual([{ file: 'settings', backup: null }]);
    const r = await c.call('settings.update', { theme: 'light' });
    expect(r.error.message).toMatch(/^Your settings could not be saved: Gateway Studio is not allowed to write/);
    expect(write).not.toHaveBeenCalled();
  });
});

describe('the task list', () => {
  it.each(damaged(JOBS, { version: 1, jobs: 'none' }))('%s: the studio starts with no tasks, says so, keeps the original, and a submit leaves it', async (_kind, bytes) => {
    const dir = freshDir();
    writeFileSync(join(dir, 'jobs.json'), bytes);
    const c = await start(dir);

    const [problem] = await c.value('app.startupProblems');
    expect(problem).toEqual({ file: 'jobs', backup: expect.stringMatching(backupName('jobs.json')) });
    expect(readFileSync(join(dir, problem.backup)).equals(bytes)).toBe(true);
    expect(await c.value('tasks.list')).toEqual([]);

    await c.value('tasks.submit', SUBMIT);
    expect(readFileSync(join(dir, problem.backup)).equals(bytes)).toBe(true);
    expect(listedOnDisk(dir).map((j) => j.prompt)).toEqual(['after the damage']);
  });

  it('one unreadable record: the others load, and a copy of the whole file keeps the one the import leaves out', async () => {
    const dir = freshDir();
    const text = JSON.stringify({ version: 1, jobs: [job('kept-1'), { id: 'half-a-record', state: 'queued' }, job('kept-2')] });
    writeFileSync(join(dir, 'jobs.json'), text);
    const c = await start(dir);

    const [problem] = await c.value('app.startupProblems');
    expect(problem).toEqual({ file: 'jobs', backup: expect.stringMatching(backupName('jobs.json')) });
    expect((await c.value('tasks.list')).map((t: any) => t.id).sort()).toEqual(['kept-1', 'kept-2']);
    await c.value('tasks.remove', { id: 'kept-1' });
    expect(readFileSync(join(dir, problem.backup), 'utf8')).toBe(text);
    expect(listedOnDisk(dir).map((j) => j.id)).toEqual(['kept-2']);
  });
});

describe('conversations', () => {
  /** A data folder with two saved conversations; returns their ids. */
  async function twoConversations(dir: string) {
    const c = await start(dir);
    const kept = await c.value('chat.create', { title: 'Kept' });
    const other = await c.value('chat.create', { title: 'Other' });
    await c.close();
    return { kept: kept.id as string, other: other.id as string, folder: join(dir, 'conversations') };
  }

  it.each(damaged('{"version":1,"id":"x","title":"Kept","messages":[]}', { version: 1, title: 'no id, no messages' }))('%s file the index still lists: opening it says so, keeps the original, and the others are untouched', async (_kind, bytes) => {
    const dir = freshDir();
    const { kept, other, folder } = await twoConversations(dir);
    writeFileSync(join(folder, `${kept}.json`), bytes);
    const c = await start(dir);
    // The index vouches for the file, so the start does not read it (conversation-store.ts): opening it finds it.
    expect(await c.value('app.startupProblems')).toEqual([]);
    const r = await c.call('chat.get', { id: kept });
    expect(r.error).toMatchObject({ code: 'not_found', message: expect.stringMatching(/damaged and cannot be opened/) });

    const problems = await c.value('app.startupProblems');
    expect(problems).toEqual([{ file: 'conversation', backup: expect.stringMatching(backupName(`${kept}.json`)) }]);
    expect(c.events.filter((e) => e.event === 'app.onDidChangeStartupProblems').at(-1)?.payload).toEqual(problems);
    expect(readFileSync(join(folder, problems[0].backup)).equals(bytes)).toBe(true);
    expect((await c.value('chat.list')).map((s: any) => s.id)).toEqual([other]);

    await c.value('chat.create', { title: 'New' });
    expect(readFileSync(join(folder, problems[0].backup)).equals(bytes)).toBe(true);
    expect(existsSync(join(folder, `${kept}.json`))).toBe(false);
  });

  it.each(DAMAGE_NAMES)('%s index and file: both are found at the start, kept, and the list rebuilt from the rest', async (kind) => {
    const dir = freshDir();
    const { kept, other, folder } = await twoConversations(dir);
    const index = readFileSync(join(folder, 'index.json'));
    const file = DAMAGES[kind](readFileSync(join(folder, `${kept}.json`), 'utf8'));
    writeFileSync(join(folder, 'index.json'), DAMAGES[kind](index.toString('utf8')));
    writeFileSync(join(folder, `${kept}.json`), file);
    const c = await start(dir);

    const problems = await c.value('app.startupProblems');
    expect(problems).toEqual([
      { file: 'conversation index', backup: expect.stringMatching(backupName('index.json')) },
      { file: 'conversation', backup: expect.stringMatching(backupName(`${kept}.json`)) },
    ]);
    expect(readFileSync(join(folder, problems[1].backup)).equals(file)).toBe(true);
    expect((await c.value('chat.list')).map((s: any) => s.id)).toEqual([other]);
    // The rebuilt index is written off the loop: on disk by the time the studio has closed.
    await c.close();
    expect(readdirSync(folder).filter((n) => n.endsWith('.json')).sort()).toEqual([`${other}.json`, 'index.json']);
  });
});

describe('the library index', () => {
  it.each(damaged(JSON.stringify({ version: 1, root: '/x', dirs: {}, rows: [] }), { version: 1, root: '/x', dirs: {}, rows: 'none' }))('%s: rebuilt from the library, the original kept and reported', async (_kind, bytes) => {
    const dir = freshDir();
    writeFileSync(join(dir, 'library-index.json'), bytes);
    const c = await start(dir);
    const [problem] = await c.value('app.startupProblems');
    expect(problem).toEqual({ file: 'library index', backup: expect.stringMatching(backupName('library-index.json')) });
    await c.close();
    expect(readFileSync(join(dir, problem.backup)).equals(bytes)).toBe(true);
    // The rebuilt index is in the database now; no index file is written again (docs/data.md).
    expect(existsSync(join(dir, 'library-index.json'))).toBe(false);
    expect(existsSync(join(dir, 'studio.db'))).toBe(true);
  });
});

describe('the studio database', () => {
  it.each([
    ['not a database', Buffer.from('SQLite format 3\u0000 but only in name: the rest is words')],
    ['empty pages of zeros', Buffer.alloc(8192)],
  ])('%s: kept aside byte for byte, reported, and the studio starts on a fresh one', async (_kind, bytes) => {
    const dir = freshDir();
    writeFileSync(join(dir, 'studio.db'), bytes);
    const c = await start(dir);
    const problems = await c.value('app.startupProblems');
    expect(problems).toEqual([{ file: 'database', backup: expect.stringMatching(backupName('studio.db')) }]);
    expect((await c.value('library.list', {})).total).toBe(0);
    await c.close();
    expect(readFileSync(join(dir, problems[0].backup!)).equals(bytes)).toBe(true);
  });
});

describe('the notice', () => {
  it('lists every file kept aside until dismissed, and tells the renderer when the list changes', async () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'settings.json'), DAMAGES.truncated(SETTINGS));
    writeFileSync(join(dir, 'jobs.json'), DAMAGES['binary garbage']());
    const c = await start(dir);
    expect((await c.value('app.startupProblems')).map((p: any) => p.file)).toEqual(['settings', 'jobs']);
    expect(await c.value('app.dismissStartupProblems')).toEqual({});
    expect(await c.value('app.startupProblems')).toEqual([]);
    expect(c.events.at(-1)).toEqual({ event: 'app.onDidChangeStartupProblems', payload: [] });
    // Dismissing forgets the notice, never the backups.
    expect(backupsOf(dir, 'settings.json')).toHaveLength(1);
    expect(backupsOf(dir, 'jobs.json')).toHaveLength(1);
  });
});
