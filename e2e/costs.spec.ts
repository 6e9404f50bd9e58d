/**
 * Cost where the work is, end to end against the embedded sandbox (docs/ledger.md, "Cost where the
 * work is", "Prices you set"): after real calls the task row, the gallery item and the chat reply
 * show what they cost; the Image form shows the expected cost before Generate, following
 * resolution and the number of images; a price set in Settings (by keyboard) changes the quote
 * and prices the calls after it as "set by you". Never a 0 for an unknown cost.
 */
import { test, expect } from './fixtures.js';
import { ChatPage } from './pages/chat-page.js';
import { GalleryPage } from './pages/gallery-page.js';
import { ImagePage } from './pages/image-page.js';
import { TasksPage } from './pages/tasks-page.js';
import { costLine, expectedCost, PricesSection, readBalances, savedImageJob } from './pages/costs-page.js';

/** The sandbox's private price of one 1K seedream-4-0 image, in yuan (checked only here). */
async function truePrice(sandboxUrl: string): Promise<number> {
  const prices = (await (await fetch(`${sandboxUrl}/_sandbox/prices`)).json()) as { images: Record<string, Record<string, number>> };
  return prices.images['seedream-4-0']['1K'];
}

const yuan = (n: number) => new RegExp(`¥${n.toFixed(2).replace('.', '\\.')}`);

test('the task row, the gallery item and the chat reply show what they cost', async ({ page, studio }) => {
  test.setTimeout(90_000);
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await readBalances(page);

  await chat.open();
  await chat.newConversation();
  const reply = await chat.send('What does this cost?');
  await chat.expectStatus(reply, 'complete');
  // Nothing shown as 0 while the balance has not been read: "working out…", then the money.
  await readBalances(page);
  await expect(costLine(reply)).toHaveText(/^Cost: CN¥0\.\d+ · \d+ in · \d+ out tokens$/);
  await expect(costLine(reply)).toHaveAttribute('data-basis', 'exact');

  await savedImageJob(page, { model: 'seedream-4-0', prompt: 'a kite over the sea', resolution: '1K', n: 2 });
  const price = await truePrice(studio.sandboxUrl);
  const tasks = new TasksPage(page);
  await tasks.open();
  await expect(costLine(tasks.row('a kite over the sea'))).toHaveText(yuan(2 * price));

  const gallery = new GalleryPage(page);
  await gallery.open();
  // The job's two pictures are one stack (docs/library-files.md, "Stacks").
  await gallery.expectCount(1);
  const detail = await gallery.openDetail(gallery.cells.first());
  await expect(costLine(detail)).toHaveText(yuan(2 * price));
});

test('the Image form shows the expected cost before Generate, following resolution and n', async ({ page, studio }) => {
  test.setTimeout(120_000);
  const image = new ImagePage(page);
  await image.studio.open(studio.url);
  await readBalances(page);
  await image.open();
  await image.chooseModel('seedream-4-0');
  await image.field('Resolution').selectOption('1K');
  await image.field('Number of images').fill('1');
  // Nothing learned yet: unpriced, never ¥0.
  await expect(expectedCost(image.form)).toHaveAttribute('data-basis', 'unpriced');
  await expect(expectedCost(image.form)).toContainText('unpriced');

  // Three jobs, each read on its own: exact, and the price is learned from them.
  for (const n of [1, 2, 1]) await savedImageJob(page, { model: 'seedream-4-0', prompt: `learn ${n}`, resolution: '1K', n });
  const price = await truePrice(studio.sandboxUrl);
  await expect(expectedCost(image.form)).toHaveAttribute('data-basis', 'estimated');
  await expect(expectedCost(image.form)).toContainText(new RegExp(`^Expected cost: ≈ CN${yuan(price).source} \\(`));
  await image.field('Number of images').fill('3');
  await expect(expectedCost(image.form)).toContainText(new RegExp(`≈ CN${yuan(3 * price).source}`));
  // 2K is billed at its own price, not learned yet.
  await image.field('Resolution').selectOption('2K');
  await expect(expectedCost(image.form)).toHaveAttribute('data-basis', 'unpriced');
});

test('a price set in Settings changes the quote and prices the next calls as "set by you"', async ({ page, studio }) => {
  test.setTimeout(90_000);
  const prices = new PricesSection(page);
  await prices.studio.open(studio.url);
  await readBalances(page);
  await prices.open();
  await expect(prices.section).toContainText('No prices set');

  // By keyboard: the kind, the model, the class, the price, then Enter.
  await prices.field('Billed by').selectOption('image');
  await prices.field('Model').fill('seedream-4-0');
  await prices.field('Resolution').fill('1K');
  await prices.field('¥ per image').fill('-1');
  await prices.field('¥ per image').press('Enter');
  // Refused at its field, what was typed kept.
  await expect(prices.form).toContainText('Enter a price in yuan, 0 or more');
  await expect(prices.field('¥ per image')).toHaveValue('-1');
  await expect(prices.field('¥ per image')).toBeFocused();
  await prices.field('¥ per image').fill('0.25');
  await prices.field('¥ per image').press('Enter');
  await expect(prices.section.getByRole('status')).toHaveText('Price saved.');
  await expect(prices.table.getByRole('row', { name: /seedream-4-0/ })).toContainText('images at 1K');
  await expect(prices.table.getByRole('row', { name: /seedream-4-0/ })).toContainText('CN¥0.25 per image');
  await expect(prices.field('Model')).toBeFocused();

  const image = new ImagePage(page);
  await image.open();
  await image.chooseModel('seedream-4-0');
  await image.field('Resolution').selectOption('1K');
  await image.field('Number of images').fill('2');
  await expect(expectedCost(image.form)).toHaveText('Expected cost: CN¥0.50 · your price');

  await savedImageJob(page, { model: 'seedream-4-0', prompt: 'priced by me', resolution: '1K', n: 2 });
  const tasks = new TasksPage(page);
  await tasks.open();
  await expect(costLine(tasks.row('priced by me'))).toHaveText('Cost: CN¥0.50 · set by you');

  // Edited, then removed: the quote follows.
  await prices.open();
  await prices.table.getByRole('button', { name: 'Edit the price of seedream-4-0' }).click();
  await expect(prices.field('Model')).toBeFocused();
  await prices.field('¥ per image').fill('0.3');
  await prices.form.getByRole('button', { name: 'Save price' }).click();
  await expect(prices.table.getByRole('row', { name: /seedream-4-0/ })).toContainText('CN¥0.30 per image');
  await image.open();
  await expect(expectedCost(image.form)).toHaveText('Expected cost: CN¥0.60 · your price');
  await prices.open();
  await prices.table.getByRole('button', { name: 'Remove the price of seedream-4-0' }).click();
  await expect(prices.section.getByRole('status')).toHaveText('Price of seedream-4-0 removed.');
  await image.open();
  await expect(expectedCost(image.form)).not.toHaveAttribute('data-basis', 'user');
});
