/**
 * The sidecars that follow a curation edit hold still while the library moves (docs/library-files.md,
 * "Curation"): a sidecar written in the old folder after the move copied it would settle its lag
 * there and leave the copy without the edit, lost at the next rebuild. Real library, real files.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Library } from './library.js';
import { writeItems } from './test/many-items.js';

const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise<void>((resolve) => setImmediate(resolve));
};

describe('the sidecar drain held for a move', () => {
  it('writes nothing while held, keeps what lags, and catches up once let go', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'studio-sidecar-hold-'));
    const root = path.join(dir, 'Library');
    const ids = writeItems(root, 400);
    const library = new Library({ root, db: path.join(dir, 'studio.db') });
    await library.open();
    const tagsOf = (id: string) => (JSON.parse(readFileSync(path.join(root, '2026-01', `${id}.png.json`), 'utf8')) as { tags?: string[] }).tags;

    expect(library.curation.tag(ids, ['moved'], [])).toBe(400);
    const following = library.curating.follow();
    const release = await library.curating.hold();
    const lagging = library.curation.lagCount();
    expect(lagging).toBeGreaterThan(0);
    // Many turns of the loop later, and a new edit's kick meanwhile: not one sidecar more written.
    library.curation.rate(ids.slice(0, 5), 4);
    void library.curating.follow();
    await turns(300);
    expect(library.curation.lagCount()).toBe(lagging);
    const unwritten = ids.filter((id) => tagsOf(id) === undefined);
    expect(unwritten.length).toBeGreaterThanOrEqual(lagging - 5);

    release();
    await following;
    await library.curating.idle();
    expect(library.curation.lagCount()).toBe(0);
    expect(ids.filter((id) => tagsOf(id)?.[0] !== 'moved')).toEqual([]);
    await library.close();
  });
});
