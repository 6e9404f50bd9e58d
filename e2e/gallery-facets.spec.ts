/**
 * The Gallery's facets in Chromium (docs/data.md, "Facets"): a creator opens the facet panel,
 * narrows the library by shape and by tag with the keyboard, and sees the grid follow and each
 * facet's counts change, the other values of a facet in use still there with their counts.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test, expect } from './fixtures.js';
import { GalleryPage, switchLibraryFolder } from './pages/gallery-page.js';
import { pageCall } from './pages/page-call.js';
import { expectNoSeriousViolations } from './pages/axe.js';
import { Library } from '@host/library/library.js';
import { pngBytes } from '@host/library/test/fixtures.js';

/** Three squares and a wide one by alpha, two portraits by beta; one square and one portrait cost something. */
const SEED: { prompt: string; size: [number, number]; model: string; cost?: number }[] = [
  { prompt: 'a square lantern', size: [120, 120], model: 'alpha', cost: 0.2 },
  { prompt: 'a square window', size: [121, 121], model: 'alpha' },
  { prompt: 'a square tile', size: [122, 122], model: 'alpha' },
  { prompt: 'a wide horizon', size: [200, 60], model: 'alpha' },
  { prompt: 'a tall tower', size: [90, 160], model: 'beta', cost: 0.2 },
  { prompt: 'a tall tree', size: [91, 160], model: 'beta' },
];

async function seed(root: string, db: string): Promise<void> {
  const lib = new Library({ root, db, ffmpeg: false });
  await lib.open();
  const sources = join(root, '..', 'facet-sources');
  await mkdir(sources, { recursive: true });
  for (const [i, s] of SEED.entries()) {
    const source = join(sources, `f${i}.png`);
    await writeFile(source, pngBytes(s.size[0], s.size[1], i));
    await lib.add({
      source, name: `f${i}`,
      meta: { kind: 'image', prompt: s.prompt, model: s.model, params: {}, createdAt: Date.now() - i * 60_000, ...(s.cost ? { cost: { amount: s.cost, currency: 'USD' } } : {}) },
    });
  }
  await lib.close();
}

test('narrows by shape and tag with the keyboard; the counts and the grid follow', async ({ page, studio }) => {
  test.setTimeout(90_000);
  const root = join(studio.dataDir, 'Facet library');
  await seed(root, join(studio.dataDir, 'facets.db'));
  const gallery = new GalleryPage(page);
  await gallery.studio.open(studio.url);
  await switchLibraryFolder(page, root, studio.moveCode);
  await gallery.open();
  await gallery.expectCount(6);

  // Tags on two squares and a portrait, through the contract (the curation spec types them).
  const listed = await pageCall(page, 'library.list', {});
  const idOf = (prompt: string) => (listed.value.items as { id: string; prompt: string }[]).find((i) => i.prompt === prompt)!.id;
  await pageCall(page, 'library.tag', { ids: [idOf('a square lantern'), idOf('a square window'), idOf('a tall tower')], add: ['sunset'] });

  const toggle = gallery.panel.getByRole('button', { name: 'Show facets' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(gallery.panel.getByRole('button', { name: 'Hide facets' })).toHaveAttribute('aria-expanded', 'true');
  const facets = gallery.panel.getByRole('region', { name: 'Facets with counts over the whole library' });
  const group = (name: string) => facets.getByRole('group', { name, exact: true });
  const chip = (groupName: string, name: string) => group(groupName).getByRole('button', { name, exact: true });

  await expect(chip('Shape', 'Square (3)')).toBeVisible();
  await expect(chip('Shape', 'Portrait (2)')).toBeVisible();
  await expect(chip('Shape', 'Wide (1)')).toBeVisible();
  await expect(chip('Model', 'alpha (4)')).toBeVisible();
  await expect(chip('Tag', 'sunset (3)')).toBeVisible();
  await expect(chip('Cost', '0.05–0.50 (2)')).toBeVisible();
  await expect(chip('Made', 'Last 24 hours (6)')).toBeVisible();
  await expectNoSeriousViolations(page, 'the gallery with its facets open');

  // Square, by the keyboard: the grid keeps the three squares; the shape facet still offers the others.
  await chip('Shape', 'Square (3)').focus();
  await page.keyboard.press('Space');
  await gallery.expectCount(3);
  await expect(chip('Shape', 'Square (3)')).toHaveAttribute('aria-pressed', 'true');
  await expect(chip('Shape', 'Portrait (2)')).toBeVisible();
  await expect(gallery.cell(/tall tower/)).toHaveCount(0);
  await expect(chip('Model', 'alpha (3)')).toBeVisible();
  await expect(group('Model').getByRole('button', { name: /beta/ })).toHaveCount(0);
  await expect(chip('Tag', 'sunset (2)')).toBeVisible();

  // Then the tag: two squares left; the shape facet now counts the tagged items.
  await chip('Tag', 'sunset (2)').focus();
  await page.keyboard.press('Enter');
  await gallery.expectCount(2);
  await expect(gallery.cell(/square lantern/)).toBeVisible();
  await expect(gallery.cell(/square window/)).toBeVisible();
  await expect(chip('Shape', 'Square (2)')).toBeVisible();
  await expect(chip('Shape', 'Portrait (1)')).toBeVisible();
  await expect(chip('Shape', 'Wide (0)')).toBeVisible();

  // Square pressed again clears the shape: every sunset item.
  await chip('Shape', 'Square (2)').focus();
  await page.keyboard.press('Space');
  await gallery.expectCount(3);
  await expect(gallery.cell(/tall tower/)).toBeVisible();

  // A rating made elsewhere shows in the counts without a reload.
  await pageCall(page, 'library.rate', { ids: [idOf('a tall tower')], rating: 5 });
  await expect(chip('Rating', '5 stars (1)')).toBeVisible();
  await chip('Rating', '5 stars (1)').click();
  await gallery.expectCount(1);
  await expect(gallery.cell(/tall tower/)).toBeVisible();
});
