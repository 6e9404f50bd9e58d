/**
 * The Image tab end to end, through the UI as a creator uses it, against the
 * browser shell and its embedded sandbox (20× fast): every asynchronous model saves images (one
 * with a reference file picked from disk), a native generation and a native edit show the image
 * and the model's text, refusals land at their field (the studio's own checks and the host's),
 * a broke key keeps the draft, and the draft survives a tab switch and a reload. No fixed sleeps.
 */
import { test, expect } from './fixtures.js';
import type { Page } from '@playwright/test';
import { GalleryPage } from './pages/gallery-page.js';
import { ASYNC_IMAGE_MODELS, expectLoaded, gifFile, ImagePage, pngFile } from './pages/image-page.js';
import { pageCall } from './pages/page-call.js';

/** The draft as the tab saved it (debounced) in the page's localStorage. */
const storedDraft = (page: Page) => page.evaluate(() => ((globalThis as any).localStorage.getItem('gateway-studio:draft:image') as string | null) ?? '');

for (const model of ASYNC_IMAGE_MODELS) {
  test(`${model} runs as a job, shows its progress and then the saved images`, async ({ page, studio }) => {
    // seedream-4-5 renders at 2K at least: real 2048-pixel PNGs take a while on a busy machine.
    test.setTimeout(90_000);
    const image = new ImagePage(page);
    await image.studio.open(studio.url);
    await image.open();
    await image.chooseModel(model);
    const prompt = `a lighthouse at dusk, painted by ${model}`;
    await image.prompt.fill(prompt);
    await image.field('Aspect ratio').selectOption('3:4');
    await image.field('Number of images').fill('2');
    if (model === 'seedream-4-5') {
      // A reference file from disk, through the system file picker; its preview is a data: URL.
      await image.attachFiles(pngFile('sketch.png'));
      await expect(image.reference('sketch.png')).toContainText('PNG · 64×48');
      await expectLoaded(image.reference('sketch.png').locator('img'));
      await image.field('Sequential group').check();
      await image.field('Watermark').check();
    } else {
      // Fields a model does not have are not offered at all.
      await expect(image.field('Sequential group')).toHaveCount(0);
      await expect(image.field('Watermark')).toHaveCount(0);
    }
    // The resolution says the true pixel size of the chosen ratio.
    await expect(image.field('Resolution')).toHaveAccessibleDescription(/Output \d+ × \d+ px/);

    await image.prompt.press('Control+Enter');
    const run = image.run(prompt);
    await expect(run).toBeVisible();
    await expect(run.getByTestId('run-state').first()).toHaveText(/Queued|Generating|Saving|Saved/);
    await image.expectImages(run, 2, 60_000);
    await expect(run.getByTestId('run-state').first()).toHaveText('Saved 2 images to your library');
    await image.viewFullSize(run);
    // The draft stays for the next variation.
    await expect(image.prompt).toHaveValue(prompt);
  });
}

test('a native model generates at once and edits an attached image, showing image, text and usage', async ({ page, studio }) => {
  const image = new ImagePage(page);
  await image.studio.open(studio.url);
  await image.open();

  await image.chooseModel('modelc-2.5-flash-image-preview');
  await expect(image.field('Aspect ratio')).toHaveCount(0);
  await image.prompt.fill('a paper boat on a puddle');
  await image.generate();
  const made = image.run('a paper boat on a puddle');
  await image.expectImages(made, 1);
  await expect(made.getByTestId('native-text')).toContainText('Generated a 1024×1024 image');
  await expect(made.getByTestId('usage-line')).toContainText(/[\d,.\s]+ tokens \([\d,.\s]+ in, [\d,.\s]+ out\)/);

  await image.chooseModel('modelc-3-pro-image-preview');
  await image.attachFiles(pngFile('portrait.png', 80, 60));
  // With an image attached the prompt is the edit instruction.
  await image.prompt.fill('make the sky stormy');
  await image.generate();
  const edited = image.run('make the sky stormy');
  await image.expectImages(edited, 1);
  await expect(edited.getByTestId('native-text')).toContainText('Edited the PNG 80×60 image as asked');
  await expect(edited.getByTestId('usage-line')).toContainText('tokens');
  await image.viewFullSize(edited);
});

test('refused parameters are shown at their field, by the studio and by the host', async ({ page, studio }) => {
  const image = new ImagePage(page);
  await image.studio.open(studio.url);
  await image.open();
  await image.chooseModel('seedream-4-5');
  await image.prompt.fill('eleven references is one too many');

  // seedream-4-5 takes at most 10 references and 15 images: both caught before anything is sent.
  for (let i = 1; i <= 11; i++) await image.addLink(`https://example.com/ref-${i}.png`);
  await image.field('Number of images').fill('16');
  const submits: string[] = [];
  page.on('request', (r) => r.url().includes('/api/call/tasks.submit') && submits.push(r.url()));
  await image.generate();
  await expect(image.references).toHaveAccessibleDescription(/at most 10 reference images; remove 1/);
  await expect(image.field('Number of images')).toHaveAccessibleDescription(/from 1 to 15/);
  await expect(image.field('Number of images')).toHaveAttribute('aria-invalid', 'true');
  expect(submits).toHaveLength(0);
  await expect(image.runs).toHaveCount(0);

  // Fixing a field clears its mark; a GIF is refused at the very image.
  await image.field('Number of images').fill('1');
  await expect(image.field('Number of images')).not.toHaveAttribute('aria-invalid', 'true');
  for (let i = 11; i >= 1; i--) await image.references.getByRole('button', { name: `Remove https://example.com/ref-${i}.png` }).click();
  await expect(image.referenceItems).toHaveCount(0);
  await image.attachFiles(gifFile('spinner.gif'));
  await image.generate();
  await expect(image.reference('spinner.gif')).toHaveAccessibleDescription(/GIF is not accepted here: use JPEG or PNG/);
  await image.references.getByRole('button', { name: 'Remove spinner.gif' }).click();

  // The host checks again: an attachment it no longer holds is named by its `param` and marked here.
  await image.attachFiles(pngFile('gone.png'));
  await expect.poll(() => storedDraft(page)).toContain('gone.png');
  const removed = await pageCall(page, 'attachments.remove', { id: (JSON.parse(await storedDraft(page)) as { refs: { id: string }[] }).refs[0].id });
  expect(removed).toMatchObject({ ok: true });
  await image.generate();
  await expect(image.failure).toContainText('attach it again');
  await expect(image.references).toHaveAccessibleDescription(/attach it again/);
  await expect(image.runs).toHaveCount(0);
});

test('a broke key shows the banner and keeps the whole draft', async ({ page, studio }) => {
  const image = new ImagePage(page);
  await image.studio.open(studio.url);
  await image.studio.addProfile({ name: 'Broke gateway', baseUrl: studio.gatewayUrl, apiKey: 'sk-sandbox-broke' });
  await image.studio.activateProfile('Broke gateway');

  await image.open();
  await image.chooseModel('seedream-4-0');
  await image.prompt.fill('a castle made of glass');
  await image.field('Aspect ratio').selectOption('16:9');
  await image.field('Resolution').selectOption('2K');
  await image.field('Number of images').fill('3');
  await image.attachFiles(pngFile('castle.png'));
  await image.generate();

  expect(await image.studio.readBanner()).toMatch(/top up/i);
  await expect(image.failure).toContainText(/balance is too low[\s\S]*Top up[\s\S]*kept/);
  await expect(image.runs).toHaveCount(0);
  await expect(image.model).toHaveValue('seedream-4-0');
  await expect(image.prompt).toHaveValue('a castle made of glass');
  await expect(image.field('Aspect ratio')).toHaveValue('16:9');
  await expect(image.field('Resolution')).toHaveValue('2K');
  await expect(image.field('Number of images')).toHaveValue('3');
  await expect(image.reference('castle.png')).toBeVisible();
  await image.studio.dismissBanner();
  await expect(image.prompt).toHaveValue('a castle made of glass');
});

test('the draft survives a tab switch and a reload; references reorder by keyboard and come by paste and drop', async ({ page, studio }) => {
  const image = new ImagePage(page);
  await image.studio.open(studio.url);
  await image.open();
  await image.chooseModel('seedream-4-0');
  await image.prompt.fill('three foxes in a row');
  await image.field('Aspect ratio').selectOption('4:3');
  await image.field('Resolution').selectOption('4K');
  await image.field('Number of images').fill('3');
  await image.attachFiles(pngFile('first.png'));
  await image.addLink('https://example.com/second.jpg');

  // Reorder from the keyboard: the moved item's button keeps focus.
  await image.references.getByRole('button', { name: 'Move https://example.com/second.jpg up' }).focus();
  await page.keyboard.press('Enter');
  await expect(image.referenceItems.first()).toHaveAccessibleName('1. https://example.com/second.jpg');
  await expect(image.references.getByRole('button', { name: 'Move https://example.com/second.jpg down' })).toBeFocused();

  // Paste (Ctrl+V of an image) and drop both attach through the host.
  const { buffer } = pngFile('x.png', 20, 20);
  const bytes = [...buffer];
  await image.prompt.focus();
  await page.evaluate((data) => {
    const w = globalThis as any;
    const dt = new w.DataTransfer();
    dt.items.add(new w.File([new Uint8Array(data)], 'pasted.png', { type: 'image/png' }));
    w.document.activeElement.dispatchEvent(new w.ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, bytes);
  await expect(image.reference('pasted.png')).toBeVisible();
  const drop = await page.evaluateHandle((data) => {
    const w = globalThis as any;
    const dt = new w.DataTransfer();
    dt.items.add(new w.File([new Uint8Array(data)], 'dropped.png', { type: 'image/png' }));
    return dt;
  }, bytes);
  await image.panel.getByTestId('image-dropzone').dispatchEvent('drop', { dataTransfer: drop });
  await expect(image.reference('dropped.png')).toBeVisible();
  await expect(image.prompt).toHaveValue('three foxes in a row');

  const expectDraft = async () => {
    await expect(image.model).toHaveValue('seedream-4-0');
    await expect(image.prompt).toHaveValue('three foxes in a row');
    await expect(image.field('Aspect ratio')).toHaveValue('4:3');
    await expect(image.field('Resolution')).toHaveValue('4K');
    await expect(image.field('Number of images')).toHaveValue('3');
    await expect(image.referenceItems).toHaveCount(4);
    await expect(image.referenceItems.nth(0)).toHaveAccessibleName('1. https://example.com/second.jpg');
    await expect(image.referenceItems.nth(1)).toHaveAccessibleName('2. first.png');
    await expectLoaded(image.reference('first.png').locator('img'));
  };

  await image.studio.openTab('Chat');
  await image.open();
  await expectDraft();

  // Saved as it changes (debounced): wait until storage has it, then restart the page.
  await expect.poll(() => storedDraft(page)).toContain('dropped.png');
  await page.reload();
  await image.open();
  await expectDraft();
  // The restored attachments still work: generate with them.
  await image.field('Number of images').fill('1');
  await image.field('Resolution').selectOption('1K');
  await image.references.getByRole('button', { name: 'Remove https://example.com/second.jpg' }).click();
  // Focus stays in the list, on the item that took the removed one's place.
  await expect(image.references.getByRole('button', { name: 'Remove first.png' })).toBeFocused();
  await image.generate();
  await image.expectImages(image.run('three foxes in a row'), 1, 30_000);
});

test('a Gallery remix prefills the form with the saved image\'s model, prompt and settings', async ({ page, studio }) => {
  const image = new ImagePage(page);
  await image.studio.open(studio.url);
  await image.open();
  await image.chooseModel('modela-4o-image');
  await image.prompt.fill('a tin robot watering plants');
  await image.field('Aspect ratio').selectOption('4:5');
  await image.generate();
  await image.expectImages(image.run('a tin robot watering plants'), 1);

  // A different draft meanwhile; the remix replaces it once.
  await image.chooseModel('seedream-4-5');
  await image.prompt.fill('something else entirely');
  const gallery = new GalleryPage(page);
  await gallery.open();
  await gallery.openDetail(gallery.cell(/^Image: a tin robot watering plants/));
  await gallery.detail.getByRole('button', { name: 'Remix in Image' }).click();
  await expect(image.studio.tab('Image')).toHaveAttribute('aria-selected', 'true');
  await expect(image.model).toHaveValue('modela-4o-image');
  await expect(image.prompt).toHaveValue('a tin robot watering plants');
  await expect(image.field('Aspect ratio')).toHaveValue('4:5');
});
