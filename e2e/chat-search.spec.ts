/**
 * Chat search end to end (docs/data.md, "The chat search index"): the sidebar's search shows the
 * conversations with the query marked in their snippet; in the open conversation Ctrl+F opens the
 * find bar, Enter and Shift+Enter step through the hits (announced "n of m"), each message marked,
 * and Esc closes it with focus back on the messages.
 */
import { test, expect } from './fixtures.js';
import { ChatPage } from './pages/chat-page.js';

/** The page's CSS highlight registry (the e2e project compiles without the DOM's types). */
interface Highlights { CSS: { highlights: Map<string, Set<{ startContainer: unknown }>> } }

/** How many ranges a CSS highlight holds (find-marks.ts marks the find bar's query with them). */
const marks = (chat: ChatPage, name: string) => chat.page.evaluate((n) => (globalThis as unknown as Highlights).CSS.highlights.get(n)?.size ?? 0, name);

test('the sidebar marks the query in its snippets; Ctrl+F finds in the open conversation and steps through the hits', async ({ page, studio }) => {
  test.setTimeout(90_000);
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newConversation();
  await chat.expectStatus(await chat.send('Notes about lighthouses on the coast'), 'complete');
  await chat.expectStatus(await chat.send('More on the lighthouses of Brittany'), 'complete');
  await chat.newConversation();
  await chat.expectStatus(await chat.send('Ideas for painting red foxes'), 'complete');

  await chat.search.fill('LIGHTHOUSES of');
  await expect(chat.conversations).toHaveCount(1);
  const entry = chat.conversations.first();
  await expect(entry.locator('mark')).toHaveText(['lighthouses of']);
  await expect(entry).toContainText('More on the lighthouses of Brittany');

  await entry.getByRole('button').first().click();
  await expect(chat.heading).toHaveText('Notes about lighthouses on the coast');
  await chat.messages.focus();
  await page.keyboard.press('Control+f');
  const find = chat.panel.getByRole('searchbox', { name: 'Find in this conversation' });
  await expect(find).toBeFocused();
  await find.fill('lighthouses');
  const count = chat.panel.getByRole('search', { name: 'Find in this conversation' }).getByRole('status');
  // Newest first: the second turn's reply (the sandbox quotes the message) is the first hit; the
  // two messages and their two replies hold it.
  await expect(count).toHaveText('1 of 4');
  await expect.poll(() => marks(chat, 'chat-find-current')).toBeGreaterThan(0);
  await expect.poll(() => marks(chat, 'chat-find')).toBeGreaterThan(0);
  await find.press('Enter');
  await expect(count).toHaveText('2 of 4');
  await find.press('Shift+Enter');
  await expect(count).toHaveText('1 of 4');
  // Before the first, the last: the oldest hit, the conversation's first message.
  await find.press('Shift+Enter');
  await expect(count).toHaveText('4 of 4');
  await expect(chat.userTurns.filter({ hasText: 'Notes about lighthouses on the coast' })).toBeInViewport();
  await expect.poll(() => chat.userTurns.filter({ hasText: 'Notes about lighthouses on the coast' }).evaluate((el) => {
    const current = (globalThis as unknown as Highlights).CSS.highlights.get('chat-find-current');
    return [...(current?.values() ?? [])].some((r) => el.contains(r.startContainer as typeof el));
  })).toBe(true);

  // Typed as plain text, FTS5's syntax finds nothing and breaks nothing.
  await find.fill('"NEAR(*');
  await expect(count).toHaveText('No matches');
  await expect.poll(() => marks(chat, 'chat-find-current')).toBe(0);

  await find.press('Escape');
  await expect(find).toHaveCount(0);
  await expect(chat.messages).toBeFocused();
  await expect.poll(() => marks(chat, 'chat-find')).toBe(0);
  // Esc closed the find bar, nothing more: the conversation is still open.
  await expect(chat.heading).toHaveText('Notes about lighthouses on the coast');
});
