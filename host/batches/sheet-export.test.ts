/**
 * The contact sheet exported as one PNG grid with its manifest, in one zip: unpacked by a reader
 * that is not the writer (fflate), the PNG decoded by sharp, each result found in its place by the
 * colour of its picture, whichever axes are chosen as rows and columns.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';
import pngjs from 'pngjs';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Library } from '../library/library.js';
import { incomingFile, meta, openLibrary, tempDirs, type TempDirs } from '../library/test/fixtures.js';
import type { DownloadOffer, SaveRequest } from '../ports.js';
import { writeSheet, type SheetCell, type SheetDeps, type SheetManifest } from './sheet-export.js';

let dirs: TempDirs;
let lib: Library;
let out: string;
beforeEach(async () => {
  dirs = await tempDirs();
  lib = openLibrary(dirs);
  await lib.open();
  out = path.join(dirs.base, 'Chosen folder');
  await mkdir(out);
});
afterEach(() => dirs.cleanup());

type Rgb = [number, number, number];
const COLOURS: Record<string, Rgb> = {
  red: [230, 20, 20], green: [20, 200, 40], blue: [20, 40, 230], yellow: [240, 220, 20], magenta: [220, 20, 220], cyan: [20, 220, 220],
};

/** A picture of one colour: the sheet's pixels at a cell's centre say whose picture is there. */
function solidPng(width: number, height: number, [r, g, b]: Rgb): Buffer {
  const png = new pngjs.PNG({ width, height });
  for (let i = 0; i < width * height; i++) png.data.set([r, g, b, 255], i * 4);
  return pngjs.PNG.sync.write(png, { colorType: 2 });
}

const PROMPTS = ['a red kite', 'a <b>bold</b> & "quoted" owl'];
const MODELS = ['seedream-4-0', 'seedream-4-5', 'flux-kontext-pro'];
/** prompt × model → its colour; the wide and tall pictures keep their aspect inside the cell. */
const GRID: string[][] = [['red', 'green', 'blue'], ['yellow', 'magenta', 'cyan']];

async function batchCells(): Promise<SheetCell[]> {
  const cells: SheetCell[] = [];
  for (const [p, prompt] of PROMPTS.entries()) {
    for (const [m, model] of MODELS.entries()) {
      const index = cells.length;
      const [w, h] = index % 2 === 0 ? [64, 32] : [32, 64];
      const item = await lib.add({ source: await incomingFile(dirs, solidPng(w, h, COLOURS[GRID[p][m]])), meta: meta({ prompt, model }), name: `${index}.png` });
      cells.push({
        index, coords: { prompt, model, aspect_ratio: '1:1' }, jobId: `job-${index}`, tries: [], state: 'saved', libraryIds: [item.id], hidden: false,
        request: { route: 'image', request: { model: 'seedream-4-0', prompt, resolution: '1K' } } as SheetCell['request'],
      });
    }
  }
  return cells;
}

const BATCH = { id: 'batch-1', name: 'Kites / owls', kind: 'image' as const, axes: ['prompt', 'model', 'aspect_ratio'] };

function deps(over: Partial<SheetDeps['ports']> = {}) {
  const asked: SaveRequest[] = [];
  const d: SheetDeps = {
    ports: { dataDir: path.join(dirs.base, 'data'), chooseSavePath: async (r) => (asked.push(r), path.join(out, 'sheet.zip')), ...over },
    library: () => lib,
    language: () => 'en',
    now: () => Date.UTC(2025, 5, 15, 15, 6),
    log: () => undefined,
  };
  return { d, asked };
}

async function unpack(file: string) {
  const zip = unzipSync(readFileSync(file));
  expect(Object.keys(zip).sort()).toEqual(['contact-sheet.png', 'manifest.json']);
  const manifest = JSON.parse(Buffer.from(zip['manifest.json']).toString('utf8')) as SheetManifest;
  const { data, info } = await sharp(Buffer.from(zip['contact-sheet.png'])).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number): Rgb => {
    const at = (Math.round(y) * info.width + Math.round(x)) * 3;
    return [data[at], data[at + 1], data[at + 2]];
  };
  return { manifest, info, pixel, png: zip['contact-sheet.png'] };
}

const near = (a: Rgb, b: Rgb) => a.every((v, i) => Math.abs(v - b[i]) < 40);
const colourAt = (pixel: Rgb) => Object.keys(COLOURS).find((name) => near(pixel, COLOURS[name])) ?? `other ${pixel.join(',')}`;

describe('exporting a contact sheet', () => {
  it('draws rows × columns with each result in its cell by its coords, and a manifest of every cell', async () => {
    const cells = await batchCells();
    const { d, asked } = deps();
    const outcome = await writeSheet(d, { batch: BATCH, cells, rows: 'prompt', columns: 'model' });
    expect(outcome).toMatchObject({ outcome: 'saved', name: 'sheet.zip', count: 6 });
    expect(asked).toEqual([{ defaultName: 'contact-sheet-Kites owls-2025-06-15-15-06.zip', kind: 'zip', language: 'en' }]);

    const { manifest, info, pixel } = await unpack(path.join(out, 'sheet.zip'));
    expect(manifest).toMatchObject({ batch: { id: 'batch-1', name: 'Kites / owls', axes: BATCH.axes }, rows: { axis: 'prompt', labels: PROMPTS }, columns: { axis: 'model', labels: MODELS } });
    const { cell, labelWidth, labelHeight } = manifest.image;
    expect([info.width, info.height]).toEqual([labelWidth + 3 * cell, labelHeight + 2 * cell]);
    expect([manifest.image.width, manifest.image.height]).toEqual([info.width, info.height]);
    for (const c of manifest.cells) {
      const from = cells[c.index];
      expect(c).toMatchObject({ coords: from.coords, request: from.request, jobId: from.jobId, state: 'saved', hidden: false });
      expect(c.results).toEqual([{ libraryId: from.libraryIds[0], file: lib.get(from.libraryIds[0])!.file }]);
      const [p, m] = [PROMPTS.indexOf(from.coords.prompt), MODELS.indexOf(from.coords.model)];
      expect(c.box).toMatchObject({ x: labelWidth + m * cell, y: labelHeight + p * cell });
      expect(colourAt(pixel(c.box!.x + c.box!.width / 2, c.box!.y + c.box!.height / 2))).toBe(GRID[p][m]);
    }
    // The labels are drawn: the label column and the header row are not blank.
    const dark = (x0: number, y0: number, w: number, h: number) => {
      let n = 0;
      for (let y = y0; y < y0 + h; y += 2) for (let x = x0; x < x0 + w; x += 2) if (pixel(x, y).every((v) => v < 128)) n++;
      return n;
    };
    expect(dark(0, labelHeight, labelWidth, cell)).toBeGreaterThan(10);
    expect(dark(labelWidth, 0, cell, labelHeight)).toBeGreaterThan(10);
    expect(readdirSync(out)).toEqual(['sheet.zip']);
  });

  it('swaps the grid when the axes are swapped, and keeps hidden cells out of the picture but in the manifest', async () => {
    const cells = await batchCells();
    cells[4].hidden = true;
    cells[5] = { ...cells[5], state: 'failed', libraryIds: [] };
    const { d } = deps();
    await writeSheet(d, { batch: BATCH, cells, rows: 'model', columns: 'prompt' });
    const { manifest, info, pixel } = await unpack(path.join(out, 'sheet.zip'));
    const { cell, labelWidth, labelHeight } = manifest.image;
    expect([info.width, info.height]).toEqual([labelWidth + 2 * cell, labelHeight + 3 * cell]);
    expect(manifest.rows.labels).toEqual(MODELS);
    const green = manifest.cells.find((c) => c.index === 1)!;
    expect(green.box).toMatchObject({ x: labelWidth, y: labelHeight + cell });
    expect(colourAt(pixel(green.box!.x + cell / 2, green.box!.y + cell / 2))).toBe('green');
    const hidden = manifest.cells.find((c) => c.index === 4)!;
    expect(hidden).toMatchObject({ hidden: true, box: null });
    expect(colourAt(pixel(labelWidth + 1.5 * cell, labelHeight + 1.5 * cell))).not.toBe('magenta');
    expect(manifest.cells.find((c) => c.index === 5)).toMatchObject({ state: 'failed', results: [] });
    expect(colourAt(pixel(labelWidth + 1.5 * cell, labelHeight + 2.5 * cell))).not.toBe('cyan');
  });

  it('stacks the cells of the other axes that share a place, each one visible', async () => {
    const cells = await batchCells();
    // Rows by prompt and no column axis (the same axis twice): three models share each row's place.
    const { d } = deps();
    await writeSheet(d, { batch: BATCH, cells, rows: 'prompt', columns: 'prompt' });
    const { manifest, info, pixel } = await unpack(path.join(out, 'sheet.zip'));
    const { cell, labelWidth, labelHeight } = manifest.image;
    expect([info.width, info.height]).toEqual([labelWidth + cell, labelHeight + 2 * cell]);
    const seen = manifest.cells.filter((c) => c.coords.prompt === PROMPTS[1]).map((c) => colourAt(pixel(c.box!.x + c.box!.width / 2, c.box!.y + c.box!.height / 2)));
    expect(seen).toEqual(GRID[1]);
  });

  it('refuses an axis the batch does not have, and a cancelled Save dialog writes nothing', async () => {
    const cells = await batchCells();
    const { d } = deps();
    await expect(writeSheet(d, { batch: BATCH, cells, rows: 'style', columns: 'model' })).rejects.toMatchObject({ code: 'invalid_input' });
    const cancelled = deps({ chooseSavePath: async () => undefined });
    expect(await writeSheet(cancelled.d, { batch: BATCH, cells, rows: 'prompt', columns: 'model' })).toEqual({ outcome: 'cancelled' });
    expect(readdirSync(out)).toEqual([]);
  });

  it('offers a one-time download in the browser shell', async () => {
    const cells = await batchCells();
    const offers: DownloadOffer[] = [];
    const { d } = deps({ chooseSavePath: undefined, offerDownload: (o) => (offers.push(o), '/download/abc') });
    const outcome = await writeSheet(d, { batch: BATCH, cells, rows: 'prompt', columns: 'model' });
    expect(outcome).toMatchObject({ outcome: 'download', url: '/download/abc', count: 6 });
    expect(offers).toEqual([expect.objectContaining({ type: 'application/zip', temporary: true })]);
    expect(existsSync(offers[0].path)).toBe(true);
    await unpack(offers[0].path);
  });
});
