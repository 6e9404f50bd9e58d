/**
 * The Gallery's first rows come with its first answer: a `library.shapes` that is slow (a busy
 * host, a library of 100,000) must not hold back the pictures of the first page, and when the
 * shapes do come the rows already drawn must not move under the creator's eyes.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Route } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { ROUTED_PAGE } from './support/routed-page.js';
import { GalleryPage, imageLoaded, switchLibraryFolder } from './pages/gallery-page.js';
import { Library } from '@host/library/library.js';
import { pngBytes } from '@host/library/test/fixtures.js';

test.use(ROUTED_PAGE);

/** Pictures of every shape, so rows break at different counts (a wrong first layout would show). */
const SHAPES: [number, number][] = [[160, 90], [90, 160], [120, 120], [200, 60], [64, 128], [150, 100], [100, 150], [180, 120]];
const ITEMS = 40;

async function seed(root: string, db: string): Promise<void> {
  const lib = new Library({ root, db, ffmpeg: false });
  await lib.open();
  const sources = join(root, '..', 'first-rows-sources');
  await mkdir(sources, { recursive: true });
  for (let i = 0; i < ITEMS; i++) {
    const [w, h] = SHAPES[i % SHAPES.length];
    const source = join(sources, `p${i}.png`);
    await writeFile(source, pngBytes(w + (i % 5), h, i));
    await lib.add({ source, name: `p${i}`, meta: { kind: 'image', prompt: `shape test ${i}`, model: 'seedream-4-0', params: {}, createdAt: Date.UTC(2025, 5, 1) - i * 60_000 } });
  }
  await lib.close();
}

test('the first rows are drawn before the shapes answer, and stay where they are when it comes', async ({ page, studio }) => {
  test.setTimeout(90_000);
  const root = join(studio.dataDir, 'First rows library');
  await seed(root, join(studio.dataDir, 'first-rows.db'));
  const gallery = new GalleryPage(page);
  await gallery.studio.open(studio.url);
  await switchLibraryFolder(page, root, studio.moveCode);

  // The shapes are held back until the test lets them go.
  const held: Route[] = [];
  await page.route('**/api/call/library.shapes', (route) => void held.push(route));
  await gallery.open();
  await gallery.expectCount(ITEMS);
  await expect.poll(() => held.length).toBeGreaterThan(0);
  const first = gallery.cell('Image: shape test 0');
  await expect(first).toBeVisible();
  await expect.poll(() => imageLoaded(first.locator('img'))).toBe(true);
  const boxes = async () => Promise.all((await gallery.cells.all()).map((cell) => cell.boundingBox()));
  const before = await boxes();
  expect(before.length).toBeGreaterThan(4);

  const answered = page.waitForResponse('**/api/call/library.shapes');
  for (const route of held) await route.continue();
  await page.unroute('**/api/call/library.shapes');
  await answered;
  // Two frames for the answer to be read and drawn.
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
  expect(await boxes()).toEqual(before);
});
