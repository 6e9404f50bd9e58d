/**
 * Budgets end to end, as a creator on the embedded sandbox (docs/ledger.md, "Budgets"): a small
 * daily budget set in Settings; speech calls spend it (tts-1 costs one ten-thousandth of a yuan a
 * character in the sandbox's private list, learned by the ledger from the balance); the 80, 90
 * and 100 % warnings appear on the banner and as notifications, once each; the hard stop then
 * refuses the next Generate with its message, nothing sent; the override lets exactly one through.
 */
import { test, expect } from './fixtures.js';
import { axeViolations } from './pages/axe.js';
import { BatchPage } from './pages/batch-page.js';
import { BudgetsPage } from './pages/budgets-page.js';
import { expectedCost } from './pages/costs-page.js';
import { pageCall } from './pages/page-call.js';
import { ImagePage } from './pages/image-page.js';
import { SpeechPage } from './pages/speech-page.js';

test('warnings at 80, 90 and 100 % once each; the hard stop holds Generate until one override', async ({ page, studio }) => {
  test.setTimeout(120_000);
  await BudgetsPage.recordNotifications(page);
  const budgets = new BudgetsPage(page);
  const speech = new SpeechPage(page);
  const image = new ImagePage(page);
  await budgets.studio.open(studio.url);
  // ¥0.01 is 100 ten-thousandths: 100 characters of tts-1.
  await budgets.set({ 'Daily spending (¥)': '0.01' }, true);

  const speak = async (characters: number) => {
    await speech.text.fill('a'.repeat(characters));
    await speech.speak();
  };
  await speech.open();
  await speech.field('Model').selectOption('tts-1');
  await speak(80);
  // The ledger reads the balance a few seconds after a billed call.
  await expect(budgets.banner).toContainText('80 % of your daily spending budget is spent', { timeout: 20_000 });
  await expect(budgets.banner).toContainText('¥0.008 of ¥0.01 spent on Offline sandbox');
  await speak(10);
  await expect(budgets.banner).toContainText('90 % of your daily spending budget is spent', { timeout: 20_000 });
  await expect(budgets.banner).not.toContainText('80 %');
  await speak(10);
  await expect(budgets.banner).toContainText('Your daily spending budget is spent', { timeout: 20_000 });
  await expect(budgets.banner).toContainText('New paid submissions are held');

  await image.open();
  await image.prompt.fill('a kite over the dunes');
  await image.generate();
  await expect(image.failure).toContainText('Not sent: your daily spending budget of ¥0.01 is spent (¥0.01 so far). Nothing was charged.');
  await expect(image.failure).toContainText('Choose “Allow the next one” above');
  await expect(image.runs).toHaveCount(0);
  await expect(image.prompt).toHaveValue('a kite over the dunes');
  // The banner and the refusal are usable by assistive technology.
  expect((await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await budgets.allowNext();
  await image.generate();
  await expect(image.runs).toHaveCount(1);
  await expect(budgets.banner).toContainText('New paid submissions are held');
  await image.generate();
  await expect(image.failure).toContainText('daily spending budget of ¥0.01 is spent');
  await expect(image.runs).toHaveCount(1);

  // The Settings section says what the day has spent.
  await budgets.studio.openTab('Settings');
  await expect(budgets.section).toContainText('spent this day');
  expect(await budgets.notifications()).toEqual([
    '80 % of your daily spending budget is spent',
    '90 % of your daily spending budget is spent',
    'Your daily spending budget is spent',
  ]);
});

test('a compare run shows the cost of its jobs and the budget it would cross before Generate', async ({ page, studio }) => {
  const image = new ImagePage(page);
  await image.studio.open(studio.url);
  // The creator's prices: ¥0.05 a 1K image of seedream-4-0, ¥0.07 of modela-4o-image.
  const prices = await pageCall(page, 'ledger.setPrices', { entries: [
    { kind: 'image', model: 'seedream-4-0', unitClass: '1K', price: 500 },
    { kind: 'image', model: 'modela-4o-image', unitClass: '1K', price: 700 },
  ] });
  expect(prices.ok, JSON.stringify(prices)).toBe(true);
  expect((await pageCall(page, 'budgets.set', { limits: { dailyMoney: 1500 }, hardStop: false })).ok).toBe(true);

  await image.open();
  await image.chooseModel('seedream-4-0');
  await image.field('Resolution').selectOption('1K');
  await image.prompt.fill('a lighthouse, two ways');
  await image.form.getByRole('checkbox', { name: 'Compare models' }).press('Space');
  const models = image.form.getByRole('group', { name: 'Models to compare' });
  await models.getByRole('checkbox', { name: 'modela-4o-image' }).check();
  const cost = expectedCost(image.form);
  await expect(cost).toContainText('Expected cost of 2 jobs: CN¥0.12 · set by you');
  await expect(cost.getByTestId('budget-crossed')).toHaveCount(0);

  // Two images each: ¥0.24 would take the ¥0.15 day past its limit; it says so, nothing is sent.
  await image.field('Number of images').fill('2');
  await expect(cost).toContainText('Expected cost of 2 jobs: CN¥0.24');
  await expect(cost.getByTestId('budget-crossed')).toHaveText(/^This run would take your daily spending budget past its limit: CN¥0(\.0+)? spent, CN¥0\.24 after it, of CN¥0\.15\.$/);
  await expect(image.runs).toHaveCount(0);
  // A model with no price yet is counted apart, never as ¥0.
  await models.getByRole('checkbox', { name: 'seedream-4-5' }).check();
  await expect(cost).toContainText('+ 1 not priced yet');
});

test('a batch shows its expected cost, the budget left and the budget it would cross before it is queued', async ({ page, studio }) => {
  const batch = new BatchPage(page);
  await batch.studio.open(studio.url);
  // ¥0.05 a 1K image of seedream-4-0, ¥0.07 of modela-4o-image; a ¥0.30 day.
  expect((await pageCall(page, 'ledger.setPrices', { entries: [
    { kind: 'image', model: 'seedream-4-0', unitClass: '1K', price: 500 },
    { kind: 'image', model: 'modela-4o-image', unitClass: '1K', price: 700 },
  ] })).ok).toBe(true);
  expect((await pageCall(page, 'budgets.set', { limits: { dailyMoney: 3000 }, hardStop: false })).ok).toBe(true);

  await batch.open();
  await batch.prompts(['a lighthouse at dawn', 'a fox in snow']);
  await batch.tick('Models', 'seedream-4-0', 'modela-4o-image');
  await batch.tick('Resolution', '1K');
  const cost = batch.composer.getByTestId('batch-cost');
  // 2 prompts × (¥0.05 + ¥0.07): ¥0.24, within the day's ¥0.30.
  await expect(cost).toContainText('Expected cost of 4 jobs: CN¥0.24 · set by you');
  await expect(cost.getByTestId('budget-left')).toContainText('CN¥0.30 of CN¥0.30');
  await expect(cost.getByTestId('budget-crossed')).toHaveCount(0);

  // A third prompt: ¥0.36 would pass the day's limit; it says so before anything is queued.
  await batch.prompts(['a lighthouse at dawn', 'a fox in snow', 'a paper crane']);
  await expect(cost).toContainText('Expected cost of 6 jobs: CN¥0.36');
  await expect(cost.getByTestId('budget-crossed')).toHaveText(/^This run would take your daily spending budget past its limit: CN¥0(\.0+)? spent, CN¥0\.36 after it, of CN¥0\.30\.$/);
  expect(await pageCall(page, 'batches.list', {})).toMatchObject({ ok: true, value: [] });
});
