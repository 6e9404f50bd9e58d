/**
 * The gallery's search (docs/library-files.md, "Search") on a real core and a real library on
 * disk: every word must be found in the prompt, the gateway's rewritten prompt, the model's name,
 * a tag or a collection's name, whichever holds it, before and after a restart, and in the
 * database's answers given while the rows are read into memory.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { dataDirCores } from '../test/data-dir-cores.js';
import { writeItems } from './test/many-items.js';
import { LibraryRows } from './library-rows.js';
import { incomingFile, meta, openLibrary, pngBytes, tempDirs } from './test/fixtures.js';

const cores = dataDirCores('studio-search-');

const sidecarPath = (dataDir: string, id: string) => path.join(dataDir, 'Library', '2026-01', `${id}.png.json`);

/** `n` items; the second newest has a prompt the gateway rewrote. */
function library(n: number) {
  const dataDir = cores.freshDir();
  const ids = writeItems(path.join(dataDir, 'Library'), n);
  const file = sidecarPath(dataDir, ids[1]);
  const sidecar = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, JSON.stringify({ ...sidecar, actualPrompt: 'A paper Lantern over a quiet harbour at dusk' }));
  return { dataDir, ids };
}

const idsOf = (r: { items: { id: string }[] }) => r.items.map((i) => i.id);

describe('gallery search', () => {
  it('finds an item by its rewritten prompt, and says it in the item', async () => {
    const { dataDir, ids } = library(50);
    const core = await cores.start(dataDir);
    const found = await core.value('library.list', { text: 'LANTERN harbour' });
    expect(idsOf(found)).toEqual([ids[1]]);
    expect(found.items[0].actualPrompt).toBe('A paper Lantern over a quiet harbour at dusk');
    // Words are ANDed whichever field holds each: "picture 48" is the prompt, "dusk" the rewritten one.
    expect(idsOf(await core.value('library.list', { text: 'picture dusk' }))).toEqual([ids[1]]);
    expect((await core.value('library.list', { text: 'lantern nowhere' })).total).toBe(0);
    await core.close();

    // After a restart the rows come from the database, their details left there until asked.
    const again = await cores.start(dataDir);
    expect(idsOf(await again.value('library.list', { text: 'lantern' }))).toEqual([ids[1]]);
    expect((await again.value('library.get', { id: ids[0] })).actualPrompt).toBeUndefined();
  });

  it('finds items by a tag and by the name of a collection, and follows a rename', async () => {
    const { dataDir, ids } = library(30);
    const core = await cores.start(dataDir);
    await core.value('library.tag', { ids: [ids[3], ids[4]], add: ['Moonlit'] });
    const c = await core.value('library.createCollection', { name: 'Portfolio Picks' });
    await core.value('library.collect', { ids: [ids[4], ids[9]], collectionId: c.id, add: true });

    expect(idsOf(await core.value('library.list', { text: 'moonl' }))).toEqual([ids[3], ids[4]]);
    expect(idsOf(await core.value('library.list', { text: 'portfolio' }))).toEqual([ids[4], ids[9]]);
    expect(idsOf(await core.value('library.list', { text: 'moonlit portfolio' }))).toEqual([ids[4]]);
    expect(await core.value('library.shapes', { text: 'portfolio' })).toEqual({ ratios: [1, 1] });

    await core.value('library.renameCollection', { id: c.id, name: 'Archive' });
    expect((await core.value('library.list', { text: 'portfolio' })).total).toBe(0);
    expect(idsOf(await core.value('library.list', { text: 'archive' }))).toEqual([ids[4], ids[9]]);
    await core.value('library.tag', { ids: [ids[3]], remove: ['moonlit'] });
    expect(idsOf(await core.value('library.list', { text: 'moonlit' }))).toEqual([ids[4]]);
    await core.close();

    // The database's own answers (given while the rows are read into memory) are the same.
    const db = new Database(path.join(dataDir, 'studio.db'));
    try {
      const rows = new LibraryRows(db, () => undefined);
      expect(idsOf(rows.list({ text: 'archive' }))).toEqual([ids[4], ids[9]]);
      expect(idsOf(rows.list({ text: 'moonlit' }))).toEqual([ids[4]]);
      expect(idsOf(rows.list({ text: 'harbour picture' }))).toEqual([ids[1]]);
    } finally {
      db.close();
    }
  });

  it('keeps the rewritten prompt given with a save in the sidecar and the item', async () => {
    const dirs = await tempDirs();
    try {
      const lib = openLibrary(dirs);
      await lib.open();
      const item = await lib.add({ source: await incomingFile(dirs, pngBytes(8, 8)), meta: meta({ prompt: 'a fox', actualPrompt: 'a red fox in deep snow, cinematic' }), name: 'fox.png' });
      expect(JSON.parse(readFileSync(`${lib.resolve(item.file)}.json`, 'utf8'))).toMatchObject({ actualPrompt: 'a red fox in deep snow, cinematic' });
      expect(lib.list({ text: 'snow' }).items.map((i) => i.id)).toEqual([item.id]);
      await lib.close();
      const again = openLibrary(dirs);
      await again.open();
      await again.searchReady();
      expect(again.get(item.id)?.actualPrompt).toBe('a red fox in deep snow, cinematic');
      expect(again.list({ text: 'cinematic' }).items.map((i) => i.id)).toEqual([item.id]);
      await again.close();
    } finally {
      await dirs.cleanup();
    }
  });
});
