/**
 * The Gallery's item dialog as a creator uses it, at 1280×800 and 1920×1080: ← → (and the
 * header's buttons) go to the previous and next item of the gallery as filtered, wrapping; a
 * picture zooms like the results lightbox (+ − 0, the wheel, a double-click); the parameter table
 * reads as a table, its names whole on one line; Esc gives focus back to the cell that opened it.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { GalleryPage, submitTask } from './pages/gallery-page.js';
import { pageCall } from './pages/page-call.js';

const LONG = 'https://example.com/a/very/long/reference/path/that/keeps/going/and/going/without/any/place/to/break/style-reference.png';
const image = (prompt: string) => ({ route: 'image' as const, request: { model: 'seedream-4-0', prompt, resolution: '1K' } });
const SAVED = { timeout: 45_000 };

/** The page's scroll offset (the e2e project compiles without the DOM lib). */
const scrollY = (page: Page) => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY);

/** How many lines an element's text takes (its rendered line boxes), and whether its box shows all of it. */
const lines = (el: Locator) =>
  el.evaluate((node) => {
    const n = node as unknown as { scrollWidth: number; clientWidth: number };
    const range = (globalThis as any).document.createRange();
    range.selectNodeContents(node);
    const tops = new Set([...range.getClientRects()].map((r: { top: number }) => Math.round(r.top)));
    return { lines: tops.size, clipped: n.scrollWidth > n.clientWidth + 1 };
  });

for (const [width, height] of [
  [1280, 800],
  [1920, 1080],
] as const) {
  test(`the item dialog at ${width}×${height}: ← → through the filtered items, zoom, a readable parameter table, focus back on Esc`, async ({ page, studio }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    const gallery = new GalleryPage(page);
    await gallery.studio.open(studio.url);
    const long = image('harbour one, a long prompt about boats and gulls and the morning light over the water, told at length so that its value wraps over several lines');
    expect(await pageCall(page, 'tasks.submit', { ...long, request: { ...long.request, image_urls: [LONG] } })).toMatchObject({ ok: true });
    await submitTask(page, image('a field of poppies'));
    await submitTask(page, image('harbour two'));
    await submitTask(page, image('harbour three'));
    await gallery.open();
    await expect(gallery.count).toHaveText('4 items', SAVED);
    // A filtered view: ← → stay inside it.
    await gallery.search('harbour');
    await gallery.expectCount(3);
    await expect(gallery.cells).toHaveCount(3);

    const opener = gallery.cells.nth(1);
    await expect(opener).toHaveAccessibleName(/harbour two/);
    await opener.focus();
    await page.keyboard.press('Enter');
    const detail = gallery.detail;
    await expect(detail).toBeVisible();
    const prompt = () => gallery.metadata('Prompt');
    await expect(detail).toContainText('2 of 3');
    expect(await prompt()).toBe('harbour two');
    await page.keyboard.press('ArrowRight');
    await expect(detail).toContainText('3 of 3');
    await expect.poll(prompt).toMatch(/^harbour one/);
    await page.keyboard.press('ArrowRight');
    await expect(detail).toContainText('1 of 3');
    await expect.poll(prompt).toBe('harbour three');
    await page.keyboard.press('ArrowLeft');
    await expect(detail).toContainText('3 of 3');
    await detail.getByRole('button', { name: 'Previous item' }).click();
    await expect(detail).toContainText('2 of 3');
    await expect.poll(prompt).toBe('harbour two');
    await detail.getByRole('button', { name: 'Next item' }).click();
    await expect.poll(prompt).toMatch(/^harbour one/);

    // The parameter table: every name whole, on one line, beside its value.
    const params = detail.locator('dl.detail-sub[aria-label="Parameters"]');
    const names = params.locator('dt');
    await expect(names.first()).toBeVisible();
    const count = await names.count();
    expect(count).toBeGreaterThanOrEqual(4);
    for (let i = 0; i < count; i++) {
      const name = names.nth(i);
      expect(await lines(name), `${await name.innerText()} at ${width}×${height}`).toEqual({ lines: 1, clipped: false });
    }
    const imageUrls = params.locator('dt', { hasText: /^image_urls$/ });
    await expect(imageUrls).toBeVisible();
    const value = imageUrls.locator('xpath=following-sibling::dd[1]');
    const [nameBox, valueBox] = [(await imageUrls.boundingBox())!, (await value.boundingBox())!];
    expect(valueBox.x).toBeGreaterThan(nameBox.x + nameBox.width - 1);
    expect(Math.abs(valueBox.y - nameBox.y)).toBeLessThan(4);
    // The dialog fits the window: no sideways scrolling anywhere in it.
    expect(await detail.evaluate((d) => (d as unknown as { scrollWidth: number; clientWidth: number }).scrollWidth <= (d as unknown as { clientWidth: number }).clientWidth + 1)).toBe(true);

    // Zoom like the results lightbox.
    const zoom = detail.locator('output');
    const picture = detail.getByRole('img');
    const before = (await picture.boundingBox())!;
    await page.keyboard.press('+');
    await expect(zoom).toHaveText('150%');
    await expect.poll(async () => (await picture.boundingBox())!.width).toBeGreaterThan(before.width * 1.4);
    // Zoomed, → moves the picture and stays on the item.
    await page.keyboard.press('ArrowRight');
    expect(await prompt()).toMatch(/^harbour one/);
    await page.keyboard.press('0');
    await expect(zoom).toHaveText('100%');
    await picture.hover();
    await page.mouse.wheel(0, -300);
    await expect.poll(async () => Number((await zoom.innerText()).replace('%', ''))).toBeGreaterThan(100);
    expect(await scrollY(page)).toBe(0);
    await detail.getByRole('button', { name: 'Fit to window' }).click();
    await expect(zoom).toHaveText('100%');
    await detail.locator('.detail-stage').dblclick();
    await expect(zoom).toHaveText('250%');
    // The next item starts fitted.
    await detail.getByRole('button', { name: 'Next item' }).click();
    await expect(zoom).toHaveText('100%');

    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    await expect(opener).toBeFocused();
  });
}
