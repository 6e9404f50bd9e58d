/**
 * Many winners marked in one call (`library.favourite`, favourite-bulk.ts) on a real core and a
 * real library on disk: one change announced, the favourite filter and the items say so at
 * once, the sidecars follow, and the marks survive a restart and a database rebuilt from them.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { dataDirCores } from '../test/data-dir-cores.js';
import { writeItems } from './test/many-items.js';

const cores = dataDirCores('studio-favourite-');

const sidecarOf = (dataDir: string, id: string) => JSON.parse(readFileSync(path.join(dataDir, 'Library', '2026-01', `${id}.png.json`), 'utf8')) as Record<string, unknown>;

async function settle(test: () => boolean) {
  for (let i = 0; i < 500 && !test(); i++) await new Promise((r) => setTimeout(r, 20));
}

describe('library.favourite', () => {
  it('marks 2,000 items in one call, announced once, and they are favourites at once', async () => {
    const dataDir = cores.freshDir();
    const ids = writeItems(path.join(dataDir, 'Library'), 2_500);
    const core = await cores.start(dataDir);
    // One item handed out before: what the gallery was shown must not stay stale.
    expect((await core.value('library.get', { id: ids[0] })).favourite).toBeUndefined();
    const before = core.events.length;
    expect(await core.value('library.favourite', { ids: [...ids.slice(0, 2_000), 'no-such-item'], favourite: true })).toEqual({ changed: 2_000 });
    expect(core.events.slice(before).filter((e) => e.event === 'library.onDidChange')).toEqual([{ event: 'library.onDidChange', payload: { reason: 'changed' } }]);
    expect((await core.value('library.list', { favourite: true, limit: 1 })).total).toBe(2_000);
    expect((await core.value('library.get', { id: ids[0] })).favourite).toBe(true);
    expect((await core.value('library.list', { limit: 1 })).items[0].favourite).toBe(true);
    expect((await core.value('library.get', { id: ids[2_100] })).favourite).toBeUndefined();
    // Items already so are not counted again.
    expect(await core.value('library.favourite', { ids: ids.slice(1_990, 2_010), favourite: true })).toEqual({ changed: 10 });
    expect(await core.value('library.favourite', { ids: ids.slice(0, 5), favourite: false })).toEqual({ changed: 5 });
    expect((await core.value('library.get', { id: ids[0] })).favourite).toBeUndefined();
    expect((await core.value('library.list', { favourite: true, limit: 1 })).total).toBe(2_005);
    await core.close();

    const again = await cores.start(dataDir);
    expect((await again.value('library.list', { favourite: true, limit: 1 })).total).toBe(2_005);
    expect((await again.value('library.get', { id: ids[5] })).favourite).toBe(true);
  });

  it('writes the marks into the sidecars, and a rebuilt database takes them back', async () => {
    const dataDir = cores.freshDir();
    const ids = writeItems(path.join(dataDir, 'Library'), 20);
    const core = await cores.start(dataDir);
    await core.value('library.tag', { ids: ids.slice(0, 2), add: ['kept'] });
    await core.value('library.favourite', { ids: ids.slice(0, 6), favourite: true });
    await core.value('library.favourite', { ids: [ids[5]], favourite: false });
    // The sidecars follow in the background: until nothing waits for its sidecar (read beside the running core).
    const db = new Database(path.join(dataDir, 'studio.db'), { readonly: true });
    await settle(() => db.prepare('SELECT count(*) FROM library_sidecar_lag').pluck().get() === 0);
    db.close();
    await core.close();
    expect(sidecarOf(dataDir, ids[0])).toMatchObject({ favourite: true, tags: ['kept'] });
    expect(sidecarOf(dataDir, ids[4]).favourite).toBe(true);
    expect(sidecarOf(dataDir, ids[5]).favourite).toBeUndefined();
    expect(sidecarOf(dataDir, ids[6]).favourite).toBeUndefined();

    for (const f of ['studio.db', 'studio.db-wal', 'studio.db-shm']) rmSync(path.join(dataDir, f), { force: true });
    const rebuilt = await cores.start(dataDir);
    expect((await rebuilt.value('library.list', { favourite: true })).items.map((i: { id: string }) => i.id)).toEqual(ids.slice(0, 5));
  });
});
