/**
 * Results first, as a creator at a laptop meets them (the issue: results below the form, off
 * screen; cropped thumbnails; an empty list after a reload): at 1400×900 and at 1024 wide a new
 * result appears inside the window, newest first, without anyone scrolling and without the
 * prompt losing focus; each tile has its picture's shape; the lightbox moves through the results
 * by keyboard, zooms and closes back onto the tile; and the results come back after a reload and
 * from the host's copy when this browser origin has forgotten them.
 */
import { test, expect } from './fixtures.js';
import type { Locator, Page } from '@playwright/test';
import { expectLoaded, ImagePage } from './pages/image-page.js';
import { expectNoSeriousViolations } from './pages/axe.js';
import { pageCall } from './pages/page-call.js';

/** Whether the element is wholly inside the window as it is now. */
async function expectInViewport(page: Page, el: Locator): Promise<void> {
  const box = await el.boundingBox();
  const size = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(size.height);
  expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
}

/** The tile's width over height, as drawn. */
async function shapeOf(el: Locator): Promise<number> {
  const box = (await el.boundingBox())!;
  return box.width / box.height;
}

const scrollY = (page: Page) => page.evaluate(() => (globalThis as any).scrollY as number);

for (const [width, height] of [[1400, 900], [1024, 768]] as const) {
  test(`at ${width}×${height} a new result appears in view, newest first, in its own shape, the prompt keeping focus`, async ({ page, studio }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height });
    const image = new ImagePage(page);
    await image.studio.open(studio.url);
    await image.open();
    await image.chooseModel('seedream-4-0');
    await image.field('Aspect ratio').selectOption('16:9');
    await image.prompt.fill('a wide valley at dawn');
    await image.prompt.press('Control+Enter');

    const wide = image.run('a wide valley at dawn');
    await image.expectImages(wide, 1, 30_000);
    const tile = image.openButtons(wide).first();
    await expectInViewport(page, tile);
    expect(await scrollY(page)).toBe(0);
    // Sent from the prompt box, which still has the focus for the next variation.
    await expect(image.prompt).toBeFocused();
    expect(await shapeOf(tile)).toBeCloseTo(16 / 9, 1);

    // A second run goes on top, portrait this time, also in view.
    await image.field('Aspect ratio').selectOption('9:16');
    await image.prompt.fill('a tall lighthouse');
    await image.generate();
    const tall = image.run('a tall lighthouse');
    await expect(image.runs.first()).toContainText('a tall lighthouse');
    await image.expectImages(tall, 1, 30_000);
    const tallTile = image.openButtons(tall).first();
    await expectInViewport(page, tallTile);
    expect(await shapeOf(tallTile)).toBeCloseTo(9 / 16, 1);
    await expect(image.runs.nth(1)).toContainText('a wide valley at dawn');
    expect(await scrollY(page)).toBe(0);
    if (process.env.RESULTS_SHOTS) await page.screenshot({ path: `${process.env.RESULTS_SHOTS}/image-${width}.png` });
  });
}

test('the lightbox moves through the results with ← →, zooms with + − 0 and the wheel, and Esc returns to the tile', async ({ page, studio }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  const image = new ImagePage(page);
  await image.studio.open(studio.url);
  await image.open();
  await image.chooseModel('seedream-4-0');
  await image.field('Number of images').fill('3');
  await image.prompt.fill('three paper cranes');
  await image.generate();
  const run = image.run('three paper cranes');
  await image.expectImages(run, 3, 30_000);

  const opener = image.openButtons(run).nth(1);
  await opener.focus();
  await page.keyboard.press('Enter');
  const box = page.getByRole('dialog', { name: 'Full-size image' });
  await expect(box).toBeVisible();
  await expectLoaded(box.getByRole('img'));
  await expect(box).toContainText('2 of 3');
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expectNoSeriousViolations(page, `the lightbox (${theme})`);
  }
  await page.keyboard.press('ArrowRight');
  await expect(box).toContainText('3 of 3');
  await page.keyboard.press('ArrowRight');
  await expect(box).toContainText('1 of 3');
  await page.keyboard.press('ArrowLeft');
  await expect(box).toContainText('3 of 3');

  const zoom = box.locator('output');
  const picture = box.getByRole('img');
  const before = (await picture.boundingBox())!;
  await page.keyboard.press('+');
  await expect(zoom).toHaveText('150%');
  await expect.poll(async () => (await picture.boundingBox())!.width).toBeGreaterThan(before.width * 1.4);
  // Zoomed, the arrows move the picture instead of changing it.
  await page.keyboard.press('ArrowRight');
  await expect(box).toContainText('3 of 3');
  await page.keyboard.press('0');
  await expect(zoom).toHaveText('100%');
  // The wheel zooms the picture under the pointer, and the page behind stays put.
  await picture.hover();
  await page.mouse.wheel(0, -300);
  await expect.poll(async () => Number((await zoom.innerText()).replace('%', ''))).toBeGreaterThan(100);
  expect(await scrollY(page)).toBe(0);
  await page.keyboard.press('-');
  await page.keyboard.press('0');
  await box.locator('.lightbox-stage').dblclick();
  await expect(zoom).toHaveText('250%');

  await page.keyboard.press('Escape');
  await expect(box).toBeHidden();
  await expect(opener).toBeFocused();
});

test('the results survive a reload, and come back from the host when this browser has forgotten them', async ({ page, studio }) => {
  test.setTimeout(90_000);
  const image = new ImagePage(page);
  await image.studio.open(studio.url);
  await image.open();
  await image.chooseModel('seedream-4-0');
  await image.field('Aspect ratio').selectOption('4:3');
  await image.prompt.fill('a job made before the reload');
  await image.generate();
  await image.expectImages(image.run('a job made before the reload'), 1, 30_000);
  await image.chooseModel('modelc-2.5-flash-image-preview');
  await image.prompt.fill('an instant picture before the reload');
  await image.generate();
  await image.expectImages(image.run('an instant picture before the reload'), 1);

  const expectRuns = async () => {
    await expect(image.runs).toHaveCount(2);
    await expect(image.runs.nth(0)).toContainText('an instant picture before the reload');
    await expect(image.runs.nth(1)).toContainText('a job made before the reload');
    await image.expectImages(image.run('a job made before the reload'), 1);
    await image.expectImages(image.run('an instant picture before the reload'), 1);
    await expect(image.run('a job made before the reload').getByTestId('run-state')).toHaveText('Saved 1 image to your library');
    expect(await shapeOf(image.openButtons(image.run('a job made before the reload')).first())).toBeCloseTo(4 / 3, 1);
  };

  await page.reload();
  await image.open();
  await expectRuns();

  // The host keeps them (ids and small facts, no image data): a browser origin that has nothing finds them there.
  const kept = () => pageCall(page, 'app.workspace').then((r) => JSON.stringify(r.value['draft:image-runs'] ?? ''));
  await expect.poll(kept, { timeout: 10_000 }).toContain('an instant picture before the reload');
  expect(await kept()).toContain('a job made before the reload');
  expect((await kept()).length).toBeLessThan(4_000);
  expect(await kept()).not.toMatch(/base64|data:image/);
  await page.evaluate(() => {
    const storage = (globalThis as any).localStorage;
    for (const key of Object.keys(storage)) if (key !== 'gateway-studio:welcome') storage.removeItem(key);
  });
  await page.reload();
  await image.open();
  await expectRuns();

  // An image deleted in the Gallery meanwhile shows as deleted, not as an error.
  const id = await image.openButtons(image.run('an instant picture before the reload')).first().evaluate((b) => (b as any).closest('[data-item-id]').dataset.itemId as string);
  expect((await pageCall(page, 'library.remove', { id })).ok).toBe(true);
  await expect(image.run('an instant picture before the reload')).toContainText('Deleted from the library.');
  await page.reload();
  await image.open();
  await expect(image.run('an instant picture before the reload')).toContainText('Deleted from the library.');
  await image.expectImages(image.run('a job made before the reload'), 1);
});
