/**
 * Taking files out of a real library: zips unpacked and their manifests parsed by readers that
 * are not the writers (fflate, csv-parse), prompts that try to climb out of the folder or collide,
 * a 100 KB prompt, a file deleted from the library folder, a full disk, and both shells' ways out
 * (the desktop's Save dialog, the browser shell's download link).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DownloadOffer, SaveRequest } from '../ports.js';
import { writeZip } from './export-zip.js';
import type { Library } from './library.js';
import type { LibraryItem } from './library-item.js';
import { TakeOut, type TakeOutDeps } from './take-out.js';
import { incomingFile, jpegBytes, meta, openLibrary, pngBytes, tempDirs, type TempDirs } from './test/fixtures.js';

let dirs: TempDirs;
let lib: Library;
let out: string;
beforeEach(async () => {
  dirs = await tempDirs();
  lib = openLibrary(dirs, { metadata: true });
  out = path.join(dirs.base, 'Chosen folder');
  await mkdir(out);
});
afterEach(() => dirs.cleanup());

const LONG = `a very long prompt ${'ü'.repeat(100_000)}`;
const PROMPTS = ['../../etc/passwd', 'A fox', 'A fox', 'a FOX', LONG, '=HYPERLINK("http://evil.example")', '雪の中の狐'];

async function seed(prompts = PROMPTS): Promise<LibraryItem[]> {
  const items: LibraryItem[] = [];
  for (const [i, prompt] of prompts.entries()) {
    const bytes = i === 1 ? jpegBytes(24, 16) : pngBytes(20 + i, 20, i);
    items.push(await lib.add({ source: await incomingFile(dirs, bytes), meta: meta({ prompt, params: { seed: i, style: 'ink, "wash"' }, cost: { amount: 0.04, currency: 'USD' } }), name: `item ${i}.bin` }));
  }
  return items;
}

function takeOut(over: Partial<TakeOutDeps['ports']> = {}, extra: Partial<TakeOutDeps> = {}) {
  const progress: Array<[string, number, number]> = [];
  const asked: SaveRequest[] = [];
  const t = new TakeOut({
    ports: { dataDir: path.join(dirs.base, 'data'), chooseSavePath: async (r) => (asked.push(r), path.join(out, 'my export.zip')), ...over },
    library: () => lib,
    language: () => 'en',
    onProgress: (id, done, total) => progress.push([id, done, total]),
    now: () => Date.UTC(2025, 5, 15, 15, 6),
    log: () => undefined,
    ...extra,
  });
  return { t, progress, asked };
}

const unzip = (file: string) => unzipSync(readFileSync(file));
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
const leftovers = (dir: string) => readdirSync(dir).filter((f) => f.startsWith('.'));

describe('exporting a selection as a zip (desktop: the Save dialog picks the path)', () => {
  it('holds every file under media/ with safe, unique names, and manifests that match them', async () => {
    const items = await seed();
    const { t, progress, asked } = takeOut();
    const outcome = await t.exportZip(items.map((i) => i.id), 'exp-1');
    expect(outcome).toMatchObject({ outcome: 'saved', name: 'my export.zip', count: PROMPTS.length });
    expect(asked).toEqual([{ defaultName: 'gateway-studio-export-2025-06-15-15-06.zip', kind: 'zip', language: 'en' }]);
    const zip = unzip(path.join(out, 'my export.zip'));
    const media = Object.keys(zip).filter((n) => n.startsWith('media/'));
    expect(Object.keys(zip).sort()).toEqual([...media, 'manifest.csv', 'manifest.json'].sort());
    expect(media).toHaveLength(PROMPTS.length);
    for (const name of media) {
      expect(name.split('/').slice(1).every((s) => s !== '..' && !s.startsWith('.') && !s.includes('\\'))).toBe(true);
      expect(name.split('/')).toHaveLength(2);
    }
    expect(new Set(media.map((n) => n.toLowerCase())).size).toBe(media.length);
    expect(media).toContain('media/etc passwd.png');
    expect(media).toContain('media/A fox.jpg');
    expect(media).toContain('media/A fox.png');
    expect(media).toContain('media/a FOX (2).png');

    const manifest = JSON.parse(text(zip['manifest.json']));
    expect(manifest).toMatchObject({ software: 'Gateway Studio', count: PROMPTS.length, exportedAt: '2025-06-15T15:06:00.000Z' });
    expect(manifest.items.map((r: { prompt: string }) => r.prompt)).toEqual(PROMPTS);
    for (const [i, row] of manifest.items.entries()) {
      expect(row).toMatchObject({ kind: 'image', model: 'seedream-4-5', settings: { seed: i, style: 'ink, "wash"' }, cost: { amount: 0.04, currency: 'USD' }, createdAt: '2025-06-15T15:06:40.000Z' });
      // Each manifest row names the file it describes, with its size and dimensions.
      expect(zip[row.file].length).toBe(row.bytes);
      expect((await sharp(zip[row.file]).metadata()).width).toBe(row.width);
      expect(Buffer.from(zip[row.file]).equals(readFileSync(lib.resolve(items[i].file)))).toBe(true);
    }

    const rows = parse(text(zip['manifest.csv']), { columns: true, bom: true }) as Record<string, string>[];
    expect(rows.map((r) => r.file)).toEqual(manifest.items.map((r: { file: string }) => r.file));
    expect(rows[4].prompt).toBe(LONG);
    // A prompt a spreadsheet would run as a formula is kept as text.
    expect(rows[5].prompt).toBe(`'${PROMPTS[5]}`);
    expect(JSON.parse(rows[0].settings)).toEqual({ seed: 0, style: 'ink, "wash"' });
    expect(rows[0]).toMatchObject({ kind: 'image', model: 'seedream-4-5', width: '20', height: '20', cost: '0.04', currency: 'USD', created: '2025-06-15T15:06:40.000Z' });

    // The PNG inside still carries its prompt in a text chunk.
    const comments = (await sharp(zip['media/etc passwd.png']).metadata()).comments ?? [];
    expect(comments.find((c) => c.keyword === 'parameters')?.text).toMatch(/^\.\.\/\.\.\/etc\/passwd\n/);

    expect(progress.at(0)).toEqual(['exp-1', 0, PROMPTS.length]);
    expect(progress.at(-1)).toEqual(['exp-1', PROMPTS.length, PROMPTS.length]);
    expect(leftovers(out)).toEqual([]);
  });

  it('writes nothing when the Save dialog is cancelled', async () => {
    const items = await seed(['one']);
    const { t } = takeOut({ chooseSavePath: async () => undefined });
    expect(await t.exportZip([items[0].id])).toEqual({ outcome: 'cancelled' });
    expect(readdirSync(out)).toEqual([]);
  });

  it('says which item’s file is gone from the library folder and leaves no zip', async () => {
    const items = await seed(['kept', 'the deleted one']);
    await rm(lib.resolve(items[1].file));
    const { t } = takeOut();
    await expect(t.exportZip(items.map((i) => i.id))).rejects.toMatchObject({ code: 'not_found', text: { code: 'files.export.fileGone', params: { name: 'the deleted one' } } });
    expect(readdirSync(out)).toEqual([]);
  });

  it('reports a full disk with the folder, and removes the half-written zip', async () => {
    const items = await seed(['one', 'two']);
    const full: typeof writeZip = async (o) => {
      await writeFile(o.target, 'PK half a zip');
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    };
    const { t } = takeOut({}, { writeZip: full });
    await expect(t.exportZip(items.map((i) => i.id))).rejects.toMatchObject({ code: 'internal', retryable: true, text: { code: 'files.export.diskFull', params: { folder: out } } });
    expect(readdirSync(out)).toEqual([]);
  });

  it('replaces a file the creator chose to overwrite in the dialog', async () => {
    const items = await seed(['one']);
    await writeFile(path.join(out, 'my export.zip'), 'an old export');
    const { t } = takeOut();
    await t.exportZip([items[0].id]);
    expect(Object.keys(unzip(path.join(out, 'my export.zip')))).toHaveLength(3);
  });

  it('refuses an empty selection, too many items, an unknown item, and a second export at once', async () => {
    const items = await seed(['one']);
    const { t } = takeOut();
    await expect(t.exportZip([])).rejects.toMatchObject({ code: 'invalid_input', text: { code: 'files.export.nothing' } });
    await expect(t.exportZip(Array.from({ length: 5001 }, (_, i) => `id-${i}`))).rejects.toMatchObject({ code: 'invalid_input', text: { code: 'files.export.tooMany' } });
    await expect(t.exportZip([items[0].id, 'not-an-item'])).rejects.toMatchObject({ code: 'not_found', text: { code: 'files.export.itemGone' } });
    const first = t.exportZip([items[0].id]);
    await expect(t.exportZip([items[0].id])).rejects.toMatchObject({ code: 'conflict', text: { code: 'files.export.busy' } });
    await expect(first).resolves.toMatchObject({ outcome: 'saved' });
  });

  it('lists a duplicate id once', async () => {
    const items = await seed(['one']);
    const { t } = takeOut();
    expect(await t.exportZip([items[0].id, items[0].id])).toMatchObject({ count: 1 });
  });
});

describe('the browser shell: a download link instead of a dialog', () => {
  it('writes the zip into the data folder and offers it once, as a temporary file', async () => {
    const items = await seed(['one', 'two']);
    const offers: DownloadOffer[] = [];
    const { t } = takeOut({ chooseSavePath: undefined, offerDownload: (o) => (offers.push(o), '/download/token') });
    const outcome = await t.exportZip(items.map((i) => i.id));
    expect(outcome).toMatchObject({ outcome: 'download', url: '/download/token', name: 'gateway-studio-export-2025-06-15-15-06.zip', count: 2 });
    expect(offers).toEqual([{ path: expect.stringContaining(path.join(dirs.base, 'data', 'exports')), name: outcome.outcome === 'download' ? outcome.name : '', type: 'application/zip', temporary: true }]);
    expect(Object.keys(unzip(offers[0].path))).toContain('manifest.json');
    // A zip no one took is gone at the next start.
    takeOut({ chooseSavePath: undefined });
    expect(existsSync(offers[0].path)).toBe(false);
  });

  it('offers one item’s own file under a name made from its prompt', async () => {
    const [item] = await seed(['a lighthouse: at dusk / "red"']);
    const offers: DownloadOffer[] = [];
    const { t } = takeOut({ chooseSavePath: undefined, offerDownload: (o) => (offers.push(o), '/download/x') });
    expect(await t.saveFile(item.id)).toMatchObject({ outcome: 'download', name: 'a lighthouse at dusk red.png', count: 1 });
    expect(offers).toEqual([{ path: lib.resolve(item.file), name: 'a lighthouse at dusk red.png', type: 'image/png', temporary: false }]);
  });
});

describe('names taken out of the library hold no hidden characters', () => {
  // U+202E turns "gnp.exe" around, so the name reads as "…exe.png"; the rest are invisible or act on a terminal.
  const HOSTILE = 'fox\u202egnp.exe\u200b\u2067\ufeff in\x9b\x1b[2Jsnow\u00ad';
  const hidden = (name: string) => [...name.matchAll(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu)].map((m) => m[0]);

  it('in a zip, and as the zip names them in its manifest', async () => {
    const items = await seed([HOSTILE, 'plain']);
    const { t } = takeOut();
    await t.exportZip(items.map((i) => i.id));
    const zip = unzip(path.join(out, 'my export.zip'));
    const media = Object.keys(zip).filter((n) => n.startsWith('media/'));
    expect(media.map(hidden)).toEqual([[], []]);
    expect(media).toContain('media/foxgnp.exe in [2Jsnow.png');
    expect(JSON.parse(text(zip['manifest.json'])).items[0].file).toBe('media/foxgnp.exe in [2Jsnow.png');
  });

  it('as a download’s name and the Save dialog’s proposal', async () => {
    const [item] = await seed([HOSTILE]);
    const offers: DownloadOffer[] = [];
    await takeOut({ chooseSavePath: undefined, offerDownload: (o) => (offers.push(o), '/download/x') }).t.saveFile(item.id);
    expect(offers[0].name).toBe('foxgnp.exe in [2Jsnow.png');
    const { t, asked } = takeOut({ chooseSavePath: async (r) => (asked.push(r), undefined) });
    await t.saveFile(item.id);
    expect(asked[0].defaultName).toBe('foxgnp.exe in [2Jsnow.png');
  });
});

describe('Save as… (desktop)', () => {
  it('copies the file where the dialog says, whole, and leaves the library as it was', async () => {
    const [item] = await seed(['a fox']);
    const target = path.join(out, 'fox.png');
    const { t, asked } = takeOut({ chooseSavePath: async (r) => (asked.push(r), target) });
    expect(await t.saveFile(item.id)).toMatchObject({ outcome: 'saved', name: 'fox.png', count: 1 });
    expect(asked).toEqual([{ defaultName: 'a fox.png', kind: 'image', language: 'en' }]);
    expect(readFileSync(target).equals(readFileSync(lib.resolve(item.file)))).toBe(true);
    expect(leftovers(out)).toEqual([]);
    expect(lib.list().total).toBe(1);
  });

  it('refuses where neither a dialog nor a link is available, and drags only on the desktop', async () => {
    const [item] = await seed(['a fox']);
    const { t } = takeOut({ chooseSavePath: undefined });
    await expect(t.saveFile(item.id)).rejects.toMatchObject({ code: 'invalid_request', text: { code: 'files.unavailable' } });
    await expect(t.startDrag(item.id)).rejects.toMatchObject({ text: { code: 'files.dragDesktopOnly' } });
    const dragged: Array<[string, string | undefined]> = [];
    await takeOut({ startDrag: (p, picture) => dragged.push([p, picture]) }).t.startDrag(item.id);
    expect(dragged).toEqual([[lib.resolve(item.file), lib.resolve(item.thumb!)]]);
  });
});

describe('writeZip', () => {
  it('rejects, naming the entry, when a file vanishes before the zip reaches it', async () => {
    const [item] = await seed(['one']);
    const target = path.join(out, 'x.zip');
    const entry = { item, file: 'media/one.png', abs: path.join(dirs.base, 'gone.png') };
    await expect(writeZip({ entries: [entry], target, now: 0 })).rejects.toMatchObject({ name: 'ZipSourceError', entry });
  });
});
