/**
 * Budgets end to end, as a creator on the embedded sandbox (docs/ledger.md, "Budgets"): a small
 * daily budget set in Settings; speech calls spend it (tts-1 costs one ten-thousandth of a yuan a
 * character in the sandbox's private list, learned by the ledger from the balance); the 80, 90
 * and 100 % warnings appear on the banner and as notifications, once each; the hard stop then
 * refuses the next Generate with its message, nothing sent; the override lets exactly one through.
 */
import { test, expect } from './fixtures.js';
import { axeViolations } from './pages/axe.js';
import { BudgetsPage } from './pages/budgets-page.js';
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
