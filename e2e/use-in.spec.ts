/**
 * "Use in…" end to end, in Chromium against the embedded sandbox: a saved image goes from the
 * Gallery into the next step the way a creator sends it. Dragged with the mouse, its tile opens
 * the Video tab as it passes over the tab button and is dropped on the starting image, and the
 * clip made from it really was asked for with the image's original link. From its context menu,
 * by keyboard, the same image goes to the Video tab, the Image tab's references and a Chat
 * message; the open menu passes axe in both themes. No fixed sleeps: every wait is on something
 * visible.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { ChatPage } from './pages/chat-page.js';
import { GalleryPage, submitTask } from './pages/gallery-page.js';
import { ImagePage } from './pages/image-page.js';
import { expectNoSeriousViolations } from './pages/axe.js';
import { pageCall } from './pages/page-call.js';
import { VideoPage, waitForLibrary } from './pages/video-page.js';

const PROMPT = 'a red lighthouse at dusk';

/** Saves one sandbox image to the library; answers its original (gateway) link. */
async function savedImage(page: Page): Promise<string> {
  await submitTask(page, { route: 'image', request: { model: 'seedream-4-0', prompt: PROMPT } });
  await waitForLibrary(page, 'image', 1);
  const listed = await pageCall(page, 'library.list', { kind: 'image' });
  const sourceUrl = listed.value.items[0].sourceUrl as string;
  expect(sourceUrl).toMatch(/^https?:\/\//);
  return sourceUrl;
}

async function middle(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('Not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('a Gallery image dragged onto the Video tab becomes the starting image, and the clip is made from it', async ({ page, studio }) => {
  test.setTimeout(120_000);
  const video = new VideoPage(page);
  const gallery = new GalleryPage(page);
  await video.studio.open(studio.url);
  const sourceUrl = await savedImage(page);

  await video.open();
  await video.chooseModel('modelg3');
  await video.prompt.fill('the lighthouse beam sweeps across a stormy sea');
  const startingImage = video.field('Starting image URL (optional)');
  await expect(startingImage).toHaveValue('');

  await gallery.open();
  const tile = gallery.cell(/red lighthouse/);
  await expect.poll(() => gallery.thumbnailLoaded(tile)).toBe(true);
  // The mouse, as a creator drags: press on the tile, pass over the Video tab (which opens),
  // let go over the starting image field.
  const from = await middle(tile);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 20, from.y + 20, { steps: 4 });
  const tabButton = await middle(video.studio.tab('Video'));
  await page.mouse.move(tabButton.x, tabButton.y, { steps: 8 });
  await expect(video.studio.tab('Video')).toHaveAttribute('aria-selected', 'true');
  await expect(startingImage).toBeVisible();
  // As a creator would, the field is brought into sight above the form's Generate row first.
  await startingImage.evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
  const field = await middle(startingImage);
  await page.mouse.move(field.x, field.y, { steps: 8 });
  await page.mouse.up();

  await expect(startingImage).toHaveValue(sourceUrl);
  await expect(video.form.getByTestId('use-in-notice')).toHaveText(/^The starting image is now the original link of “a red lighthouse at dusk” \(link valid about 2\d more h\)\.$/);
  await expect(video.form.getByTestId('video-estimate')).toContainText('from the starting image');

  await video.generate();
  const seconds = await video.waitForPlayableVideo();
  expect(seconds).toBeGreaterThan(0);
  await expect(video.result).toContainText('from a starting image');
  // The job went to the gateway with the image's original link, and the Tasks tab shows it.
  const jobs = (await pageCall(page, 'tasks.list')).value as { kind: string; params: Record<string, unknown> }[];
  expect(jobs.filter((j) => j.kind === 'video').map((j) => j.params.image_url)).toEqual([sourceUrl]);
});

test('from its context menu, by keyboard, a Gallery image goes to the Video starting image, the Image references and a Chat message', async ({ page, studio }) => {
  test.setTimeout(90_000);
  const gallery = new GalleryPage(page);
  const video = new VideoPage(page);
  const image = new ImagePage(page);
  const chat = new ChatPage(page);
  await gallery.studio.open(studio.url);
  await chat.open();
  await chat.newConversation();
  const sourceUrl = await savedImage(page);

  /** Focuses the tile, opens its menu with the Menu key and picks `entry` with the arrow keys. */
  const useIn = async (entry: 'Image references' | 'Video starting image' | 'Chat message') => {
    await gallery.open();
    const tile = gallery.cell(/red lighthouse/);
    await tile.focus();
    await page.keyboard.press('ContextMenu');
    const menu = page.getByRole('menu', { name: 'Use in' });
    await expect(menu.getByRole('menuitem')).toHaveText(['Image references', 'Video starting image', 'Chat message']);
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    if (entry === 'Video starting image') {
      // The open menu over the grid passes axe in both themes.
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await expectNoSeriousViolations(page, `the Use in menu (${colorScheme})`);
      }
    }
    // Esc closes it back onto the tile; the menu opens again from the keyboard.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(tile).toBeFocused();
    await page.keyboard.press('Shift+F10');
    await expect(menu).toBeVisible();
    while (!(await menu.getByRole('menuitem', { name: entry }).evaluate((el) => el === (globalThis as any).document.activeElement))) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
  };

  // A text-to-video model has no starting image: the hand-off moves the form to one that does.
  await video.open();
  await video.chooseModel('wan2.5-t2v-preview');
  await useIn('Video starting image');
  await expect(video.studio.tab('Video')).toHaveAttribute('aria-selected', 'true');
  await expect(video.field('Model')).not.toHaveValue('wan2.5-t2v-preview');
  await expect(video.studio.tab('Video')).toBeFocused();
  await expect(video.field('Starting image URL (optional)')).toHaveValue(sourceUrl);

  await useIn('Image references');
  await expect(image.studio.tab('Image')).toHaveAttribute('aria-selected', 'true');
  await expect(image.referenceItems).toHaveCount(1);
  await expect(image.references.getByTestId('use-in-notice')).toHaveText('Added “a red lighthouse at dusk” to the reference images.');
  // It is the picture itself, uploaded like a dropped file: its preview shows.
  await expect(image.referenceItems.first().locator('img')).toBeVisible();

  await useIn('Chat message');
  await expect(chat.studio.tab('Chat')).toHaveAttribute('aria-selected', 'true');
  await expect(chat.pendingImages.getByRole('listitem')).toHaveCount(1);
  await expect(chat.composer.getByTestId('use-in-notice')).toHaveText('Attached “a red lighthouse at dusk” to the message.');
});

test('a result in the Image tab and an open Gallery item have the same "Use in…" menu', async ({ page, studio }) => {
  test.setTimeout(90_000);
  const image = new ImagePage(page);
  const video = new VideoPage(page);
  const gallery = new GalleryPage(page);
  const chat = new ChatPage(page);
  await image.studio.open(studio.url);
  await chat.open();
  await chat.newConversation();

  // Made in the Image tab: its tile hands it on to the Video tab's starting image.
  await image.open();
  await image.prompt.fill(PROMPT);
  await image.generate();
  const run = image.run(PROMPT);
  await image.expectImages(run, 1, 30_000);
  await run.getByRole('button', { name: `Use in… “${PROMPT}”` }).click();
  await page.getByRole('menu', { name: 'Use in' }).getByRole('menuitem', { name: 'Video starting image' }).click();
  await expect(video.studio.tab('Video')).toHaveAttribute('aria-selected', 'true');
  const listed = await pageCall(page, 'library.list', { kind: 'image' });
  await expect(video.field('Starting image URL (optional)')).toHaveValue(listed.value.items[0].sourceUrl as string);

  // From the Gallery's detail view: the dialog closes, and the picture waits in the message box.
  await gallery.open();
  const detail = await gallery.openDetail(gallery.cell(/red lighthouse/));
  await detail.getByRole('button', { name: `Use in… “${PROMPT}”` }).click();
  await page.getByRole('menu', { name: 'Use in' }).getByRole('menuitem', { name: 'Chat message' }).click();
  await expect(gallery.detail).toBeHidden();
  await expect(chat.studio.tab('Chat')).toHaveAttribute('aria-selected', 'true');
  await expect(chat.pendingImages.getByRole('listitem')).toHaveCount(1);
});
