/**
 * The Image and Video tabs' results-first layout as a creator meets it after an afternoon of
 * work, at 1280×800 and 1920×1080: with enough results to overflow their column, the form and
 * the results still fill the window and the page itself never scrolls (nothing inside the results
 * may escape their scrolling column and stretch the page), also after a reload; the submit row
 * stays in view whatever the form's length and scroll; and a note about a setting the studio
 * moved goes once the creator makes another choice.
 */
import { test, expect } from './fixtures.js';
import type { Locator, Page } from '@playwright/test';
import { ImagePage } from './pages/image-page.js';
import { VideoPage, VIDEO_READY } from './pages/video-page.js';

const SIZES = [[1280, 800], [1920, 1080]] as const;

/** The e2e project compiles without the DOM lib: what is read of the page's boxes. */
interface Scroller {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/** How far the document can scroll: 0 when the page fits the window. */
const pageOverflow = (page: Page) =>
  page.evaluate(() => {
    const d = (globalThis as any).document.documentElement as Scroller;
    return d.scrollHeight - d.clientHeight;
  });

/**
 * The form and the results reach down to the window's bottom (less the content's own padding),
 * and the document has nothing to scroll.
 */
async function expectFillsWindow(page: Page, form: Locator, results: Locator): Promise<void> {
  const { height } = page.viewportSize()!;
  await expect.poll(() => pageOverflow(page), { message: 'the page scrolls beyond the window' }).toBeLessThanOrEqual(0);
  for (const column of [form, results]) {
    await expect.poll(async () => {
      const box = (await column.boundingBox())!;
      return Math.round(box.y + box.height);
    }, { message: 'a column stops short of the window' }).toBeGreaterThanOrEqual(height - 64);
  }
  // The results have more than the column shows: they scroll inside it, not the page.
  expect(await results.evaluate((el) => (el as unknown as Scroller).scrollHeight > (el as unknown as Scroller).clientHeight)).toBe(true);
}

/** Wholly inside the window, and what is drawn at its centre is the control itself (nothing covers it). */
async function expectOnTop(page: Page, control: Locator): Promise<void> {
  const size = page.viewportSize()!;
  const box = (await control.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(size.height);
  const hit = await control.evaluate((el, [x, y]) => {
    const top = (globalThis as any).document.elementFromPoint(x, y);
    return top === el || el.contains(top);
  }, [box.x + box.width / 2, box.y + box.height / 2]);
  expect(hit, 'the control is covered at its centre').toBe(true);
}

/**
 * Tabs through the form from `start` to `end`, as a keyboard user does: each control reached is
 * scrolled into view by the browser and must not sit hidden behind the submit row.
 */
async function tabThrough(page: Page, start: Locator, end: Locator): Promise<void> {
  await start.focus();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    await expectOnTop(page, focused);
    if (await end.evaluate((el) => el === (globalThis as any).document.activeElement)) return;
  }
  throw new Error('Tab never reached the end of the form');
}

const scrollTo = (el: Locator, where: 'top' | 'middle' | 'bottom') =>
  el.evaluate((node, w) => {
    const s = node as unknown as Scroller;
    s.scrollTop = w === 'top' ? 0 : w === 'middle' ? (s.scrollHeight - s.clientHeight) / 2 : s.scrollHeight;
  }, where);

for (const [width, height] of SIZES) {
  test.describe(`at ${width}×${height}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height });
    });

    test('Image: many results still fill the window beside the form, and the page never scrolls, after a reload too', async ({ page, studio }) => {
      test.setTimeout(240_000);
      const image = new ImagePage(page);
      await image.studio.open(studio.url);
      await image.open();
      // Instant pictures first (each with its token usage), then a job of fifteen on top of them.
      await image.chooseModel('modelc-2.5-flash-image-preview');
      for (const prompt of ['a paper boat', 'a paper crane', 'a paper frog', 'a paper star']) {
        await image.prompt.fill(prompt);
        await image.generate();
        await image.expectImages(image.run(prompt), 1, 60_000);
      }
      await image.chooseModel('seedream-4-5');
      await image.field('Number of images').fill('15');
      await image.prompt.fill('fifteen paper cranes');
      await image.generate();
      await image.expectImages(image.run('fifteen paper cranes'), 15, 120_000);
      const results = image.panel.locator('.studio-results');
      await expectFillsWindow(page, image.form, results);
      // Scrolled to the oldest result, the layout holds.
      await scrollTo(results, 'bottom');
      await expectFillsWindow(page, image.form, results);

      await page.reload();
      await image.open();
      await image.expectImages(image.run('fifteen paper cranes'), 15);
      await expectFillsWindow(page, image.form, results);
    });

    test('Video: many results still fill the window beside the form, and the page never scrolls, after a reload too', async ({ page, studio }) => {
      test.setTimeout(240_000);
      const video = new VideoPage(page);
      await video.studio.open(studio.url);
      await video.open();
      await video.chooseModel('modelf-hailuo-02');
      const results = video.panel.locator('.studio-results');
      for (const prompt of ['a kite rising', 'a kite falling', 'a kite drifting']) {
        await video.prompt.fill(prompt);
        await video.generate();
        await expect(video.result.getByTestId('original-prompt')).toHaveText(prompt);
        await expect(video.status).toHaveText('Ready', VIDEO_READY);
      }
      await expect(video.panel.getByTestId('video-result')).toHaveCount(3);
      await expectFillsWindow(page, video.form, results);
      await scrollTo(results, 'bottom');
      await expectFillsWindow(page, video.form, results);

      await page.reload();
      await video.open();
      await expect(video.panel.getByTestId('video-result')).toHaveCount(3);
      await expect(video.status).toHaveText('Ready', VIDEO_READY);
      await expectFillsWindow(page, video.form, results);
    });

    test('Image: the Generate button stays in view with every parameter shown, wherever the form is scrolled', async ({ page, studio }) => {
      test.setTimeout(90_000);
      const image = new ImagePage(page);
      await image.studio.open(studio.url);
      await image.open();
      // The model with the most fields, compare mode on: the longest form the tab has.
      await image.chooseModel('seedream-4-5');
      await image.form.getByRole('checkbox', { name: 'Compare models' }).check();
      await image.prompt.fill('a lantern festival over the river, seen from the bridge, long exposure');
      const generate = image.form.getByRole('button', { name: /^(Generate|Compare)/ });
      for (const where of ['top', 'middle', 'bottom'] as const) {
        await scrollTo(image.form, where);
        await expectOnTop(page, generate);
      }
      // Scrolled to its end, the form's last field is not hidden behind the submit row.
      await expectOnTop(page, image.references.getByRole('button', { name: 'Choose files…' }));
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      // From the top, Tab brings each field into view above the row, down to Generate.
      await scrollTo(image.form, 'top');
      await tabThrough(page, image.prompt, generate);
    });

    test('Video: the Generate button stays in view with every parameter shown, wherever the form is scrolled', async ({ page, studio }) => {
      test.setTimeout(90_000);
      const video = new VideoPage(page);
      await video.studio.open(studio.url);
      await video.open();
      await video.chooseModel('modelg3');
      await video.prompt.fill('a lantern festival over the river, seen from the bridge, long exposure');
      // A tall prompt box, as after a long prompt dragged open, makes the form outgrow the window.
      await video.prompt.evaluate((el) => ((el as unknown as { style: { height: string } }).style.height = '900px'));
      const generate = video.form.getByRole('button', { name: /^Generate video/ });
      for (const where of ['top', 'middle', 'bottom'] as const) {
        await scrollTo(video.form, where);
        await expectOnTop(page, generate);
      }
      await expectOnTop(page, video.form.getByRole('button', { name: 'Pick from gallery' }));
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await scrollTo(video.form, 'top');
      await tabThrough(page, video.prompt, generate);
    });

    test('a note about a moved setting goes once the creator makes another choice, on Video and Image', async ({ page, studio }) => {
      test.setTimeout(90_000);
      const video = new VideoPage(page);
      await video.studio.open(studio.url);
      await video.open();
      const videoNote = video.form.getByTestId('model-switch-note');
      await video.chooseModel('modelf-hailuo-02');
      await video.field('Aspect ratio').selectOption('1:1');
      await video.chooseModel('modelg3');
      await expect(videoNote).toHaveText('modelg3 has no 1:1: now 16:9.');
      await expect(videoNote).toBeVisible();
      await video.field('Aspect ratio').selectOption('9:16');
      await expect(videoNote).toBeHidden();
      await expect(videoNote).toHaveText('');
      // Typing the prompt is no new choice of setting: a fresh note stays while it is true.
      await video.field('Duration (seconds)').fill('15');
      await video.chooseModel('modelf-hailuo-02');
      await expect(videoNote).toHaveText('modelf-hailuo-02 cannot make 15 s: now 10 s.');
      await video.prompt.fill('waves');
      await expect(videoNote).toHaveText('modelf-hailuo-02 cannot make 15 s: now 10 s.');
      await video.field('Duration (seconds)').fill('8');
      await expect(videoNote).toHaveText('');

      const image = new ImagePage(page);
      await image.open();
      const imageNote = image.form.getByTestId('model-switch-note');
      await image.chooseModel('seedream-4-5');
      await image.field('Aspect ratio').selectOption('21:9');
      await image.chooseModel('seedream-4-0');
      await expect(imageNote).toContainText('seedream-4-0 has no 21:9: now 16:9.');
      await image.field('Aspect ratio').selectOption('9:16');
      await expect(imageNote).toBeHidden();
      await expect(imageNote).toHaveText('');
    });
  });
}
