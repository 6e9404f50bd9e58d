/**
 * Compare: one prompt to several image models at once, against the sandbox. Each model gets the
 * request adapted to what it offers (the issue: 21:9 silently became 1:1; here it becomes the
 * nearest ratio, and the form says so), the results stand side by side in one row, one column per
 * model, each with its own image in its own shape; "Keep this one" puts one in focus and the form
 * takes its model and settings. One model's refusal stays in its cell; the row survives a reload.
 */
import { test, expect } from './fixtures.js';
import type { Locator } from '@playwright/test';
import { expectNoSeriousViolations } from './pages/axe.js';
import { ImagePage } from './pages/image-page.js';

const shapeOf = async (el: Locator) => {
  const box = (await el.boundingBox())!;
  return box.width / box.height;
};

test('three models side by side: each column gets its image in its shape, and one is kept for the next run', async ({ page, studio }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  const image = new ImagePage(page);
  await image.studio.open(studio.url);
  await image.open();
  await image.chooseModel('modela-4o-image');
  await image.field('Aspect ratio').selectOption('21:9');
  await image.prompt.fill('a harbour at night, three ways');

  // Turned on from the keyboard: the model chosen above is the first picked.
  await image.form.getByRole('checkbox', { name: 'Compare models' }).press('Space');
  const models = image.form.getByRole('group', { name: 'Models to compare' });
  await expect(models.getByRole('checkbox', { name: 'modela-4o-image' })).toBeChecked();
  // One is not a comparison: refused before anything is sent.
  await image.generate();
  await expect(models).toHaveAccessibleDescription(/Pick 2 to 4 models to compare/);
  await expect(image.runs).toHaveCount(0);
  await models.getByRole('checkbox', { name: 'seedream-4-0' }).check();
  await models.getByRole('checkbox', { name: 'modelc-2.5-flash-image-preview' }).check();
  await image.generate();

  const row = image.runs.first();
  await expect(row).toHaveAccessibleName('Compare: a harbour at night, three ways');
  const cell = (model: string) => row.getByRole('region', { name: model, exact: true });
  await expect(row.getByTestId('compare-cell')).toHaveCount(3);
  // Side by side, in one row, in the order of the catalog.
  const boxes = await Promise.all(['seedream-4-0', 'modela-4o-image', 'modelc-2.5-flash-image-preview'].map((m) => cell(m).boundingBox()));
  expect(boxes[0]!.x).toBeLessThan(boxes[1]!.x);
  expect(boxes[1]!.x).toBeLessThan(boxes[2]!.x);
  expect(Math.abs(boxes[0]!.y - boxes[2]!.y)).toBeLessThan(2);
  for (const model of ['seedream-4-0', 'modela-4o-image', 'modelc-2.5-flash-image-preview']) await image.expectImages(cell(model), 1, 60_000);

  // Each was asked for what it offers: modela keeps 21:9, seedream-4-0 has no 21:9 and got 16:9.
  await expect(cell('modela-4o-image')).toContainText('21:9');
  await expect(cell('seedream-4-0')).toContainText('16:9');
  expect(await shapeOf(image.openButtons(cell('modela-4o-image')).first())).toBeCloseTo(21 / 9, 1);
  expect(await shapeOf(image.openButtons(cell('seedream-4-0')).first())).toBeCloseTo(16 / 9, 1);
  await expect(cell('modelc-2.5-flash-image-preview').getByTestId('native-text')).toContainText('Generated');

  // Keep seedream-4-0: it stays in focus, and the form takes its model and settings.
  const keep = cell('seedream-4-0').getByRole('button', { name: 'Keep this one' });
  await keep.click();
  await expect(keep).toHaveAttribute('aria-pressed', 'true');
  await expect(cell('seedream-4-0')).toContainText('Kept');
  await expect(cell('modela-4o-image').getByRole('button', { name: 'Keep this one' })).toHaveAttribute('aria-pressed', 'false');
  // The others step back: their pictures dimmed.
  const dimmed = (model: string) => cell(model).locator('.result-open img').first().evaluate((el) => Number((globalThis as any).getComputedStyle(el).opacity));
  await expect.poll(() => dimmed('modela-4o-image')).toBeLessThan(1);
  expect(await dimmed('seedream-4-0')).toBe(1);
  await expect(image.model).toHaveValue('seedream-4-0');
  await expect(image.field('Aspect ratio')).toHaveValue('16:9');
  await expect(image.form.getByRole('checkbox', { name: 'Compare models' })).not.toBeChecked();
  await expect(image.form.getByTestId('model-switch-note')).toHaveText('The form now uses seedream-4-0 and its settings.');
  await image.form.getByRole('checkbox', { name: 'Compare models' }).check();
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expectNoSeriousViolations(page, `a compare row with one kept (${theme})`);
  }
  if (process.env.RESULTS_SHOTS) await page.screenshot({ path: `${process.env.RESULTS_SHOTS}/compare.png` });
  await image.form.getByRole('checkbox', { name: 'Compare models' }).uncheck();

  // The row, its images and the kept column survive a reload.
  await expect.poll(() => page.evaluate(() => (globalThis as any).localStorage.getItem('gateway-studio:draft:image-runs') as string)).toContain('"kept":"seedream-4-0"');
  await page.reload();
  await image.open();
  await expect(row.getByTestId('compare-cell')).toHaveCount(3);
  for (const model of ['seedream-4-0', 'modela-4o-image', 'modelc-2.5-flash-image-preview']) await image.expectImages(cell(model), 1);
  await expect(cell('seedream-4-0').getByRole('button', { name: 'Keep this one' })).toHaveAttribute('aria-pressed', 'true');
});

test('switching model keeps what the new model accepts and says what it had to change', async ({ page, studio }) => {
  const image = new ImagePage(page);
  await image.studio.open(studio.url);
  await image.open();
  await image.chooseModel('seedream-4-5');
  await image.field('Aspect ratio').selectOption('21:9');
  await image.field('Number of images').fill('12');
  await image.chooseModel('seedream-4-0');
  await expect(image.field('Aspect ratio')).toHaveValue('16:9');
  await expect(image.field('Number of images')).toHaveValue('4');
  await expect(image.form.getByRole('status').filter({ hasText: 'has no' })).toHaveText('seedream-4-0 has no 21:9: now 16:9. seedream-4-0 cannot make 12 images: now 4.');
  // What the next model accepts is kept as it is.
  await image.chooseModel('modela-4o-image');
  await expect(image.field('Aspect ratio')).toHaveValue('16:9');
  await expect(image.field('Number of images')).toHaveValue('4');
  await expect(image.field('Resolution')).toHaveValue('2K');
});

test('one model\'s refusal stays in its cell and does not stop the others', async ({ page, studio }) => {
  test.setTimeout(90_000);
  const image = new ImagePage(page);
  await image.studio.open(studio.url);
  await image.open();
  await image.chooseModel('seedream-4-0');
  await image.prompt.fill('a kite over the dunes');
  // A link: the job models fetch it, the native models edit attached files only.
  await image.addLink('https://example.com/kite.png');
  await image.form.getByRole('checkbox', { name: 'Compare models' }).check();
  const models = image.form.getByRole('group', { name: 'Models to compare' });
  await models.getByRole('checkbox', { name: 'modelc-3-pro-image-preview' }).check();
  await image.generate();

  const row = image.runs.first();
  await expect(row.getByRole('region', { name: 'modelc-3-pro-image-preview' })).toContainText('Native models edit attached files only');
  await image.expectImages(row.getByRole('region', { name: 'seedream-4-0' }), 1, 30_000);
});
