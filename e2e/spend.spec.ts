/**
 * The Spend tab in Chromium against the studio's embedded sandbox (docs/ledger.md, "The Spend
 * view"): after a real chat reply, an image job and speech, its totals equal the sandbox's own
 * record of the spend; filters narrow the calls; a call opens the conversation it was made in;
 * the filtered calls export as CSV and JSON the browser downloads; the charts have tables, and
 * the keyboard reaches a bar's calls; axe finds nothing serious in either view.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { test, expect } from './fixtures.js';
import { ChatPage } from './pages/chat-page.js';
import { submitTask } from './pages/gallery-page.js';
import { expectNoSeriousViolations } from './pages/axe.js';
import { pageCall } from './pages/page-call.js';
import { sandboxSpend, SpendPage, yuan } from './pages/spend-page.js';

const BILLED = { timeout: 45_000 };

/**
 * Waits until the ledger holds `calls` calls, each priced from a balance read. The next call then
 * falls in a balance window of its own and is attributed exactly, however busy the machine: two
 * calls of unknown price in one window are unpriced and their money not attributed, by design
 * (docs/ledger.md, "Bases").
 */
async function priced(page: Page, calls: number) {
  await expect.poll(async () => {
    await pageCall(page, 'ledger.totals', { refresh: true });
    const rows = ((await pageCall(page, 'ledger.rows', { limit: 50 })).value.rows as { kind: string; basis?: string }[]).filter((r) => r.kind === 'call');
    return rows.length === calls && rows.every((r) => r.basis !== undefined);
  }, BILLED).toBe(true);
}

/** A chat reply in one conversation, then a second, empty conversation left open; an image job; speech. */
async function spendSome(page: Page, url: string) {
  const chat = new ChatPage(page);
  await chat.studio.open(url);
  await chat.open();
  await chat.panel.getByRole('button', { name: 'New conversation', exact: true }).click();
  const reply = await chat.send('What will this cost?');
  await chat.expectStatus(reply, 'complete');
  await priced(page, 1);
  await chat.newConversation();
  await submitTask(page, { route: 'image', request: { model: 'seedream-4-0', prompt: 'a ledger in the rain', resolution: '1K' } });
  await priced(page, 2);
  expect(await pageCall(page, 'speech.synthesize', { model: 'tts-1', input: 'Every call has a price.', voice: 'alloy' })).toMatchObject({ ok: true });
  await priced(page, 3);
  return chat;
}

test('after real calls the totals equal the sandbox’s spend; filters narrow the calls; a call opens its conversation', async ({ page, studio }) => {
  test.setTimeout(120_000);
  const chat = await spendSome(page, studio.url);
  const spend = new SpendPage(page);
  await spend.open();

  // Every call priced from the balance, so the month's money is the sandbox's true spend.
  await expect(async () => {
    const truth = await sandboxSpend(studio.sandboxUrl);
    expect(truth.total_units).toBeGreaterThan(0);
    await expect(spend.money('month')).toHaveText(yuan(truth.total_units), { timeout: 1_000 });
  }).toPass(BILLED);
  const truth = await sandboxSpend(studio.sandboxUrl);
  await expect(spend.money('today')).toHaveText(yuan(truth.total_units));
  await expect(spend.money('range')).toHaveText(yuan(truth.total_units));
  await expect(spend.card('remainder')).toBeVisible();
  await expect(spend.callRows).toHaveCount(3);

  await spend.filter('Kind').selectOption({ label: 'Speech' });
  await expect(spend.callRows).toHaveCount(1);
  await expect(spend.callRows.first()).toContainText('tts-1');
  await expect(spend.callRows.first()).toContainText('23 characters');
  await spend.filter('Kind').selectOption({ label: 'All' });
  await spend.filter('Model').selectOption('seedream-4-0');
  await expect(spend.callRows).toHaveCount(1);
  await expect(spend.callRows.first()).toContainText('1 × 1K');

  // The chat's call opens its conversation, not the empty one Chat was left on.
  await spend.filter('Model').selectOption({ label: 'All models' });
  await spend.filter('Kind').selectOption({ label: 'Text' });
  await expect(spend.callRows).toHaveCount(1);
  await spend.callRows.first().getByRole('button', { name: 'Open conversation' }).click();
  await expect(chat.panel).toBeVisible();
  await expect(chat.panel.getByRole('heading', { name: 'What will this cost?' })).toBeVisible();
});

test('exports the filtered calls as CSV and JSON the browser downloads', async ({ page, studio }) => {
  test.setTimeout(120_000);
  await spendSome(page, studio.url);
  const spend = new SpendPage(page);
  await spend.open();
  await expect(async () => {
    const truth = await sandboxSpend(studio.sandboxUrl);
    await expect(spend.money('month')).toHaveText(yuan(truth.total_units), { timeout: 1_000 });
  }).toPass(BILLED);

  await spend.filter('Kind').selectOption({ label: 'Images' });
  await expect(spend.callRows).toHaveCount(1);
  const csvDownload = page.waitForEvent('download');
  await spend.exportBar.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^gateway-studio-spend-.*\.csv$/);
  await expect(spend.exportBar.getByRole('status')).toHaveText(/^Exported 1 call: your browser is downloading gateway-studio-spend-.*\.csv\.$/);
  const rows = parse(await readFile(await csv.path(), 'utf8'), { columns: true, bom: true }) as Record<string, string>[];
  expect(rows).toEqual([expect.objectContaining({ model: 'seedream-4-0', modality: 'image', images: '1', resolution: '1K' })]);
  const image = (await sandboxSpend(studio.sandboxUrl)).rows.find((r) => r.model === 'seedream-4-0') as { amount_units: number } | undefined;
  expect(Math.round(Number(rows[0].money_yuan) * 10_000)).toBe(image?.amount_units);

  await spend.filter('Kind').selectOption({ label: 'All' });
  await expect(spend.callRows).toHaveCount(3);
  const jsonDownload = page.waitForEvent('download');
  await spend.exportBar.getByRole('button', { name: 'Export JSON' }).click();
  const doc = JSON.parse(await readFile(await (await jsonDownload).path(), 'utf8'));
  expect(doc.count).toBe(3);
  expect(doc.rows.map((r: { model: string }) => r.model).sort()).toEqual(['modela-5', 'seedream-4-0', 'tts-1'].sort());
});

test('each chart has a table; the keyboard opens the tab and lists a bar’s calls', async ({ page, studio }) => {
  test.setTimeout(120_000);
  await spendSome(page, studio.url);
  const spend = new SpendPage(page);
  await spend.studio.tab('Spend').focus();
  await page.keyboard.press('Enter');
  await expect(spend.card('month')).toBeVisible();
  await expect(spend.callRows).toHaveCount(3, BILLED);

  const byModel = spend.chart('Spend by model');
  await expect(byModel.getByRole('img')).toHaveAccessibleName(/^Spend by model: .* across 3 bars/, BILLED);
  await expectNoSeriousViolations(page, 'the Spend tab with its charts');
  const toggle = byModel.getByRole('button', { name: 'Show as table' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const table = byModel.getByRole('table', { name: 'Spend by model' });
  // The models are ordered by money: only the set is fixed.
  await expect.poll(async () => (await table.getByRole('rowheader').allInnerTexts()).sort()).toEqual(['modela-5', 'seedream-4-0', 'tts-1']);
  await expectNoSeriousViolations(page, 'the Spend tab with a chart as a table');
  await page.keyboard.press('Tab');
  await expect(table.getByRole('button', { name: /^Show rows: / }).first()).toBeFocused();
  const first = (await table.getByRole('rowheader').first().innerText()).trim();
  await page.keyboard.press('Enter');
  await expect(spend.calls.getByRole('heading', { name: `Calls of ${first}` })).toBeVisible();
  await expect(spend.callRows).toHaveCount(1);
  await expect(spend.chart('Spend by day').getByRole('button', { name: 'Show as table' })).toBeVisible();
});
