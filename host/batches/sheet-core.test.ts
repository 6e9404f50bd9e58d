/**
 * The contact sheet through the contract, on a real core and the sandbox: a batch run to the end,
 * a winner starred (the library's favourite, announced), and the sheet exported with every cell's
 * request, job and files in its manifest.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { openCore } from '../test/open-core.js';
import type { SheetManifest } from './sheet-export.js';

let out = '';
afterEach(async () => {
  if (out) await rm(out, { recursive: true, force: true });
});

const cell = (prompt: string, model: string) => ({ coords: { prompt, model }, request: { route: 'image', request: { model, prompt, resolution: '1K' } } });
const PROMPTS = ['a glass whale', 'a paper whale'];
const MODELS = ['seedream-4-0', 'modela-4o-image'];

describe('the contact sheet through the contract', () => {
  it('stars a result and exports the sheet with each cell’s request and files', async () => {
    out = await mkdtemp(path.join(os.tmpdir(), 'studio-sheet-'));
    const target = path.join(out, 'whales.zip');
    const c = await openCore({ chooseSavePath: async () => target });
    const batch = await c.value('batches.create', { name: 'Whales', kind: 'image', axes: ['prompt', 'model'], cells: PROMPTS.flatMap((p) => MODELS.map((m) => cell(p, m))) });
    await c.until(async () => (await c.value('batches.get', { id: batch.id })).batch.counts.saved === 4);
    const { cells } = await c.value('batches.get', { id: batch.id });

    const winner = cells[1].libraryIds[0];
    expect(await c.value('library.setFavourite', { id: winner, favourite: true })).toMatchObject({ id: winner, favourite: true });
    expect(await c.value('library.get', { id: winner })).toMatchObject({ favourite: true });
    expect(c.events).toContainEqual({ event: 'library.onDidChange', payload: { reason: 'changed', id: winner } });
    expect((await c.call('library.setFavourite', { id: 'gone', favourite: true })).error).toMatchObject({ code: 'not_found' });

    expect(await c.value('batches.exportSheet', { id: batch.id, rows: 'model', columns: 'prompt' })).toMatchObject({ outcome: 'saved', name: 'whales.zip', count: 4 });
    const zip = unzipSync(readFileSync(target));
    const manifest = JSON.parse(Buffer.from(zip['manifest.json']).toString('utf8')) as SheetManifest;
    expect(manifest.rows).toEqual({ axis: 'model', labels: MODELS });
    expect(manifest.columns).toEqual({ axis: 'prompt', labels: PROMPTS });
    for (const m of manifest.cells) {
      const from = cells[m.index];
      expect(m).toMatchObject({ coords: from.coords, jobId: from.jobId, state: 'saved', request: { route: 'image', request: { model: from.coords.model, prompt: from.coords.prompt } } });
      expect(m.results).toEqual([{ libraryId: from.libraryIds[0], file: (await c.value('library.get', { id: from.libraryIds[0] })).file }]);
    }
    const png = await sharp(Buffer.from(zip['contact-sheet.png'])).metadata();
    expect([png.width, png.height]).toEqual([manifest.image.labelWidth + 2 * manifest.image.cell, manifest.image.labelHeight + 2 * manifest.image.cell]);
    expect((await c.call('batches.exportSheet', { id: batch.id, rows: 'style', columns: 'prompt' })).error).toMatchObject({ code: 'invalid_input' });
  });
});
