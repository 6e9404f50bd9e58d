/**
 * Stacks (docs/library-files.md, "Stacks"): the results of one job, one compare run or one batch
 * cell list as one item with a count when asked stacked, and one stack's items list on their own.
 * A real library on disk, saved through `add` as jobs save, reopened from its database rows.
 */
import { rm } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CurrentLibrary } from './current-library.js';
import type { ItemOrigin } from './library-item.js';
import type { Library } from './library.js';
import { incomingFile, meta, openLibrary, pngBytes, tempDirs, type TempDirs } from './test/fixtures.js';

let dirs: TempDirs;
beforeEach(async () => {
  dirs = await tempDirs();
});
afterEach(async () => {
  await dirs.cleanup();
});

let seed = 0;
async function save(lib: Library, prompt: string, createdAt: number, origin?: ItemOrigin, size: [number, number] = [16, 16]) {
  const source = await incomingFile(dirs, pngBytes(size[0], size[1], ++seed));
  return lib.add({ source, name: `${prompt}.png`, meta: meta({ prompt, createdAt, ...(origin ? { origin } : {}) }) });
}

/** One job's four results, a compare run of two jobs, a batch cell tried twice, and two items of no origin. */
async function filled(): Promise<Library> {
  const lib = openLibrary(dirs);
  await lib.open();
  for (let i = 0; i < 4; i++) await save(lib, `fox ${i}`, 1000, { jobId: 'job-a' }, [16 + i, 16]);
  await save(lib, 'owl left', 2000, { jobId: 'job-b', group: 'run-1' });
  await save(lib, 'owl right', 2000, { jobId: 'job-c', group: 'run-1' });
  await save(lib, 'cat first try', 3000, { jobId: 'job-d', batch: { id: 'batch-1', index: 2 } });
  await save(lib, 'cat second try', 3100, { jobId: 'job-e', batch: { id: 'batch-1', index: 2 } });
  await save(lib, 'cat other cell', 3200, { jobId: 'job-f', batch: { id: 'batch-1', index: 3 } });
  await save(lib, 'imported one', 500);
  await save(lib, 'imported two', 500);
  await lib.searchReady();
  return lib;
}

const summary = (lib: Library, q: Parameters<Library['list']>[0] = {}) =>
  lib.list({ stacked: true, ...q }).items.map((i) => `${i.prompt}${i.stackCount ? ` ×${i.stackCount}` : ''}`);

describe('stacked lists', () => {
  it('shows a job, a compare run and a batch cell as one item each, newest first, with counts', async () => {
    const lib = await filled();
    expect(lib.list().total).toBe(11);
    expect(summary(lib)).toEqual(['cat other cell ×1', 'cat second try ×2', 'owl right ×2', 'fox 3 ×4', 'imported two', 'imported one']);
    expect(lib.list({ stacked: true }).total).toBe(6);
    // Every item counted too: what an export of the stacked view takes.
    expect(lib.list({ stacked: true, limit: 1 }).every).toBe(11);
    expect(lib.shapes({ stacked: true })).toHaveLength(6);
    const fox = lib.list({ stacked: true }).items.find((i) => i.prompt === 'fox 3')!;
    expect(fox.stackKey).toBe('job:job-a');
    expect(fox.origin).toEqual({ jobId: 'job-a' });
  });

  it('lists one stack\'s items with their shapes, in list order', async () => {
    const lib = await filled();
    const members = lib.list({ stack: 'job:job-a' });
    expect(members.total).toBe(4);
    expect(members.items.map((i) => i.prompt)).toEqual(['fox 3', 'fox 2', 'fox 1', 'fox 0']);
    expect(lib.shapes({ stack: 'job:job-a' })).toEqual([1.19, 1.13, 1.06, 1]);
    expect(lib.list({ stack: 'batch:batch-1:2' }).items.map((i) => i.prompt)).toEqual(['cat second try', 'cat first try']);
    expect(lib.list({ stack: 'group:run-1' }).total).toBe(2);
  });

  it('counts only the items a filter matches, and shows a stack when any of them does', async () => {
    const lib = await filled();
    expect(summary(lib, { text: 'fox 1' })).toEqual(['fox 1 ×1']);
    expect(summary(lib, { text: 'try' })).toEqual(['cat second try ×2']);
    expect(summary(lib, { text: 'cat' })).toEqual(['cat other cell ×1', 'cat second try ×2']);
    expect(lib.list({ stack: 'batch:batch-1:2', text: 'first' }).items.map((i) => i.prompt)).toEqual(['cat first try']);
    expect(summary(lib, { to: 1000 })).toEqual(['fox 3 ×4', 'imported two', 'imported one']);
  });

  it('shrinks a stack when one of its items is removed, and keeps the rest', async () => {
    const lib = await filled();
    const newest = lib.list({ stack: 'job:job-a' }).items[0];
    expect(await lib.remove(newest.id)).toBe(true);
    expect(summary(lib, { text: 'fox' })).toEqual(['fox 2 ×3']);
    for (const i of lib.list({ stack: 'group:run-1' }).items) await lib.remove(i.id);
    expect(summary(lib, { text: 'owl' })).toEqual([]);
    expect(lib.list({ stacked: true }).total).toBe(5);
  });

  it('keeps its stacks after a restart, from the database rows and from the sidecars alone', async () => {
    const lib = await filled();
    const before = summary(lib);
    await lib.close();

    const again = openLibrary(dirs);
    await again.open();
    await again.searchReady();
    expect(again.stacks.ready).toBe(true);
    expect(summary(again)).toEqual(before);
    expect(again.list({ stack: 'job:job-a' }).total).toBe(4);
    await again.close();

    await rm(dirs.database, { force: true });
    const rebuilt = openLibrary(dirs);
    await rebuilt.open();
    await rebuilt.searchReady();
    expect(summary(rebuilt)).toEqual(before);
  });

  it('lists every item unstacked when not asked, and leaves items of no origin alone', async () => {
    const lib = await filled();
    const all = lib.list().items;
    expect(all).toHaveLength(11);
    expect(all.every((i) => i.stackCount === undefined && i.stackKey === undefined)).toBe(true);
    const old = all.filter((i) => i.prompt.startsWith('imported'));
    expect(old.map((i) => i.origin)).toEqual([undefined, undefined]);
    expect(lib.list({ stacked: true }).items.filter((i) => i.prompt.startsWith('imported')).every((i) => i.stackKey === undefined)).toBe(true);
  });

  it('tells the gallery to ask again once the stacks are read after an opening, and only then', async () => {
    const lib = await filled();
    const before = summary(lib);
    await lib.close();
    const events: unknown[] = [];
    const current = new CurrentLibrary(dirs.root, { db: dirs.database, ffmpeg: false, metadata: false }, (event, payload) => events.push([event, payload]));
    await current.open();
    dirs.opened.push(current.current);
    await current.current.searchReady();
    await vi.waitFor(() => expect(events).toContainEqual(['library.onDidChange', { reason: 'changed' }]));
    expect(summary(current.current)).toEqual(before);
    // Opened again with nothing to stack: nothing to ask again for.
    await current.close();
    for (const i of current.current.list().items) if (i.origin) await rm(current.current.resolve(`${i.file}.json`), { force: true });
    await rm(dirs.database, { force: true });
    const quiet: unknown[] = [];
    const again = new CurrentLibrary(dirs.root, { db: dirs.database, ffmpeg: false, metadata: false }, (event, payload) => quiet.push([event, payload]));
    await again.open();
    dirs.opened.push(again.current);
    await again.current.searchReady();
    expect(again.current.list({ stacked: true }).total).toBe(2);
    expect(quiet).toEqual([]);
  });
});
