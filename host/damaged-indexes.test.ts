/**
 * The attachment index and the task archive, damaged as an outsider leaves them (docs/security.md,
 * "Files that fail to load"), in a real data folder under a real core. An index is a summary of
 * files on disk: a damaged one is kept aside, said, and rebuilt from those files, and nothing is
 * deleted because it could not be read. An older release's archive is kept aside whole and its
 * readable records still show (docs/data.md, "The tasks").
 */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderPromptImage } from '@sandbox/media/image-render.js';
import { backupName, backupsOf, DAMAGE_NAMES, DAMAGES } from './test/damage.js';
import { dataDirCores } from './test/data-dir-cores.js';
import type { JobRecord } from './tasks/job-record.js';

const { freshDir, start } = dataDirCores('studio-damaged-index-');

const png = renderPromptImage({ prompt: 'a reference kept through damage', width: 320, height: 200 });

describe('the attachment index', () => {
  const cases = [
    ...DAMAGE_NAMES.map((d) => [d, (valid: string) => DAMAGES[d](valid)] as const),
    ['wrong shape', () => Buffer.from(JSON.stringify({ attachments: 'all of them' }))] as const,
    ['an entry naming a file outside the folder', (valid: string) => Buffer.from(JSON.stringify([...JSON.parse(valid), { id: '../../keys', name: 'keys', mime: 'image/png', bytes: 1, addedAt: Date.now() }]))] as const,
  ];

  it.each(cases)('%s: the picture in use stays on disk and usable, the original is kept and said', async (_kind, damage) => {
    const dir = freshDir();
    const first = await start(dir);
    const a = await first.value('attachments.add', { name: 'ref.png', data: new Uint8Array(png) });
    await first.close();
    const picture = join(dir, 'attachments', `${a.id}.bin`);
    const bytes = damage(readFileSync(join(dir, 'attachments', 'attachments.json'), 'utf8'));
    writeFileSync(join(dir, 'attachments', 'attachments.json'), bytes);

    const c = await start(dir);
    expect(existsSync(picture) && readFileSync(picture).equals(png)).toBe(true);
    const [problem] = await c.value('app.startupProblems');
    expect(problem).toEqual({ file: 'attachment index', backup: expect.stringMatching(backupName('attachments.json')) });
    expect(readFileSync(join(dir, 'attachments', problem.backup)).equals(bytes)).toBe(true);
    // The draft's attachment still goes out with a message, as the picture it is.
    const conv = await c.value('chat.create', { settings: { model: 'modela-4-vision', api: 'responses' } });
    const sent = await c.value('chat.send', { conversationId: conv.id, text: 'What is this?', images: [{ attachmentId: a.id }] });
    expect(sent.user.images[0]).toMatchObject({ kind: 'file', mime: 'image/png', width: 320, height: 200 });
    const libraryDir = (await c.value('settings.get')).libraryDir;
    expect(readFileSync(join(libraryDir, sent.user.images[0].file)).equals(png)).toBe(true);
    await c.close();

    // The rebuilt index reads cleanly at the next start, and still names the picture.
    const again = await start(dir);
    expect(await again.value('app.startupProblems')).toEqual([]);
    expect(readFileSync(picture).equals(png)).toBe(true);
    expect(backupsOf(join(dir, 'attachments'), 'attachments.json')).toEqual([problem.backup]);
  });

  it('a folder in its place: kept aside, and no picture is removed', async () => {
    const dir = freshDir();
    const first = await start(dir);
    const a = await first.value('attachments.add', { name: 'ref.png', data: new Uint8Array(png) });
    await first.close();
    rmSync(join(dir, 'attachments', 'attachments.json'));
    mkdirSync(join(dir, 'attachments', 'attachments.json'));
    const c = await start(dir);
    expect((await c.value('app.startupProblems')).map((p: any) => p.file)).toEqual(['attachment index']);
    expect(readFileSync(join(dir, 'attachments', `${a.id}.bin`)).equals(png)).toBe(true);
  });

  it('an index that is gone: the pictures on disk stay, with no notice (nothing was unreadable)', async () => {
    const dir = freshDir();
    const first = await start(dir);
    const a = await first.value('attachments.add', { name: 'ref.png', data: new Uint8Array(png) });
    await first.close();
    rmSync(join(dir, 'attachments', 'attachments.json'));
    const c = await start(dir);
    expect(await c.value('app.startupProblems')).toEqual([]);
    const conv = await c.value('chat.create', { settings: { model: 'modela-4-vision', api: 'responses' } });
    const sent = await c.value('chat.send', { conversationId: conv.id, text: 'Still there?', images: [{ attachmentId: a.id }] });
    expect(sent.user.images[0]).toMatchObject({ mime: 'image/png', width: 320, height: 200 });
  });
});

const record = (i: number): JobRecord => ({
  id: `old-${i}`, profileId: 'sandbox', route: 'generic', kind: 'image', model: 'seedream-4-0', prompt: `older task ${i}`,
  params: {}, state: 'failed', error: 'The gateway said no.', createdAt: 1_000 + i, updatedAt: 1_000 + i, checks: 1, errorStreak: 0, resultUrls: [], downloads: [],
});
/** The archive as the studio appends it: each batch starts on a line of its own (task-archive.ts). */
const lines = (from: number, to: number) => `\n${Array.from({ length: to - from }, (_, k) => JSON.stringify(record(from + k))).join('\n')}\n`;
const archived = async (c: Awaited<ReturnType<typeof start>>) => (await c.value('tasks.archived', { limit: 200 })).tasks.map((t: any) => t.id);
const newestFirst = (ids: number[]) => ids.map((i) => `old-${i}`).reverse();

describe('the task archive', () => {
  const cases: [string, () => Buffer, number[]][] = [
    ['garbage lines between records', () => Buffer.from(`${lines(0, 3)}not a record at all\n{"id":"half"}\n[1,2]\n${lines(3, 6)}`), [0, 1, 2, 3, 4, 5]],
    ['truncated in the middle of a record', () => {
      const whole = lines(0, 6);
      const cut = whole.indexOf('older task 4') - 20;
      return Buffer.from(whole.slice(0, cut));
    }, [0, 1, 2, 3]],
    ['bytes that are not UTF-8 in a line', () => Buffer.concat([Buffer.from(lines(0, 2)), DAMAGES['binary garbage'](), Buffer.from(lines(2, 4))]), [0, 1, 2, 3]],
  ];

  it.each(cases)('%s: the readable tasks still show, the original is kept whole and said', async (_kind, damaged, readable) => {
    const dir = freshDir();
    const bytes = damaged();
    writeFileSync(join(dir, 'jobs-archive.jsonl'), bytes);

    const c = await start(dir);
    // The archive is imported off the start's path; its first page waits for the import.
    expect(await archived(c)).toEqual(newestFirst(readable));
    const problems = await c.value('app.startupProblems');
    expect(problems).toEqual([{ file: 'task archive', backup: expect.stringMatching(backupName('jobs-archive.jsonl')) }]);
    expect(readFileSync(join(dir, problems[0].backup)).equals(bytes)).toBe(true);
    await c.close();

    // Said once: the next start finds the readable records in the database, and the backup unchanged.
    const again = await start(dir);
    expect(await archived(again)).toEqual(newestFirst(readable));
    expect(await again.value('app.startupProblems')).toEqual([]);
    expect(backupsOf(dir, 'jobs-archive.jsonl')).toEqual([problems[0].backup]);
    expect(readFileSync(join(dir, problems[0].backup)).equals(bytes)).toBe(true);
  });

  it('an archive as the previous release wrote it (blank lines between batches) is no problem', async () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'jobs-archive.jsonl'), `${lines(0, 3)}${lines(3, 5)}`);
    const c = await start(dir);
    expect(await archived(c)).toEqual(newestFirst([0, 1, 2, 3, 4]));
    expect(await c.value('app.startupProblems')).toEqual([]);
    // Imported whole: kept as .imported until a later start (docs/data.md, "The tasks").
    expect(readdirSync(dir).filter((f) => f.startsWith('jobs-archive'))).toEqual(['jobs-archive.jsonl.imported']);
  });
});
