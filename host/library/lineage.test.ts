/**
 * Lineage (docs/library-files.md, "Lineage"): a saved item records what it was made from, the
 * source's "used in" lists it from the edges kept in the database, a removed source is shown as
 * gone, a rebuilt index restores the edges from the sidecars, and the export's manifests and the
 * file's own metadata carry it. Real files, real SQLite, a real MP4 tagged by the native ffmpeg.
 */
import { execFileSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { text as readStream } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installedFfmpegPath } from '@media/ffmpeg-process.js';
import { renderPromptVideo } from '@sandbox/media/video-render.js';
import { csvManifest, jsonManifest } from './export-manifest.js';
import { PNG_JSON_KEYWORD } from './embed-metadata.js';
import { lineageOf } from './lineage.js';
import { libraryMigrations } from './library-table.js';
import { openDatabase } from '../db/database.js';
import { readPngText } from './png-text.js';
import { incomingFile, meta, openLibrary, pngBytes, tempDirs, type TempDirs } from './test/fixtures.js';
import type { LibraryItemMeta } from './library-item.js';
import type { Library } from './library.js';

let dirs: TempDirs;
beforeEach(async () => {
  dirs = await tempDirs();
});
afterEach(() => dirs.cleanup());

let clip: Buffer;
let ffmpeg: string | undefined;
beforeAll(async () => {
  ffmpeg = await installedFfmpegPath();
  clip = (await renderPromptVideo({ prompt: 'The fox runs', seconds: 1, width: 160, height: 90 })).mp4;
}, 60_000);

const save = async (lib: Library, bytes: Buffer, over: Partial<LibraryItemMeta>) =>
  lib.add({ source: await incomingFile(dirs, bytes), meta: meta(over), name: 'saved.bin' });

describe('what an item was made from, and what it was used in', () => {
  it('a video made from a saved image records its starting image, and the image lists the video', async () => {
    const lib = openLibrary(dirs);
    const image = await save(lib, pngBytes(32, 24), { prompt: 'A fox in snow' });
    const video = await save(lib, clip, { kind: 'video', prompt: 'The fox runs', madeFrom: [{ kind: 'startImage', itemId: image.id, name: 'A fox in snow' }] });

    expect(lib.get(video.id)?.madeFrom).toEqual([{ kind: 'startImage', itemId: image.id, name: 'A fox in snow' }]);
    const ofVideo = lineageOf(lib, video.id);
    expect(ofVideo.madeFrom.map((m) => [m.ref.kind, m.item?.prompt])).toEqual([['startImage', 'A fox in snow']]);
    expect(ofVideo.usedIn).toEqual([]);
    const ofImage = lineageOf(lib, image.id);
    expect(ofImage.madeFrom).toEqual([]);
    expect(ofImage.usedIn.map((i) => [i.id, i.kind])).toEqual([[video.id, 'video']]);

    // The sidecar, the library's truth, says it too.
    const sidecar = JSON.parse(await readFile(`${lib.resolve(video.file)}.json`, 'utf8')) as { madeFrom: unknown };
    expect(sidecar.madeFrom).toEqual([{ kind: 'startImage', itemId: image.id, name: 'A fox in snow' }]);

    // After a restart, from the database's rows and edges.
    await lib.close();
    const again = openLibrary(dirs);
    await again.open();
    await again.searchReady();
    expect(lineageOf(again, image.id).usedIn.map((i) => i.id)).toEqual([video.id]);
    expect(again.get(video.id)?.madeFrom?.[0].itemId).toBe(image.id);
  });

  it('a remix records the item it remixes; its batch cell and references are kept in order', async () => {
    const lib = openLibrary(dirs);
    const first = await save(lib, pngBytes(16, 16, 1), { prompt: 'first' });
    const reference = await save(lib, pngBytes(16, 16, 2), { prompt: 'a reference' });
    const remix = await save(lib, pngBytes(16, 16, 3), {
      prompt: 'first, again',
      madeFrom: [{ kind: 'remixOf', itemId: first.id }, { kind: 'reference', itemId: reference.id }, { kind: 'batchCell', batchId: 'b1', index: 4 }],
    });
    const view = lineageOf(lib, remix.id);
    expect(view.madeFrom.map((m) => [m.ref.kind, m.item?.id ?? null])).toEqual([['remixOf', first.id], ['reference', reference.id], ['batchCell', null]]);
    expect(view.madeFrom[2].ref).toEqual({ kind: 'batchCell', batchId: 'b1', index: 4 });
    expect(lineageOf(lib, first.id).usedIn.map((i) => i.id)).toEqual([remix.id]);
    expect(lineageOf(lib, reference.id).usedIn.map((i) => i.id)).toEqual([remix.id]);
  });

  it('removing a source leaves the child saying it is gone; removing the child empties the source\'s "used in"', async () => {
    const lib = openLibrary(dirs);
    const parent = await save(lib, pngBytes(16, 16, 1), { prompt: 'parent' });
    const child = await save(lib, pngBytes(16, 16, 2), { prompt: 'child', madeFrom: [{ kind: 'remixOf', itemId: parent.id, name: 'parent' }] });
    const other = await save(lib, pngBytes(16, 16, 3), { prompt: 'other child', madeFrom: [{ kind: 'reference', itemId: parent.id }] });

    expect(await lib.remove(child.id)).toBe(true);
    expect(lineageOf(lib, parent.id).usedIn.map((i) => i.id)).toEqual([other.id]);
    expect(await lib.remove(parent.id)).toBe(true);
    const view = lineageOf(lib, other.id);
    expect(view.madeFrom).toEqual([{ ref: { kind: 'reference', itemId: parent.id } }]);
    expect(() => lineageOf(lib, parent.id)).toThrow();
  });

  it('a database lost and rebuilt from the sidecars has the edges again', async () => {
    const lib = openLibrary(dirs);
    const parent = await save(lib, pngBytes(16, 16, 1), { prompt: 'parent' });
    const child = await save(lib, pngBytes(16, 16, 2), { prompt: 'child', madeFrom: [{ kind: 'reference', itemId: parent.id }] });
    await lib.close();
    await rm(dirs.database, { force: true });
    await rm(`${dirs.database}-wal`, { force: true });
    await rm(`${dirs.database}-shm`, { force: true });
    const rebuilt = openLibrary(dirs);
    await rebuilt.open();
    expect(lineageOf(rebuilt, parent.id).usedIn.map((i) => i.id)).toEqual([child.id]);
    expect(lineageOf(rebuilt, child.id).madeFrom[0].item?.id).toBe(parent.id);
  });
});

describe('lineage in what leaves the studio', () => {
  it('is in manifest.json and manifest.csv, with each item\'s id', async () => {
    const lib = openLibrary(dirs);
    const parent = await save(lib, pngBytes(16, 16, 1), { prompt: 'parent' });
    const child = await save(lib, pngBytes(16, 16, 2), { prompt: 'child', madeFrom: [{ kind: 'remixOf', itemId: parent.id }] });
    const entries = [{ file: 'media/child.png', item: child }, { file: 'media/parent.png', item: parent }];
    const json = JSON.parse(await readStream(jsonManifest(entries, 0))) as { items: { id: string; madeFrom?: unknown }[] };
    expect(json.items.map((r) => [r.id, r.madeFrom ?? null])).toEqual([[child.id, [{ kind: 'remixOf', itemId: parent.id }]], [parent.id, null]]);
    const rows = parse(await readStream(csvManifest(entries)), { columns: true, bom: true }) as Record<string, string>[];
    expect(rows.map((r) => r.id)).toEqual([child.id, parent.id]);
    expect(JSON.parse(rows[0].made_from)).toEqual([{ kind: 'remixOf', itemId: parent.id }]);
    expect(rows[1].made_from).toBe('');
  });

  it('is written into a saved PNG (the JSON record and the parameters text)', async () => {
    const lib = openLibrary(dirs, { metadata: true });
    const item = await save(lib, pngBytes(16, 16), { prompt: 'child', madeFrom: [{ kind: 'remixOf', itemId: 'parent-1' }, { kind: 'batchCell', batchId: 'b1', index: 2 }] });
    const chunks = readPngText(await readFile(lib.resolve(item.file)));
    expect((JSON.parse(chunks[PNG_JSON_KEYWORD]) as { madeFrom: unknown }).madeFrom).toEqual([{ kind: 'remixOf', itemId: 'parent-1' }, { kind: 'batchCell', batchId: 'b1', index: 2 }]);
    expect(chunks.parameters).toContain('Made from: remixOf parent-1; batchCell b1 #2');
  });

  it('is written into a saved MP4\'s comment', async (ctx) => {
    if (!ffmpeg) ctx.skip();
    const lib = openLibrary(dirs, { metadata: true, ffmpeg: true });
    const item = await save(lib, clip, { kind: 'video', prompt: 'The fox runs', madeFrom: [{ kind: 'startImage', itemId: 'picture-1' }] });
    const tags = execFileSync(ffmpeg!, ['-v', 'error', '-i', lib.resolve(item.file), '-f', 'ffmetadata', '-'], { encoding: 'utf8' });
    expect(tags).toContain('Made from: startImage picture-1');
  }, 60_000);
});

describe('the edges in the database', () => {
  it('a row whose details are damaged is still written, with no edges, and the migration fills edges from rows already there', () => {
    const file = `${dirs.base}/edges.db`;
    const before = { ...libraryMigrations, migrations: libraryMigrations.migrations.filter((m) => m.version < 3) };
    const insert = 'INSERT INTO library_items (id, kind, file, thumb, prompt, model, created_at, saved_at, ratio, rest) VALUES (?, \'image\', ?, \'\', \'\', \'m\', 0, 0, 1, ?)';
    const old = openDatabase({ file, domains: [before] });
    old.forDomain('library').prepare(insert).run('child', 'a/child.png', JSON.stringify(['image/png', 1, null, null, null, null, null, {}, null, null, null, null, null, [{ kind: 'remixOf', itemId: 'parent' }]]));
    old.forDomain('library').prepare(insert).run('broken', 'a/broken.png', '{not json');
    old.close();
    const db = openDatabase({ file, domains: [libraryMigrations] }).forDomain('library');
    const edges = () => db.prepare('SELECT child_id, parent_id, kind FROM library_lineage ORDER BY child_id').raw().all();
    expect(edges()).toEqual([['child', 'parent', 'remixOf']]);
    db.prepare(insert).run('worse', 'a/worse.png', '[1, 2');
    db.prepare('DELETE FROM library_items WHERE id = ?').run('child');
    expect(edges()).toEqual([]);
    expect(db.prepare('SELECT count(*) FROM library_items').pluck().get()).toBe(2);
  });
});
