/**
 * Sending from the composer when the host is slow to take the turn (held here at the browser's
 * edge): the button says so and turns the press down, and pressing Send or Ctrl+Enter again
 * meanwhile sends nothing twice.
 */
import type { Locator } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { ROUTED_PAGE } from './support/routed-page.js';
import { ChatPage } from './pages/chat-page.js';

test.use(ROUTED_PAGE);

test('a slow send says "Sending…" and goes once, however often it is pressed', async ({ page, studio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.panel.getByRole('button', { name: 'New conversation', exact: true }).click();

  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let sends = 0;
  await page.route('**/api/call/chat.send', async (route) => {
    sends += 1;
    await held;
    await route.continue();
  });

  await chat.messageBox.fill('Only once, please.');
  await chat.sendButton.click();
  // Pressed again at once, and again once the button says it is sending: nothing more leaves.
  await chat.messageBox.press('ControlOrMeta+Enter');
  const sending = chat.composer.getByRole('button', { name: 'Sending…' });
  await expect(sending).toBeDisabled();
  await chat.messageBox.press('ControlOrMeta+Enter');
  expect(sends).toBe(1);

  release();
  await chat.expectStatus(chat.lastReply, 'complete');
  await expect(chat.userTurns).toHaveCount(1);
  await expect(chat.userTurns).toContainText('Only once, please.');
  await expect(chat.messageBox).toHaveValue('');
  expect(sends).toBe(1);
});

test('Enter sends and Shift+Enter adds a line; Settings brings back Ctrl+Enter for those who want it', async ({ page, studio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.panel.getByRole('button', { name: 'New conversation', exact: true }).click();
  await expect(chat.messageBox).toHaveAttribute('placeholder', /Enter to send, Shift Enter for a new line/);

  await chat.messageBox.pressSequentially('A lighthouse');
  await chat.messageBox.press('Shift+Enter');
  await chat.messageBox.pressSequentially('at dusk');
  await expect(chat.messageBox).toHaveValue('A lighthouse\nat dusk');
  await chat.messageBox.press('Enter');
  await chat.expectStatus(chat.lastReply, 'complete');
  await expect(chat.userTurns.last()).toContainText('at dusk');
  await expect(chat.messageBox).toHaveValue('');

  // The other way: Enter is a new line, Ctrl+Enter sends; the choice is the studio's, kept by the host.
  const settings = await chat.studio.openTab('Settings');
  await settings.getByRole('radio', { name: /sends, Enter adds a line/ }).check();
  await page.reload();
  await chat.open();
  await chat.messageBox.pressSequentially('Two');
  await chat.messageBox.press('Enter');
  await chat.messageBox.pressSequentially('lines');
  await expect(chat.messageBox).toHaveValue('Two\nlines');
  await expect(chat.userTurns).toHaveCount(1);
  await chat.messageBox.press('ControlOrMeta+Enter');
  await expect(chat.userTurns).toHaveCount(2);
  await expect(chat.userTurns.last()).toContainText('lines');
});

test('the model is chosen under the message box, the next message says what it sends, and a new conversation starts from the Chat defaults', async ({ page, studio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newConversation();
  const model = chat.composer.getByRole('combobox', { name: 'Model of the next turn' });
  await expect(model).toHaveValue('modela-5');
  await expect(chat.apiNote).toContainText('Next message: modela-5 through the chat completions API · 1 reply · tools off.');
  await chat.chooseModel(model, 'modelb-haiku-4-5-20251001');
  await chat.send('Hello from the composer');
  await chat.expectStatus(chat.lastReply, 'complete');
  await expect(chat.lastReply).toContainText('modelb-haiku-4-5-20251001');

  // Not the last conversation's model: the defaults', as Settings shows them.
  await chat.newConversation();
  await expect(chat.messageBox).toBeFocused();
  await expect(model).toHaveValue('modela-5');
  // A native text model: its API is offered, and once chosen the line says so.
  await chat.chooseModel(model, 'modelc-2.5-flash');
  await chat.openSettings();
  await chat.setting('API').selectOption('native');
  await chat.expectSettingsSaved();
  await expect(chat.apiNote).toContainText(/through the native generateContent API/);
});

test('right-to-left text (Arabic) reads right to left in the box, the turn, the reply and the list', async ({ page, studio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newConversation();
  await expect(chat.messageBox).toHaveAttribute('dir', 'auto');
  await chat.messageBox.fill('مرحبا، اكتب لي قصيدة قصيرة');
  const direction = (l: Locator) => l.evaluate((e) => (globalThis as any).getComputedStyle(e).direction as string);
  expect(await direction(chat.messageBox)).toBe('rtl');
  await chat.sendButton.click();
  await chat.expectStatus(chat.lastReply, 'complete');
  const turn = chat.userTurns.last().locator('[dir="auto"]').first();
  await expect(turn).toContainText('مرحبا');
  expect(await direction(turn)).toBe('rtl');
  await expect(chat.lastReply.locator('.md[dir="auto"], .md-plain[dir="auto"]').first()).toBeVisible();
  await expect(chat.conversations.first().locator('[dir="auto"]')).toContainText('مرحبا');
});
