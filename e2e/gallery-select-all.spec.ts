/**
 * Choosing every item the Gallery's filters match, in Chromium (docs/library-files.md,
 * "Curation"): Ctrl+A on the grid chooses them all, loaded or not, and one T tags exactly those;
 * the items the filters hide keep no tag.
 */
import { test, expect } from './fixtures.js';
import { GalleryPage, submitTask } from './pages/gallery-page.js';
import { pageCall } from './pages/page-call.js';

const image = (prompt: string) => ({ route: 'image' as const, request: { model: 'seedream-4-0', prompt, resolution: '1K' } });
const SAVED = { timeout: 45_000 };

test('Ctrl+A chooses every item the search matches, and T tags them all in one edit', async ({ page, studio }) => {
  test.setTimeout(120_000);
  const gallery = new GalleryPage(page);
  await gallery.studio.open(studio.url);
  // Three jobs, not one of three pictures: the variants of one job show as one stack.
  for (const light of ['dusk', 'dawn', 'noon']) await submitTask(page, image(`a harbour at ${light}`));
  await submitTask(page, image('a quiet meadow'));
  await gallery.open();
  await expect(gallery.count).toHaveText('4 items', SAVED);

  await gallery.search('harbour');
  await expect(gallery.count).toHaveText('3 items');
  await gallery.cell(/harbour/).first().focus();
  await page.keyboard.press('Control+a');
  await expect(gallery.panel.getByRole('status').filter({ hasText: '3 items chosen: every one the filters match.' })).toBeVisible();
  await expect(gallery.panel.getByText('3 items chosen for the export.')).toBeVisible();
  // Every cell drawn says it is chosen.
  await expect(gallery.cell(/, selected$/)).toHaveCount(3);

  await gallery.cell(/harbour/).first().focus();
  await page.keyboard.press('t');
  await gallery.panel.getByLabel('Tag to add').fill('Blue hour');
  await page.keyboard.press('Enter');
  await expect(gallery.panel.getByRole('status').filter({ hasText: 'Tagged 3 items.' })).toBeVisible();

  const tagged = async (tag: string) => {
    const r = (await pageCall(page, 'library.list', { tag })) as { ok: boolean; value?: { items: { prompt: string }[] } };
    return r.ok ? r.value!.items.map((i) => i.prompt) : [];
  };
  await expect.poll(async () => (await tagged('blue hour')).sort()).toEqual(['a harbour at dawn', 'a harbour at dusk', 'a harbour at noon']);

  // Cleared, the search widened: the button chooses all four, the meadow included.
  await gallery.panel.getByRole('button', { name: 'Clear the choice' }).click();
  await gallery.search('');
  await expect(gallery.count).toHaveText('4 items');
  await gallery.panel.getByRole('button', { name: 'Choose all 4' }).click();
  await expect(gallery.panel.getByText('4 items chosen for the export.')).toBeVisible();
});
