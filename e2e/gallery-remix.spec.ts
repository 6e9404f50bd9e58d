/**
 * A Gallery remix of an image made with reference pictures: the Image tab opens with those same
 * pictures attached, even after the creator took them off the form, and a new job made from them
 * runs; a picture the host no longer holds is named in the notice, never silently dropped.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from './fixtures.js';
import { GalleryPage } from './pages/gallery-page.js';
import { ImagePage, pngFile } from './pages/image-page.js';

test('Remix in Image attaches the original references again, and says which one is gone', async ({ page, studio }) => {
  test.setTimeout(90_000);
  const image = new ImagePage(page);
  await image.studio.open(studio.url);
  await image.open();
  await image.chooseModel('seedream-4-0');
  await image.prompt.fill('a harbour in the style of these');
  await image.field('Resolution').selectOption('1K');
  await image.attachFiles(pngFile('harbour.png', 64, 48), pngFile('palette.png', 40, 40));
  await image.addLink('https://example.com/mood.jpg');
  await image.generate();
  await image.expectImages(image.run('a harbour in the style of these'), 1, 45_000);
  // The creator clears the form's pictures after sending (the draft's own copies are removed).
  for (const name of ['harbour.png', 'palette.png', 'https://example.com/mood.jpg']) {
    await image.references.getByRole('button', { name: `Remove ${name}` }).click();
  }
  await expect(image.referenceItems).toHaveCount(0);
  await image.prompt.fill('something else');

  const gallery = new GalleryPage(page);
  await gallery.open();
  await gallery.openDetail(gallery.cell(/^Image: a harbour in the style of these/));
  await gallery.detail.getByRole('button', { name: 'Remix in Image' }).click();
  await expect(image.studio.tab('Image')).toHaveAttribute('aria-selected', 'true');
  await expect(image.prompt).toHaveValue('a harbour in the style of these');
  await expect(image.referenceItems).toHaveCount(3);
  await expect(image.referenceItems.nth(0)).toHaveAccessibleName('1. harbour.png');
  await expect(image.referenceItems.nth(1)).toHaveAccessibleName('2. palette.png');
  await expect(image.referenceItems.nth(2)).toHaveAccessibleName('3. https://example.com/mood.jpg');
  await expect(image.reference('harbour.png')).toContainText('PNG · 64×48');
  await expect(page.getByTestId('remix-toast')).toContainText('Its 3 reference pictures are attached again.');

  // The pictures are real: the remix runs with them.
  await image.references.getByRole('button', { name: 'Remove https://example.com/mood.jpg' }).click();
  await image.prompt.fill('the harbour again, at night');
  await image.generate();
  await image.expectImages(image.run('the harbour again, at night'), 1, 45_000);

  // The host's kept copy of the first picture disappears (a clean-up tool, a damaged disk).
  const kept = join(studio.dataDir, 'attachments', 'kept');
  const pictures = readdirSync(kept).filter((f) => f.endsWith('.bin'));
  expect(pictures.length).toBeGreaterThanOrEqual(2);
  for (const f of pictures) rmSync(join(kept, f));
  await gallery.open();
  await gallery.openDetail(gallery.cell(/^Image: a harbour in the style of these/));
  await gallery.detail.getByRole('button', { name: 'Remix in Image' }).click();
  const toast = page.getByTestId('remix-toast');
  await expect(toast).toContainText('Reference 1 (harbour.png) is no longer on this computer: the remix goes without it.');
  await expect(toast).toContainText('Reference 2 (palette.png) is no longer on this computer');
  await expect(image.referenceItems).toHaveCount(1);
  await expect(image.referenceItems.nth(0)).toHaveAccessibleName('1. https://example.com/mood.jpg');
});
