/**
 * Curating the Gallery with the keyboard, in Chromium (docs/library-files.md, "Curation"): a
 * digit rates the item in focus, F makes it a favourite, T tags it, C adds the two chosen items to
 * a new collection; the gallery is then filtered to that collection and exported as a zip.
 */
import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { test, expect } from './fixtures.js';
import { GalleryPage, submitTask } from './pages/gallery-page.js';
import { pageCall } from './pages/page-call.js';

const image = (prompt: string) => ({ route: 'image' as const, request: { model: 'seedream-4-0', prompt, resolution: '1K' } });
const SAVED = { timeout: 45_000 };

test('rates with a digit, favourites with F, tags with T, collects the chosen items with C, filters to the collection and exports it', async ({ page, studio }) => {
  test.setTimeout(120_000);
  const gallery = new GalleryPage(page);
  await gallery.studio.open(studio.url);
  await submitTask(page, image('a copper kettle'));
  await submitTask(page, image('a glass harbour'));
  await submitTask(page, image('a wooden bridge'));
  await gallery.open();
  await expect(gallery.count).toHaveText('3 items', SAVED);

  const kettle = gallery.cell(/copper kettle/);
  await kettle.focus();
  await page.keyboard.press('4');
  await expect(gallery.panel.getByRole('status').filter({ hasText: 'Rated 1 item.' })).toBeVisible();
  await page.keyboard.press('f');
  await expect(gallery.cell(/copper kettle, a favourite/)).toBeVisible();
  await gallery.cell(/copper kettle/).focus();
  await page.keyboard.press('t');
  const tagField = gallery.panel.getByLabel('Tag to add');
  await expect(tagField).toBeFocused();
  await tagField.fill('Warm light');
  await page.keyboard.press('Enter');
  await expect(gallery.panel.getByRole('status').filter({ hasText: 'Tagged 1 item.' })).toBeVisible();

  // The library says the rating and the tag.
  await expect.poll(async () => {
    const r = (await pageCall(page, 'library.list', { tag: 'warm light' })) as { ok: boolean; value?: { items: { prompt: string; rating?: number; tags?: string[] }[] } };
    return r.ok ? r.value!.items.map((i) => [i.prompt, i.rating, i.tags]) : [];
  }).toEqual([['a copper kettle', 4, ['Warm light']]]);

  // Two chosen (Space), then C: a new collection made and filled in one go.
  await gallery.cell(/glass harbour/).focus();
  await page.keyboard.press(' ');
  await gallery.cell(/wooden bridge/).focus();
  await page.keyboard.press(' ');
  await page.keyboard.press('c');
  const name = gallery.panel.getByLabel('Name of the new collection');
  await expect(name).toBeFocused();
  await name.fill('Keepers');
  await page.keyboard.press('Enter');
  await expect(gallery.panel.getByRole('status').filter({ hasText: 'Added 2 items to Keepers.' })).toBeVisible();

  await gallery.panel.getByRole('combobox', { name: 'Collection' }).selectOption({ label: 'Keepers' });
  await expect(gallery.count).toHaveText('2 items');
  await expect(gallery.cell(/copper kettle/)).toHaveCount(0);

  const bar = gallery.panel.getByRole('region', { name: 'Export' });
  await gallery.panel.getByRole('button', { name: 'Clear the choice' }).click();
  const downloading = page.waitForEvent('download');
  await bar.getByRole('button', { name: 'Export 2 items' }).click();
  const zip = unzipSync(await readFile(await (await downloading).path()));
  expect(Object.keys(zip).filter((n) => n.startsWith('media/')).sort()).toEqual(['media/a glass harbour.png', 'media/a wooden bridge.png']);
});
