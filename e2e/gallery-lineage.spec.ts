/**
 * Lineage end to end (docs/library-files.md, "Lineage"), in Chromium against the embedded sandbox:
 * a saved image sent by keyboard to the Video tab's starting image makes a clip; the clip's item
 * view says "Made from" the image, the keyboard moves the view to the image, whose "Used in" lists
 * the clip, and back. A Remix's result says what it remixes. No fixed sleeps: every wait is on
 * something visible.
 */
import { test, expect } from './fixtures.js';
import { GalleryPage, submitTask } from './pages/gallery-page.js';
import { ImagePage } from './pages/image-page.js';
import { VideoPage, waitForLibrary } from './pages/video-page.js';

const PROMPT = 'a red lighthouse at dusk';
const CLIP = 'the lighthouse beam sweeps across a stormy sea';

test('a clip made from a saved image shows where it came from, and the image shows what it was used in', async ({ page, studio }) => {
  test.setTimeout(120_000);
  const gallery = new GalleryPage(page);
  const video = new VideoPage(page);
  await gallery.studio.open(studio.url);
  await submitTask(page, { route: 'image', request: { model: 'seedream-4-0', prompt: PROMPT } });
  await waitForLibrary(page, 'image', 1);

  // The image goes to the Video tab's starting image from its tile's menu, by keyboard.
  await video.open();
  await video.chooseModel('modelg3');
  await gallery.open();
  const tile = gallery.cell(/red lighthouse/);
  await tile.focus();
  await page.keyboard.press('ContextMenu');
  const menu = page.getByRole('menu', { name: 'Use in' });
  await expect(menu).toBeVisible();
  while (!(await menu.getByRole('menuitem', { name: 'Video starting image' }).evaluate((el) => el === (globalThis as any).document.activeElement))) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(video.studio.tab('Video')).toHaveAttribute('aria-selected', 'true');
  await expect(video.field('Starting image URL (optional)')).not.toHaveValue('');
  await video.prompt.fill(CLIP);
  await video.generate();
  await video.waitForPlayableVideo();
  await waitForLibrary(page, 'video', 1);

  // The clip's item view: "Made from" names the image, with its thumbnail.
  await gallery.open();
  const clip = gallery.cell(/lighthouse beam/);
  await clip.focus();
  await page.keyboard.press('Enter');
  const detail = gallery.detail;
  await expect(detail).toBeVisible();
  const madeFrom = detail.getByTestId('detail-made-from');
  await expect(madeFrom.locator('dt')).toHaveText('Made from');
  const toImage = madeFrom.getByRole('button', { name: `Starting image: ${PROMPT}` });
  await expect(toImage).toBeVisible();
  await expect.poll(() => toImage.locator('img').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);

  // Tab to it and Enter: the view moves to the image, whose "Used in" lists the clip.
  while (!(await toImage.evaluate((el) => el === (globalThis as any).document.activeElement))) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect.poll(() => gallery.metadata('Prompt')).toBe(PROMPT);
  const usedIn = detail.getByTestId('detail-used-in');
  await expect(usedIn.locator('dt')).toHaveText('Used in');
  const toClip = usedIn.getByRole('button', { name: `Video: ${CLIP}` });
  await expect(toClip).toBeVisible();
  // Focus lands on the way back; Enter goes back to the clip.
  await expect(toClip).toBeFocused();
  await expect(detail.getByTestId('detail-made-from')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect.poll(() => gallery.metadata('Prompt')).toBe(CLIP);
  await expect(detail.getByTestId('detail-made-from').getByRole('button', { name: `Starting image: ${PROMPT}` })).toBeFocused();
});

test('a remix says which item it remixes, and that item lists it', async ({ page, studio }) => {
  test.setTimeout(120_000);
  const gallery = new GalleryPage(page);
  const image = new ImagePage(page);
  await gallery.studio.open(studio.url);
  await submitTask(page, { route: 'image', request: { model: 'seedream-4-0', prompt: 'a quiet harbour' } });
  await waitForLibrary(page, 'image', 1);

  await gallery.open();
  await gallery.openDetail(gallery.cell(/quiet harbour/));
  await gallery.detail.getByRole('button', { name: 'Remix in Image' }).click();
  await expect(image.studio.tab('Image')).toHaveAttribute('aria-selected', 'true');
  await expect(image.prompt).toHaveValue('a quiet harbour');
  await image.prompt.fill('a quiet harbour at night');
  await image.field('Resolution').selectOption('1K');
  await image.generate();
  await image.expectImages(image.run('a quiet harbour at night'), 1, 45_000);
  await waitForLibrary(page, 'image', 2);

  await gallery.open();
  await gallery.openDetail(gallery.cell(/at night/));
  const toSource = gallery.detail.getByTestId('detail-made-from').getByRole('button', { name: 'Remix of: a quiet harbour' });
  await expect(toSource).toBeVisible();
  await toSource.click();
  await expect.poll(() => gallery.metadata('Prompt')).toBe('a quiet harbour');
  await expect(gallery.detail.getByTestId('detail-used-in').getByRole('button', { name: 'Image: a quiet harbour at night' })).toBeFocused();
});
