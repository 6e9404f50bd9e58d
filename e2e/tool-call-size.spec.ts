/**
 * A function call with megabytes of arguments (docs/robust-host.md, "Limits"): a 30 MB call held
 * the page for seconds each time its conversation opened. The page is sent the first characters
 * only, and reads the rest when the creator asks (Show all). The sandbox makes the call
 * (`[big:args:N]`, sandbox/README.md); kept to 2 MB so the run stays quick.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { ROUTED_PAGE } from './support/routed-page.js';
import { ChatPage } from './pages/chat-page.js';

test.use(ROUTED_PAGE);

const SCHEMA = '{"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}';

/** The sizes of the conversation reads (`chat.get`) the page makes from now on. */
/**
 * The size of every `chat.get` answer from now on, read on its way to the page: a body read
 * afterwards can be gone from Chromium's buffer (or belong to the page before a reload).
 */
async function conversationReads(page: Page): Promise<number[]> {
  const sizes: number[] = [];
  await page.route('**/api/call/chat.get', async (route) => {
    const response = await route.fetch();
    sizes.push((await response.body()).length);
    await route.fulfill({ response });
  });
  return sizes;
}

test('2 MB of arguments: the card shows the first characters, Show all the rest; the conversation opens again without them', async ({ page, studio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newToolConversation();
  await chat.settings.getByRole('button', { name: '+ Add function' }).click();
  await chat.settings.getByRole('listitem', { name: 'Function 1' }).getByLabel('Function name', { exact: true }).fill('get_weather');
  await chat.settings.getByRole('listitem', { name: 'get_weather' }).getByLabel('Parameters (JSON schema)', { exact: true }).fill(SCHEMA);
  await chat.expectSettingsSaved();
  await chat.closeSettings();

  await chat.send('[big:args:2000000] What does get_weather say?');
  const asking = chat.replies.first();
  await chat.expectStatus(asking, 'complete');
  const card = asking.getByRole('region', { name: 'Function call get_weather' });
  const args = card.getByRole('group', { name: 'Arguments of get_weather' });
  // The preview as the model wrote it: a cut piece of JSON is not called invalid.
  await expect(args).toHaveText(/^\{"city":"abcdefghijklmnopqrstuvwxyz/);
  expect((await args.textContent())!.length).toBe(2_000);
  await expect(card).toContainText(/The first 2,000 of 2,000,\d{3} characters\./);
  await expect(card).not.toContainText('Not valid JSON');

  for (const size of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
    await page.setViewportSize(size);
    // The arguments scroll within the card; Show all sits under them, in view once scrolled to.
    const box = (await args.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(340);
    await card.getByRole('button', { name: 'Show all' }).scrollIntoViewIfNeeded();
    await expect(card.getByRole('button', { name: 'Show all' })).toBeInViewport();
  }

  // After a restart of the page the conversation opens with the preview, not the megabytes.
  const reads = await conversationReads(page);
  await page.reload();
  // The opening read itself, awaited (its body is read once it has all come, however busy the machine).
  await expect.poll(() => reads.length).toBeGreaterThan(0);
  expect(reads[0]).toBeLessThan(50_000);
  await chat.open();
  const again = chat.replies.first().getByRole('region', { name: 'Function call get_weather' });
  await expect(again.getByRole('group', { name: 'Arguments of get_weather' })).toHaveText(/^\{"city":"abcdef/);
  expect(Math.max(0, ...reads)).toBeLessThan(50_000);

  await again.getByRole('button', { name: 'Show all' }).click();
  await expect(again).not.toContainText('The first 2,000');
  const whole = (await again.getByRole('group', { name: 'Arguments of get_weather' }).textContent())!;
  expect(whole.length).toBeGreaterThan(1_990_000);
  expect(JSON.parse(whole)).toEqual({ city: expect.stringMatching(/^abcdefghijklmnopqrstuvwxyz/) });
  // Still answerable as any call: the answer goes to the model with the whole call.
  await again.getByRole('textbox', { name: 'Result' }).fill('Sunny');
  await again.getByRole('button', { name: 'Send result' }).click();
  await expect(chat.replies).toHaveCount(2);
  await chat.expectStatus(chat.lastReply, 'complete');
  await expect(chat.lastReply).toContainText('The tool get_weather returned: Sunny');
});
