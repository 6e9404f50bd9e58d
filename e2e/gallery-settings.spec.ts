/**
 * An item's settings, whole (docs/library-files.md): the item view lists every parameter the job
 * was sent with, "Copy settings" puts them on the clipboard as JSON, and Remix puts every one of
 * them back into the Image form, its reference picture included, without a word of loss; what the
 * form has no control for (a picture brought in from another tool) is named in the remix's notice.
 */
import { addPngText } from '@host/library/png-text.js';
import { test, expect } from './fixtures.js';
import { GalleryPage } from './pages/gallery-page.js';
import { ImagePage, pngFile } from './pages/image-page.js';

/** What the page's clipboard offers (the e2e project compiles without the DOM lib). */
type Clipboarded = { navigator: { clipboard: { readText(): Promise<string> } } };

test('every parameter is shown, copied as JSON and restored by Remix, the reference picture included', async ({ page, context, studio }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const image = new ImagePage(page);
  await image.studio.open(studio.url);
  await image.open();
  await image.chooseModel('seedream-4-5');
  await image.prompt.fill('a lighthouse in the manner of this sketch');
  await image.field('Aspect ratio').selectOption('16:9');
  await image.field('Resolution').selectOption('2K');
  await image.field('Number of images').fill('2');
  await image.field('Watermark').check();
  await image.attachFiles(pngFile('sketch.png', 48, 32));
  await image.generate();
  await image.expectImages(image.run('a lighthouse in the manner of this sketch'), 2, 45_000);

  // The form is changed afterwards: the remix must bring back what the item was made with.
  await image.chooseModel('seedream-4-0');
  await image.prompt.fill('something else');
  await image.references.getByRole('button', { name: 'Remove sketch.png' }).click();
  await expect(image.referenceItems).toHaveCount(0);

  const gallery = new GalleryPage(page);
  await gallery.open();
  const detail = await gallery.openDetail(gallery.cell(/lighthouse/).first());
  const params = detail.locator('dl.detail-sub[aria-label="Parameters"]');
  const names = await params.locator('dt').allInnerTexts();
  expect(names).toEqual(expect.arrayContaining(['model', 'prompt', 'size', 'resolution', 'n', 'image_urls', 'sequential_image_generation', 'watermark']));

  await detail.getByRole('button', { name: 'Copy settings' }).click();
  await expect(detail.getByRole('status').filter({ hasText: 'Settings copied as JSON.' })).toBeVisible();
  const copied = JSON.parse(await page.evaluate(() => (globalThis as unknown as Clipboarded).navigator.clipboard.readText())) as Record<string, unknown>;
  expect(copied).toMatchObject({
    kind: 'image',
    model: 'seedream-4-5',
    prompt: 'a lighthouse in the manner of this sketch',
    params: { model: 'seedream-4-5', size: '16:9', resolution: '2K', n: 2, sequential_image_generation: 'disabled', watermark: true },
  });
  // Every parameter the view lists is in the copy, and nothing else.
  expect(Object.keys(copied.params as object).sort()).toEqual([...names].sort());

  await detail.getByRole('button', { name: 'Remix in Image' }).click();
  await expect(image.studio.tab('Image')).toHaveAttribute('aria-selected', 'true');
  await expect(image.model).toHaveValue('seedream-4-5');
  await expect(image.prompt).toHaveValue('a lighthouse in the manner of this sketch');
  await expect(image.field('Aspect ratio')).toHaveValue('16:9');
  await expect(image.field('Resolution')).toHaveValue('2K');
  await expect(image.field('Number of images')).toHaveValue('2');
  await expect(image.field('Watermark')).toBeChecked();
  await expect(image.field('Sequential group')).not.toBeChecked();
  await expect(image.referenceItems).toHaveCount(1);
  await expect(image.referenceItems.nth(0)).toHaveAccessibleName('1. sketch.png');
  const toast = page.getByTestId('remix-toast');
  await expect(toast).toContainText('Its 1 reference picture is attached again.');
  await expect(toast).not.toContainText('Not restored');
});

test('a remix names the settings the form has no control for, never dropping them silently', async ({ page, studio }) => {
  test.setTimeout(90_000);
  const text = 'a tide pool at dawn\nNegative prompt: blurry\nSteps: 20, Sampler: Euler a, CFG scale: 7, Seed: 1234, Size: 64x48, Model: sd_xl_base_1.0';
  const picture = await addPngText(pngFile('x', 64, 48).buffer, [{ keyword: 'parameters', text }]);
  const gallery = new GalleryPage(page);
  await gallery.studio.open(studio.url);
  await gallery.open();
  const adding = gallery.panel.getByRole('region', { name: 'Add files to the library' });
  await adding.getByTestId('gallery-import-input').setInputFiles({ name: 'tide pool.png', mimeType: 'image/png', buffer: picture });
  await expect(adding.getByRole('status')).toHaveText('Added 1, skipped 0.', { timeout: 30_000 });

  const detail = await gallery.openDetail(gallery.cell(/tide pool/));
  const names = await detail.locator('dl.detail-sub[aria-label="Parameters"] dt').allInnerTexts();
  expect(names).toEqual(expect.arrayContaining(['steps', 'seed']));
  await detail.getByRole('button', { name: 'Remix in Image' }).click();
  const image = new ImagePage(page);
  await expect(image.prompt).toHaveValue('a tide pool at dawn');
  const toast = page.getByTestId('remix-toast');
  await expect(toast).toContainText('Not restored');
  for (const name of names) await expect(toast).toContainText(name);
});
