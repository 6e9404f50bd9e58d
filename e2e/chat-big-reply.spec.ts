/**
 * Replies of any size in Chromium (docs/performance.md, "Targets"): a reply that is one unbroken
 * 1 MB word streams in, the conversation opens by itself when the studio starts again (it is the
 * newest), and the composer still takes typing; Copy gives the whole word. Behaviour only: the
 * time it takes is bench/big-replies.ts's to judge.
 */
import { test, expect } from './fixtures.js';
import { ChatPage, paceSandbox } from './pages/chat-page.js';

const WORD_CHARS = 1_000_000;

/** What the page's clipboard offers (the e2e project compiles without the DOM lib). */
type Clipboarded = { navigator: { clipboard: { readText(): Promise<string> } } };

test('a conversation holding a 1 MB word opens at start, shows the word\'s end, and the composer still takes typing; the reader reaches its start and end', async ({ page, studio, context }) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newConversation();
  await paceSandbox(page, studio.sandboxUrl, 0);
  await chat.send(`[big:word:${WORD_CHARS}] One very long word, please.`);
  await chat.expectStatus(chat.lastReply, 'complete', 120_000);

  // The studio starts again: the Chat tab opens the newest conversation, this one, by itself.
  await page.reload();
  await chat.open();
  const reply = chat.lastReply;
  await chat.expectStatus(reply, 'complete', 60_000);
  // Its end is on screen: the word's last letters (it cycles through the alphabet).
  const body = reply.getByTestId('reply-text');
  await expect(body.locator('.md')).toBeVisible();
  const end = 'abcdefghijklmnopqrstuvwxyz'.repeat(Math.ceil(WORD_CHARS / 26)).slice(0, WORD_CHARS).slice(-40);
  await expect.poll(() => body.evaluate((el) => el.textContent?.replace(/\s/g, '').slice(-40))).toBe(end);
  // Far from all of it is laid out.
  expect(await body.evaluate((el) => el.textContent?.length ?? 0)).toBeLessThan(WORD_CHARS / 4);

  // The composer takes typing, and the words stay.
  await chat.messageBox.click();
  await page.keyboard.type('Thanks, that is long enough.');
  await expect(chat.messageBox).toHaveValue('Thanks, that is long enough.');

  // The reader can go to its very start, and back to its end, with the keys.
  const scroll = page.getByTestId('chat-scroll');
  await scroll.focus();
  await scroll.press('Home');
  await expect(page.getByText('One very long word, please.').first()).toBeInViewport();
  await expect.poll(() => body.evaluate((el) => el.querySelector('.md-piece')?.textContent?.slice(0, 40))).toBe('abcdefghijklmnopqrstuvwxyz'.repeat(2).slice(0, 40));
  await expect(body.locator('.md-piece').first()).toBeInViewport();
  await scroll.press('End');
  await expect.poll(() => body.evaluate((el) => el.textContent?.replace(/\s/g, '').slice(-40))).toBe(end);
  await expect(body.locator('.md-piece').last()).toBeInViewport();

  // Copy gives the whole word.
  await reply.getByRole('button', { name: 'Copy', exact: true }).click();
  const copied = await page.evaluate(() => (globalThis as unknown as Clipboarded).navigator.clipboard.readText());
  expect(copied.length).toBe(WORD_CHARS);
  expect(copied.slice(-40)).toBe(end);
});
