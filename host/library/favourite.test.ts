/**
 * Winners picked on the contact sheet: an item's favourite mark is kept in its sidecar (the
 * library's truth) and its row, so it survives a restart, a database rebuilt from the sidecars,
 * and rows written by an earlier release that had no such mark.
 */
import { readFile, rm } from 'node:fs/promises';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { incomingFile, meta, openLibrary, pngBytes, tempDirs, type TempDirs } from './test/fixtures.js';

let dirs: TempDirs;
beforeEach(async () => {
  dirs = await tempDirs();
});
afterEach(async () => {
  await dirs.cleanup();
});

async function savedItem(lines: string[] = []) {
  const lib = openLibrary(dirs, {}, lines);
  await lib.open();
  const item = await lib.add({ source: await incomingFile(dirs, pngBytes(16, 16)), meta: meta({ prompt: 'a winner' }), name: 'winner.png' });
  return { lib, item };
}

describe('Library.setFavourite', () => {
  it('marks and unmarks an item, in the list, in its sidecar and after a restart', async () => {
    const { lib, item } = await savedItem();
    expect(lib.get(item.id)?.favourite).toBeUndefined();

    const marked = await lib.setFavourite(item.id, true);
    expect(marked?.favourite).toBe(true);
    expect(lib.get(item.id)?.favourite).toBe(true);
    expect(lib.list().items[0].favourite).toBe(true);
    const sidecar = JSON.parse(await readFile(`${lib.resolve(item.file)}.json`, 'utf8')) as Record<string, unknown>;
    expect(sidecar.favourite).toBe(true);

    await lib.close();
    const again = openLibrary(dirs);
    await again.open();
    expect(again.get(item.id)?.favourite).toBe(true);
    expect((await again.setFavourite(item.id, false))?.favourite).toBeUndefined();
    expect(again.get(item.id)?.favourite).toBeUndefined();
  });

  it('keeps the mark when the database is lost and rebuilt from the sidecars', async () => {
    const { lib, item } = await savedItem();
    await lib.setFavourite(item.id, true);
    await lib.close();
    await rm(dirs.database, { force: true });
    const rebuilt = openLibrary(dirs);
    await rebuilt.open();
    expect(rebuilt.get(item.id)?.favourite).toBe(true);
  });

  it('answers undefined for an item that is not in the library, and writes nothing', async () => {
    const { lib } = await savedItem();
    expect(await lib.setFavourite('no-such-item', true)).toBeUndefined();
    expect(lib.list().items.every((i) => i.favourite === undefined)).toBe(true);
  });

  it('reads a row an earlier release wrote (no mark in its details) as not a favourite, without calling it damaged', async () => {
    const lines: string[] = [];
    const { lib, item } = await savedItem(lines);
    await lib.close();
    // The earlier release's details: ten fields, no favourite.
    const db = new Database(dirs.database);
    const rest = JSON.parse(db.prepare('SELECT rest FROM library_items WHERE id = ?').pluck().get(item.id) as string) as unknown[];
    db.prepare('UPDATE library_items SET rest = ? WHERE id = ?').run(JSON.stringify(rest.slice(0, 10)), item.id);
    db.close();
    const again = openLibrary(dirs, {}, lines);
    await again.open();
    expect(again.get(item.id)).toMatchObject({ id: item.id, prompt: 'a winner' });
    expect(again.get(item.id)?.favourite).toBeUndefined();
    expect(lines.filter((l) => l.includes('unreadable details'))).toEqual([]);
  });
});
