/**
 * Stacks in the Gallery (docs/library-files.md, "Stacks"), in Chromium: a job of four images is
 * one tile with the count 4; S on it opens the stack in place (its other three items right after
 * it, reached with →), S again closes it; "Stack variants" off lists every item, and stays off.
 */
import { test, expect } from './fixtures.js';
import { GalleryPage, submitTask } from './pages/gallery-page.js';
import { pageCall } from './pages/page-call.js';

const SAVED = { timeout: 60_000 };

test('a job of four images is one tile of 4, opened in place and closed again from the keyboard', async ({ page, studio }) => {
  test.setTimeout(150_000);
  const gallery = new GalleryPage(page);
  await gallery.studio.open(studio.url);
  const four = await pageCall(page, 'tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'four paper lanterns', resolution: '1K', n: 4 } });
  expect(four).toMatchObject({ ok: true });
  await submitTask(page, { route: 'image', request: { model: 'seedream-4-0', prompt: 'one brass bell', resolution: '1K' } });
  await gallery.open();

  const tile = gallery.cell(/four paper lanterns, a stack of 4; press S/);
  await expect(tile).toBeVisible(SAVED);
  await expect(gallery.cell(/one brass bell/)).toBeVisible(SAVED);
  await gallery.expectCount(2);
  await expect(gallery.cells).toHaveCount(2);
  await expect(gallery.panel.getByTestId('stack-count')).toHaveText('4');

  await tile.focus();
  await page.keyboard.press('s');
  await expect(gallery.cells).toHaveCount(5);
  await expect(gallery.cell(/in the open stack/)).toHaveCount(3);
  await expect(gallery.panel.getByRole('status').filter({ hasText: 'Stack opened: 4 items.' })).toBeAttached();
  await expect(gallery.cell(/a stack of 4, shown/)).toBeFocused();
  // Its items come right after its tile: → walks into them.
  await page.keyboard.press('ArrowRight');
  await expect(gallery.cell(/in the open stack/).first()).toBeFocused();

  await page.keyboard.press('s');
  await expect(gallery.cells).toHaveCount(2);
  await expect(gallery.cell(/a stack of 4; press S/)).toBeFocused();
  await expect(gallery.panel.getByRole('status').filter({ hasText: 'Stack closed.' })).toBeAttached();

  // A click on the count opens it too.
  await gallery.panel.getByTestId('stack-count').click();
  await expect(gallery.cells).toHaveCount(5);
  await gallery.panel.getByTestId('stack-count').click();
  await expect(gallery.cells).toHaveCount(2);

  // Off: every item on its own, and still off after a reload.
  const toggle = gallery.panel.getByRole('checkbox', { name: 'Stack variants' });
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await gallery.expectCount(5);
  await expect(gallery.panel.getByTestId('stack-count')).toHaveCount(0);
  await page.reload();
  await gallery.open();
  await expect(gallery.panel.getByRole('checkbox', { name: 'Stack variants' })).not.toBeChecked();
  await gallery.expectCount(5);
});
