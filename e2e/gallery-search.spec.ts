/**
 * Searching the Gallery, in Chromium (docs/library-files.md, "Search"): one box finds an item by
 * a tag, by the name of its collection and by the prompt as the gateway rewrote it, the words
 * marked on the tile and in the item view, which says why the item matched. Then the chosen items
 * are made favourites with one key, and a collection is renamed and deleted, its items staying.
 */
import { test, expect } from './fixtures.js';
import { GalleryPage, submitTask } from './pages/gallery-page.js';
import { pageCall } from './pages/page-call.js';

const image = (prompt: string) => ({ route: 'image' as const, request: { model: 'seedream-4-0', prompt, resolution: '1K' } });
const video = (prompt: string) => ({ route: 'video-multipart' as const, request: { model: 'wan2.5-t2v-preview', prompt, seconds: '3' } });
const SAVED = { timeout: 60_000 };

type Listed = { ok: boolean; value?: { items: { id: string; prompt: string; favourite?: boolean }[]; total: number } };

test('finds items by tag, collection and rewritten prompt with the words marked; favourites the chosen items with F; renames and deletes a collection', async ({ page, studio }) => {
  test.setTimeout(180_000);
  const gallery = new GalleryPage(page);
  await gallery.studio.open(studio.url);
  await submitTask(page, image('a copper kettle'));
  await submitTask(page, image('a glass harbour'));
  await submitTask(page, image('a wooden bridge'));
  // The sandbox's video route rewrites the prompt, as some gateways do ("…, smooth camera motion, …").
  await submitTask(page, video('a quiet meadow'));
  await gallery.open();
  await expect(gallery.count).toHaveText('4 items', SAVED);

  const all = (await pageCall(page, 'library.list', {})) as Listed;
  const idOf = (prompt: string) => all.value!.items.find((i) => i.prompt === prompt)!.id;
  expect(await pageCall(page, 'library.tag', { ids: [idOf('a copper kettle')], add: ['Moonlit'] })).toMatchObject({ ok: true });
  const made = (await pageCall(page, 'library.createCollection', { name: 'Portfolio' })) as { value: { id: string } };
  await pageCall(page, 'library.collect', { ids: [idOf('a glass harbour')], collectionId: made.value.id, add: true });

  // By a tag: the tile says where the word was found, marked; the item view marks the tag chip.
  await gallery.search('moonl');
  await expect(gallery.count).toHaveText('1 item');
  const kettle = gallery.cell(/copper kettle/);
  await expect(kettle.getByTestId('match-caption')).toHaveText('Tag Moonlit');
  await expect(kettle.locator('mark')).toHaveText('Moonl');
  await gallery.openDetail(kettle);
  await expect(gallery.detail.getByTestId('detail-match')).toHaveText('its tag “Moonlit”');
  await expect(gallery.detail.getByRole('list', { name: 'Tags' }).locator('mark')).toHaveText('Moonl');
  await page.keyboard.press('Escape');
  await expect(gallery.detail).toBeHidden();

  // By a collection's name.
  await gallery.search('portfolio');
  await expect(gallery.count).toHaveText('1 item');
  await expect(gallery.cell(/glass harbour/).getByTestId('match-caption')).toHaveText('Collection Portfolio');
  await gallery.openDetail(gallery.cell(/glass harbour/));
  await expect(gallery.detail.getByTestId('detail-match')).toHaveText('its collection “Portfolio”');
  await expect(gallery.detail.getByRole('list', { name: 'Collections' }).locator('mark')).toHaveText('Portfolio');
  await page.keyboard.press('Escape');
  await expect(gallery.detail).toBeHidden();

  // By the prompt as the gateway rewrote it, with another word of the creator's own prompt.
  await gallery.search('CAMERA meadow');
  await expect(gallery.count).toHaveText('1 item');
  await expect(gallery.cell(/quiet meadow/).getByTestId('match-caption')).toHaveText(/^Rewritten prompt a quiet meadow, cinematic lighting, smooth camera/);
  await gallery.openDetail(gallery.cell(/quiet meadow/));
  await expect(gallery.detail.getByTestId('detail-match')).toHaveText('the prompt as the gateway rewrote it');
  await expect(gallery.detail.getByTestId('detail-actual-prompt')).toContainText('smooth camera motion');
  await expect(gallery.detail.getByTestId('detail-actual-prompt').locator('mark')).toHaveText(['meadow', 'camera']);
  await expect(gallery.detail.getByTestId('detail-metadata').locator('.detail-prompt mark').first()).toHaveText('meadow');
  await page.keyboard.press('Escape');
  await expect(gallery.detail).toBeHidden();
  await gallery.search('nothing-like-this');
  await expect(gallery.count).toHaveText('0 items');
  await gallery.search('');
  await expect(gallery.count).toHaveText('4 items');

  // Two chosen with Space, then F: both favourites, in one call.
  await gallery.cell(/wooden bridge/).focus();
  await page.keyboard.press(' ');
  await gallery.cell(/glass harbour/).focus();
  await page.keyboard.press(' ');
  await page.keyboard.press('f');
  await expect(gallery.cell(/wooden bridge, a favourite/)).toBeVisible();
  await expect(gallery.cell(/glass harbour, a favourite/)).toBeVisible();
  await expect.poll(async () => ((await pageCall(page, 'library.list', { favourite: true })) as Listed).value?.items.map((i) => i.prompt).sort()).toEqual(['a glass harbour', 'a wooden bridge']);
  await gallery.panel.getByRole('button', { name: 'Clear the choice' }).click();

  // Manage collections: renamed, then deleted after a confirmation that says the items stay.
  await gallery.panel.getByRole('button', { name: 'Manage collections…' }).click();
  const manage = gallery.panel.getByRole('region', { name: 'Collections' });
  await manage.getByRole('button', { name: 'Rename: Portfolio' }).click();
  const field = manage.getByLabel('New name for Portfolio');
  await expect(field).toBeFocused();
  await field.fill('Showcase');
  await page.keyboard.press('Enter');
  await expect(gallery.panel.getByRole('status').filter({ hasText: 'Renamed the collection to Showcase.' })).toBeVisible();
  await gallery.search('showcase');
  await expect(gallery.count).toHaveText('1 item');
  await expect(gallery.cell(/glass harbour/).getByTestId('match-caption')).toHaveText('Collection Showcase');

  await manage.getByRole('button', { name: 'Delete: Showcase' }).click();
  const confirm = manage.getByRole('alertdialog', { name: 'Delete collection' });
  await expect(confirm).toContainText('The items in it stay in the library.');
  await confirm.getByRole('button', { name: 'Delete collection' }).press('Enter');
  await expect(gallery.panel.getByRole('status').filter({ hasText: 'Deleted the collection Showcase; its items stay in the library.' })).toBeVisible();
  await expect(manage.getByText('No collections yet.')).toBeVisible();
  await expect(gallery.count).toHaveText('0 items');
  await gallery.search('');
  await expect(gallery.count).toHaveText('4 items');
});
