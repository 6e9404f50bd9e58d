/**
 * A long history in the conversations sidebar (renderer/src/features/chat/ui/conversation-window.tsx):
 * with 2,000 conversations the page holds a screenful of entries, yet a creator reaches every one,
 * by scrolling the list and by the keyboard (End, Home, the arrows), opens one from far down, and
 * finds a new one at the top.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CHAT_SETTINGS } from '@shared/contract/chat.js';
import { expect } from './fixtures.js';
import { seededTest } from './support/seeded-studio.js';
import { ChatPage } from './pages/chat-page.js';

const COUNT = 2_000;

/** A data dir holding `count` short conversations, written as the host stores them; "Conversation 1" the newest. */
function seedConversations(dataDir: string, count: number): void {
  const dir = join(dataDir, 'conversations');
  mkdirSync(dir, { recursive: true });
  for (let i = 1; i <= count; i++) {
    const at = 1_700_000_000_000 + (count - i) * 60_000;
    const messages = [{ id: `u${i}`, role: 'user', createdAt: at, text: `Question ${i}` }];
    const conversation = { version: 1, id: `history-${i}`, title: `Conversation ${i}`, titleSet: true, createdAt: at, updatedAt: at, settings: DEFAULT_CHAT_SETTINGS, messages };
    writeFileSync(join(dir, `history-${i}.json`), JSON.stringify(conversation));
  }
}

const seeded = seededTest((dataDir) => seedConversations(dataDir, COUNT));

seeded('a sidebar of 2,000 conversations holds a screenful of entries, and every one is reached by scrolling and by the keyboard', async ({ page, seededStudio }) => {
  seeded.setTimeout(90_000);
  const chat = new ChatPage(page);
  await chat.studio.open(seededStudio.url);
  await chat.open();
  const list = chat.sidebar.getByRole('navigation', { name: 'Conversation list' });
  const entry = (n: number) => list.getByRole('button', { name: new RegExp(`^Conversation ${n} `) });
  await expect(entry(1)).toBeVisible();
  // A screenful and a few around it are in the page, not 2,000.
  expect(await chat.conversations.count()).toBeLessThan(40);
  // Assistive technology hears how many there are.
  await expect(chat.conversations.first()).toHaveAttribute('aria-setsize', String(COUNT));

  // End from the first entry goes to the last, Home back; the arrows step from there.
  await entry(1).focus();
  await page.keyboard.press('End');
  await expect(entry(COUNT)).toBeFocused();
  await expect(entry(COUNT)).toBeInViewport();
  await page.keyboard.press('ArrowUp');
  await expect(entry(COUNT - 1)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(entry(1)).toBeFocused();
  for (let i = 0; i < 25; i++) await page.keyboard.press('ArrowDown');
  await expect(entry(26)).toBeFocused();
  await expect(entry(26)).toBeInViewport();
  expect(await chat.conversations.count()).toBeLessThan(40);

  // Scrolled by the wheel to the middle of the list, the entries there are drawn, and open.
  await list.hover();
  const half = await list.evaluate((el) => el.scrollHeight / 2);
  while ((await list.evaluate((el) => el.scrollTop)) < half) await page.mouse.wheel(0, 4_000);
  const shown = await list.getByRole('button', { name: /^Conversation \d+ / }).allInnerTexts();
  const numbers = shown.map((name) => Number(/^Conversation (\d+)/.exec(name)![1])).filter((n) => n !== 26);
  expect(Math.min(...numbers)).toBeGreaterThan(800);
  const target = numbers[Math.floor(numbers.length / 2)];
  // Another tab and back: the same entries are there.
  await chat.studio.openTab('Tasks');
  await chat.open();
  await expect(entry(target)).toBeInViewport();
  await entry(target).click();
  await expect(chat.heading).toHaveText(`Conversation ${target}`);
  await expect(chat.userTurns.first()).toContainText(`Question ${target}`);
  expect(await chat.conversations.count()).toBeLessThan(40);

  // A new conversation comes first, selected, however long the list.
  await list.evaluate((el) => el.scrollTo(0, 0));
  await chat.sidebar.getByRole('button', { name: '+ New conversation', exact: true }).click();
  await expect(chat.conversations.first().locator('[aria-current="page"]')).toContainText('New conversation');
  await expect(chat.panel.getByText('No messages yet')).toBeVisible();
  await expect(chat.conversations.first()).toHaveAttribute('aria-setsize', String(COUNT + 1));
  expect(await chat.conversations.count()).toBeLessThan(40);
});
