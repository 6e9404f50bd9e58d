/**
 * Curation through the contract on a real core (docs/library-files.md, "Curation"): ratings, tags
 * and collections are written to the database in one transaction per edit, however many items,
 * announced once, kept across a restart, and followed by the sidecars, from which a rebuilt
 * index takes them back.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { dataDirCores } from '../test/data-dir-cores.js';
import { writeItems } from './test/many-items.js';

const cores = dataDirCores('studio-curation-');

async function libraryWith(n: number) {
  const dataDir = cores.freshDir();
  const ids = writeItems(path.join(dataDir, 'Library'), n);
  return { dataDir, ids, core: await cores.start(dataDir) };
}

const sidecarOf = (dataDir: string, id: string) => JSON.parse(readFileSync(path.join(dataDir, 'Library', '2026-01', `${id}.png.json`), 'utf8')) as Record<string, unknown>;

describe('library curation', () => {
  it('tags 10,000 items in one call, announced once, and filters by the tag', async () => {
    const { ids, core } = await libraryWith(10_000);
    const before = core.events.length;
    expect(await core.value('library.tag', { ids, add: ['  Sunset ', 'sunset', 'keep'] })).toEqual({ changed: 10_000 });
    const changes = core.events.slice(before).filter((e) => e.event === 'library.onDidChange');
    expect(changes).toEqual([{ event: 'library.onDidChange', payload: { reason: 'changed' } }]);

    const listed = await core.value('library.list', { tag: 'SUNSET', limit: 5 });
    expect(listed.total).toBe(10_000);
    expect(listed.items[0].tags).toEqual(['keep', 'Sunset']);
    // A second add of the same tag in another case changes nothing.
    expect(await core.value('library.tag', { ids: ids.slice(0, 10), add: ['SUNSET'] })).toEqual({ changed: 0 });
    expect(await core.value('library.tag', { ids: ids.slice(0, 3), remove: ['sunset'] })).toEqual({ changed: 3 });
    expect((await core.value('library.list', { tag: 'sunset' })).total).toBe(9_997);
    expect((await core.value('library.get', { id: ids[0] })).tags).toEqual(['keep']);
  });

  it('rates items, filters by rating, and keeps the ratings after a restart', async () => {
    const { dataDir, ids, core } = await libraryWith(6);
    expect(await core.value('library.rate', { ids: [ids[0], ids[1], 'no-such-item'], rating: 5 })).toEqual({ changed: 2 });
    await core.value('library.rate', { ids: [ids[2]], rating: 3 });
    expect((await core.value('library.list', { minRating: 4 })).items.map((i: { id: string }) => i.id)).toEqual([ids[0], ids[1]]);
    expect((await core.value('library.list', { minRating: 1 })).total).toBe(3);
    await core.value('library.rate', { ids: [ids[1]], rating: 0 });
    await core.close();

    const again = await cores.start(dataDir);
    expect((await again.value('library.get', { id: ids[0] })).rating).toBe(5);
    expect((await again.value('library.get', { id: ids[1] })).rating).toBeUndefined();
    expect((await again.value('library.list', { minRating: 1 })).items.map((i: { id: string }) => i.id)).toEqual([ids[0], ids[2]]);
  });

  it('creates, fills, renames and removes collections; the items stay', async () => {
    const { ids, core } = await libraryWith(5);
    const picks = await core.value('library.createCollection', { name: ' Picks ' });
    expect(picks).toMatchObject({ name: 'Picks', count: 0 });
    expect(await core.value('library.collect', { ids: [ids[0], ids[3]], collectionId: picks.id, add: true })).toEqual({ changed: 2 });
    expect(await core.value('library.collections')).toEqual([{ ...picks, count: 2 }]);
    expect((await core.value('library.list', { collectionId: picks.id })).items.map((i: { id: string }) => i.id)).toEqual([ids[0], ids[3]]);

    expect(await core.value('library.renameCollection', { id: picks.id, name: 'Winners' })).toMatchObject({ id: picks.id, name: 'Winners', count: 2 });
    expect((await core.value('library.get', { id: ids[3] })).collections).toEqual([{ id: picks.id, name: 'Winners' }]);
    await core.value('library.collect', { ids: [ids[0]], collectionId: picks.id, add: false });
    expect((await core.value('library.collections'))[0].count).toBe(1);

    expect(await core.value('library.removeCollection', { id: picks.id })).toEqual({ removed: true });
    expect(await core.value('library.collections')).toEqual([]);
    expect((await core.value('library.get', { id: ids[3] })).collections).toBeUndefined();
    expect((await core.value('library.list', {})).total).toBe(5);
    const gone = await core.call('library.collect', { ids: [ids[0]], collectionId: picks.id, add: true });
    expect(gone.ok ? undefined : gone.error.code).toBe('not_found');
  });

  it('writes the curation into the sidecars, and a rebuilt index takes it back from them', async () => {
    const { dataDir, ids, core } = await libraryWith(8);
    const set = await core.value('library.createCollection', { name: 'Set' });
    await core.value('library.collect', { ids: ids.slice(0, 4), collectionId: set.id, add: true });
    await core.value('library.rate', { ids: ids.slice(2, 6), rating: 4 });
    await core.value('library.tag', { ids: ids.slice(0, 8), add: ['blue'] });
    // The sidecars follow in the background.
    const settled = () => sidecarOf(dataDir, ids[5]).rating === 4 && (sidecarOf(dataDir, ids[0]).tags as string[] | undefined)?.[0] === 'blue'
      && ids.every((id) => (sidecarOf(dataDir, id).tags as string[] | undefined)?.length === 1);
    for (let i = 0; i < 500 && !settled(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(sidecarOf(dataDir, ids[0])).toMatchObject({ tags: ['blue'], collections: [{ id: set.id, name: 'Set' }] });
    expect(sidecarOf(dataDir, ids[7]).rating).toBeUndefined();
    await core.close();

    // The database lost: everything is read again from the sidecars.
    rmSync(path.join(dataDir, 'studio.db'), { force: true });
    rmSync(path.join(dataDir, 'studio.db-wal'), { force: true });
    rmSync(path.join(dataDir, 'studio.db-shm'), { force: true });
    const rebuilt = await cores.start(dataDir);
    expect((await rebuilt.value('library.list', { tag: 'blue' })).total).toBe(8);
    expect((await rebuilt.value('library.list', { minRating: 4 })).items.map((i: { id: string }) => i.id)).toEqual(ids.slice(2, 6));
    expect(await rebuilt.value('library.collections')).toEqual([expect.objectContaining({ id: set.id, name: 'Set', count: 4 })]);
    expect((await rebuilt.value('library.list', { collectionId: set.id })).items.map((i: { id: string }) => i.id)).toEqual(ids.slice(0, 4));
  });

  it('exports a collection as a zip', async () => {
    const dataDir = cores.freshDir();
    const ids = writeItems(path.join(dataDir, 'Library'), 3);
    const zip = path.join(dataDir, 'picks.zip');
    const core = await cores.start(dataDir, { chooseSavePath: async () => zip });
    const c = await core.value('library.createCollection', { name: 'Out' });
    await core.value('library.collect', { ids: [ids[0], ids[2]], collectionId: c.id, add: true });
    const out = await core.value('library.exportCollection', { id: c.id });
    expect(out).toMatchObject({ outcome: 'saved', count: 2 });
    const entries = Object.keys(unzipSync(readFileSync(zip)));
    expect(entries.filter((e) => e.startsWith('media/')).sort()).toEqual(['media/picture 0.png', 'media/picture 2.png']);
  });
});
