/**
 * A batch's contact sheet as a creator uses it (docs/library-files.md, "The contact sheet"): each result
 * in the place its coords name, whichever axes lay it out; a winner starred (the library's
 * favourite), a cell discarded from view and brought back, the lightbox over the sheet, a winner
 * sent to the Image references with "Use in…", and the sheet exported as a PNG with its manifest.
 */
import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { test, expect } from './fixtures.js';
import { ContactSheetPage } from './pages/contact-sheet-page.js';
import { GalleryPage } from './pages/gallery-page.js';
import { ImagePage } from './pages/image-page.js';
import { expectNoSeriousViolations } from './pages/axe.js';
import { pageCall } from './pages/page-call.js';

const PROMPTS = ['a red kite over dunes', 'a green kite over sea'];
const MODELS = ['seedream-4-0', 'modela-4o-image'];
const RATIOS = ['1:1', '16:9'];
const CELLS = PROMPTS.flatMap((prompt) => MODELS.flatMap((model) => RATIOS.map((size) => ({
  coords: { prompt, model, aspect_ratio: size },
  request: { route: 'image', request: { model, prompt, size, resolution: '1K' } },
}))));

test('each result sits in its cell by its coords; star, hide and show, lightbox, Use in and export', async ({ page, studio }) => {
  test.setTimeout(180_000);
  const sheet = new ContactSheetPage(page);
  await sheet.batches.tasks.studio.open(studio.url);
  const id = await sheet.create('Kites', ['prompt', 'model', 'aspect_ratio'], CELLS);
  await expect.poll(async () => (await sheet.batches.states(id)).filter((s) => s === 'saved').length, { timeout: 120_000 }).toBe(CELLS.length);

  await sheet.open('Kites');
  await expect(sheet.dialog).toBeVisible();
  await expect(sheet.rowLabels).toHaveText(PROMPTS);
  await expect(sheet.columnLabels).toHaveText(MODELS);
  for (const [r, prompt] of PROMPTS.entries()) {
    for (const [k, model] of MODELS.entries()) {
      const place = sheet.place(r, k);
      await expect(place).toHaveCount(RATIOS.length);
      await expect(place.locator('img')).toHaveCount(RATIOS.length);
      for (const [j, ratio] of RATIOS.entries()) {
        const [libraryId] = await sheet.libraryIds(place.nth(j));
        const item = await sheet.item(libraryId);
        expect([item.prompt, item.model, item.params.size]).toEqual([prompt, model, ratio]);
        // The thumbnail keeps the picture's shape: a 16:9 result is drawn wide.
        const box = (await place.nth(j).locator('img').boundingBox())!;
        expect(box.width / box.height).toBeCloseTo(ratio === '1:1' ? 1 : 16 / 9, 1);
      }
    }
  }

  // The sheet with its results passes axe in both themes.
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousViolations(page, `the contact sheet (${colorScheme})`);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // Rows by ratio instead: the same results regroup.
  await sheet.axis('Rows').selectOption('aspect_ratio');
  await expect(sheet.rowLabels).toHaveText(RATIOS);
  const wide = await sheet.libraryIds(sheet.place(1, 0));
  for (const libraryId of wide) expect((await sheet.item(libraryId)).params.size).toBe('16:9');
  await sheet.axis('Rows').selectOption('prompt');

  // A winner: the star marks its library item a favourite, and it gets "Use in…".
  const winner = sheet.cell(`${PROMPTS[0]} · ${MODELS[1]} · 16:9`);
  const [winnerId] = await sheet.libraryIds(winner);
  await winner.getByRole('button', { name: /^Favourite/ }).click();
  await expect(winner.getByRole('button', { name: /^Favourite/ })).toHaveAttribute('aria-pressed', 'true');
  expect((await sheet.item(winnerId)).favourite).toBe(true);
  await expect(winner.getByRole('button', { name: /^Use in…/ })).toBeVisible();

  // Keyboard: the first cell, → to the next, H discards it from view, Show hidden brings it back.
  const first = sheet.place(0, 0).first();
  await first.focus();
  await page.keyboard.press('ArrowRight');
  const second = sheet.cell(`${PROMPTS[0]} · ${MODELS[0]} · 16:9`);
  await expect(second).toBeFocused();
  await page.keyboard.press('h');
  await expect(second).toHaveCount(0);
  await sheet.dialog.getByRole('button', { name: 'Show hidden (1)' }).click();
  await expect(second).toHaveClass(/is-hidden/);
  await second.getByRole('button', { name: /^Show again/ }).click();
  await expect(second).not.toHaveClass(/is-hidden/);
  expect((await pageCall(page, 'batches.get', { id })).value.cells.every((c: { hidden: boolean }) => !c.hidden)).toBe(true);

  // Enter opens the lightbox over the sheet; Esc closes the lightbox only.
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(sheet.lightbox).toBeVisible();
  await expect(sheet.lightbox.locator('img')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet.lightbox).toBeHidden();
  await expect(sheet.dialog).toBeVisible();

  // Export: the browser downloads one zip, the PNG grid and its manifest.
  const download = page.waitForEvent('download');
  await sheet.dialog.getByRole('button', { name: 'Export sheet…' }).click();
  const zip = unzipSync(await readFile(await (await download).path()));
  await expect(sheet.dialog.getByRole('status').filter({ hasText: 'Downloading' })).toHaveText(/^Downloading “contact-sheet-Kites-.*\.zip”\.$/);
  const manifest = JSON.parse(Buffer.from(zip['manifest.json']).toString('utf8'));
  expect(manifest.rows).toEqual({ axis: 'prompt', labels: PROMPTS });
  expect(manifest.columns).toEqual({ axis: 'model', labels: MODELS });
  expect(manifest.cells).toHaveLength(CELLS.length);
  for (const c of manifest.cells) expect(c.request.request).toMatchObject({ prompt: c.coords.prompt, model: c.coords.model, size: c.coords.aspect_ratio });
  const png = await sharp(Buffer.from(zip['contact-sheet.png'])).metadata();
  expect([png.width, png.height]).toEqual([manifest.image.labelWidth + 2 * manifest.image.cell, manifest.image.labelHeight + 2 * manifest.image.cell]);

  // Use in… sends the winner to the Image references: the sheet closes, the Image tab opens with it.
  await winner.getByRole('button', { name: /^Use in…/ }).click();
  await page.getByRole('menu', { name: 'Use in' }).getByRole('menuitem', { name: 'Image references' }).click();
  await expect(sheet.dialog).toBeHidden();
  const image = new ImagePage(page);
  await expect(image.studio.tab('Image')).toHaveAttribute('aria-selected', 'true');
  await expect(image.referenceItems).toHaveCount(1);

  // Back in Tasks the sheet opens again; Esc closes it onto its button.
  await sheet.open('Kites');
  await expect(sheet.dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet.dialog).toBeHidden();
  await expect(sheet.batches.action('Kites', 'Contact sheet')).toBeFocused();

  // The Gallery marks the winner too: one tile is a favourite, and says so.
  const gallery = new GalleryPage(page);
  await gallery.open();
  await expect(gallery.cell(/, a favourite$/)).toHaveCount(1);
  await expect(gallery.cell(/, a favourite$/).locator('.gallery-star')).toBeVisible();
});

test('a sheet taller than the window draws only its rows in view; scrolling and the keyboard reach the last row', async ({ page, studio }) => {
  test.setTimeout(180_000);
  // 20 prompts × 2 models: 40 cells, far more rows than a window shows.
  const prompts = Array.from({ length: 20 }, (_, i) => `a kite, take ${i + 1}`);
  const cells = prompts.flatMap((prompt) => MODELS.map((model) => ({
    coords: { prompt, model },
    request: { route: 'image', request: { model, prompt, size: '1:1', resolution: '1K' } },
  })));
  const sheet = new ContactSheetPage(page);
  await sheet.batches.tasks.studio.open(studio.url);
  const id = await sheet.create('Many kites', ['prompt', 'model'], cells);
  await expect.poll(async () => (await sheet.batches.states(id)).filter((s) => s === 'saved').length, { timeout: 120_000 }).toBe(cells.length);

  await sheet.open('Many kites');
  await expect(sheet.place(0, 0).locator('img')).toBeVisible();
  // Only a window of rows is drawn; the last row is not, until it is scrolled to.
  expect(await sheet.rowLabels.count()).toBeLessThan(prompts.length);
  await expect(sheet.place(19, 1)).toHaveCount(0);
  await sheet.scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(sheet.place(19, 1).locator('img')).toBeVisible();
  await sheet.scroller.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(sheet.place(0, 0)).toBeVisible();

  // ↓ from the first cell, row by row, past what was drawn: each cell scrolled into view and focused.
  await sheet.place(0, 0).focus();
  for (let r = 1; r < prompts.length; r++) {
    await page.keyboard.press('ArrowDown');
    await expect(sheet.place(r, 0)).toBeFocused();
  }
  const last = sheet.cell(`${prompts[19]} · ${MODELS[0]}`);
  await expect(last).toBeInViewport();
  await expect(last.locator('img')).toBeVisible();

  // The lightbox goes through every result of the sheet, those never drawn too.
  await page.keyboard.press('Enter');
  await expect(sheet.lightbox).toBeVisible();
  await expect(sheet.lightbox.locator('.lightbox-count')).toHaveText(`39 of ${cells.length}`);
  await page.keyboard.press('Escape');
  await expect(sheet.lightbox).toBeHidden();
});
