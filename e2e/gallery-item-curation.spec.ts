/**
 * Curating one item from its view, with the keyboard (docs/library-files.md, "Curation"): a digit
 * rates it, F makes it a favourite, T adds a tag, C adds it to a new collection; each shows in the
 * view at once, can be taken off again, and the grid's filters find the item by them. The picture
 * keeps its size while the curation changes beside it.
 */
import { test, expect } from './fixtures.js';
import { GalleryPage, submitTask } from './pages/gallery-page.js';

const image = (prompt: string) => ({ route: 'image' as const, request: { model: 'seedream-4-0', prompt, resolution: '1K' } });
const SAVED = { timeout: 45_000 };

test('in the item view: 4 rates, F favourites, T tags, C collects; the grid filters find it', async ({ page, studio }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const gallery = new GalleryPage(page);
  await gallery.studio.open(studio.url);
  await submitTask(page, image('a copper kettle'));
  await submitTask(page, image('a glass harbour'));
  await gallery.open();
  await expect(gallery.count).toHaveText('2 items', SAVED);

  const detail = await gallery.openDetail(gallery.cell(/copper kettle/));
  const curation = detail.getByRole('region', { name: 'Curate this item' });
  await expect(curation).toBeVisible();
  await expect(detail.getByTestId('item-rating')).toHaveText('Not rated');
  const picture = detail.getByRole('img');
  await expect.poll(async () => (await picture.boundingBox())?.height ?? 0).toBeGreaterThan(100);
  const before = (await picture.boundingBox())!;

  // Digits rate; 0 clears (the picture is not zoomed, so 0 is the rating's).
  await page.keyboard.press('4');
  await expect(detail.getByTestId('item-rating')).toHaveText('4 of 5');
  await expect(curation.getByRole('button', { name: '4 stars' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('0');
  await expect(detail.getByTestId('item-rating')).toHaveText('Not rated');
  await curation.getByRole('button', { name: '5 stars' }).click();
  await expect(detail.getByTestId('item-rating')).toHaveText('5 of 5');
  await page.keyboard.press('3');
  await expect(detail.getByTestId('item-rating')).toHaveText('3 of 5');

  const favourite = curation.getByRole('button', { name: 'Favourite' });
  await expect(favourite).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('f');
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');

  await page.keyboard.press('t');
  const tagField = curation.getByLabel('Tag to add');
  await expect(tagField).toBeFocused();
  // Typing in the field is typing: its letters and digits curate nothing.
  await tagField.fill('Warm light');
  await tagField.press('Enter');
  const tags = curation.getByRole('list', { name: 'Tags' });
  await expect(tags.getByRole('listitem')).toHaveText(['Warm light']);
  await expect(detail.getByTestId('item-rating')).toHaveText('3 of 5');
  await page.keyboard.press('t');
  await curation.getByLabel('Tag to add').fill('draft');
  await page.keyboard.press('Enter');
  await expect(tags.getByRole('listitem')).toHaveCount(2);
  await expect(tags).toContainText('draft');
  await tags.getByRole('button', { name: 'Remove tag draft' }).click();
  await expect(tags.getByRole('listitem')).toHaveText(['Warm light']);

  await page.keyboard.press('c');
  const name = curation.getByLabel('Name of the new collection');
  await expect(name).toBeFocused();
  await name.fill('Keepers');
  await page.keyboard.press('Enter');
  const collections = curation.getByRole('list', { name: 'Collections' });
  await expect(collections.getByRole('listitem')).toHaveText(['Keepers']);

  // Escape in an open field closes the field, not the item.
  await page.keyboard.press('t');
  await expect(curation.getByLabel('Tag to add')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(curation.getByLabel('Tag to add')).toHaveCount(0);
  await expect(detail).toBeVisible();

  // The picture kept its size throughout (the column beside it grew, not the picture's pane).
  const after = (await picture.boundingBox())!;
  expect(Math.abs(after.height - before.height)).toBeLessThan(2);
  expect(Math.abs(after.width - before.width)).toBeLessThan(2);

  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(gallery.cell(/copper kettle, a favourite/)).toBeVisible();

  // The grid's filters find it by what the view gave it.
  await gallery.panel.getByRole('combobox', { name: 'Collection' }).selectOption({ label: 'Keepers' });
  await expect(gallery.count).toHaveText('1 item');
  await expect(gallery.cell(/copper kettle/)).toBeVisible();
  await expect(gallery.cell(/glass harbour/)).toHaveCount(0);

  // Taken out of the collection from the view, it leaves the filtered grid.
  await gallery.openDetail(gallery.cell(/copper kettle/));
  await detail.getByRole('list', { name: 'Collections' }).getByRole('button', { name: 'Remove from Keepers' }).click();
  await expect(detail.getByRole('list', { name: 'Collections' }).getByRole('listitem')).toHaveText(['In no collection']);
  await page.keyboard.press('Escape');
  await expect(gallery.count).toHaveText('0 items');
});
