/**
 * Focus in Chat after every action that takes the focused control away, and Esc, which stops the
 * reply being written from anywhere in the tab, as a keyboard user meets them: Regenerate, Retry
 * and Continue hand focus to Stop; Send and Stop to the message box; a deleted conversation to
 * its neighbour; a chosen alternative to itself. Esc stops a reply even with focus on <body>, but
 * an open panel keeps its own Esc.
 */
import { test, expect, type Studio } from './fixtures.js';
import { ChatPage, paceSandbox } from './pages/chat-page.js';
import type { Locator, Page } from '@playwright/test';

/** Long enough, paced, to be still streaming when a key is pressed (the sandbox sends it slowly). */
const LONG = '[tokens:20000] Tell me a long story.';

const bodyHasFocus = (page: Page) => page.evaluate<boolean>('document.activeElement === document.body');

async function streamingReply(chat: ChatPage, reply: Locator): Promise<void> {
  await chat.expectStatus(reply, 'streaming');
  await expect(reply).toContainText('Paragraph 1.', { timeout: 20_000 });
}

/** A new conversation on a sandbox that writes slowly, so a reply is still being written when keys are pressed. */
async function pacedConversation(page: Page, studio: Studio): Promise<ChatPage> {
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newConversation();
  await paceSandbox(page, studio.sandboxUrl, 50);
  return chat;
}

test('Regenerate by keyboard hands focus to Stop, and Esc stops the reply it started', async ({ page, studio }) => {
  // Long replies, paced: a busy 2-core machine takes its time.
  test.setTimeout(120_000);
  const chat = await pacedConversation(page, studio);
  const reply = await chat.send(LONG);
  await streamingReply(chat, reply);
  await chat.stopButton.click();
  await chat.expectStatus(reply, 'stopped');

  await reply.getByRole('button', { name: 'Regenerate' }).focus();
  await page.keyboard.press('Enter');
  await streamingReply(chat, reply);
  // The pressed button went as the reply started again; focus did not fall to <body>.
  await expect(chat.stopButton).toBeFocused();
  await page.keyboard.press('Escape');
  await chat.expectStatus(reply, 'stopped');
  // Stop went in its turn: the message box has focus, ready for the next turn.
  await expect(chat.messageBox).toBeFocused();

  // Continue by keyboard: Stop again, and Esc again stops it.
  await reply.getByRole('button', { name: 'Continue' }).focus();
  await page.keyboard.press('Enter');
  await chat.expectStatus(reply, 'streaming');
  await expect(chat.stopButton).toBeFocused();
  await page.keyboard.press('Escape');
  await chat.expectStatus(reply, 'stopped');
  expect(await bodyHasFocus(page)).toBe(false);
});

test('Esc stops a reply from anywhere in Chat, <body> included, but not from the settings panel it closes', async ({ page, studio }) => {
  test.setTimeout(120_000);
  const chat = await pacedConversation(page, studio);

  // Send by its button: the button cannot be pressed while the reply is written; focus goes back
  // to the message box.
  await chat.messageBox.fill(LONG);
  await chat.sendButton.click();
  const first = chat.lastReply;
  await streamingReply(chat, first);
  await expect(chat.messageBox).toBeFocused();
  // Focus on nothing: <body>, with the Chat tab shown.
  await page.evaluate('document.activeElement?.blur()');
  expect(await bodyHasFocus(page)).toBe(true);
  await page.keyboard.press('Escape');
  await chat.expectStatus(first, 'stopped');

  // The settings panel closes on Esc, and the reply goes on being written.
  await chat.messageBox.fill(`${LONG} Again.`);
  await chat.messageBox.press('Enter');
  const second = chat.lastReply;
  await streamingReply(chat, second);
  await chat.openSettings();
  await chat.setting('Temperature').focus();
  await page.keyboard.press('Escape');
  await expect(chat.settings).toBeHidden();
  await chat.expectStatus(second, 'streaming');
  // From the sidebar's search box (empty, so Esc has nothing of its own to clear), it stops.
  await chat.search.focus();
  await page.keyboard.press('Escape');
  await chat.expectStatus(second, 'stopped');

  // Stop by its button: the button goes, focus goes to the message box.
  await chat.messageBox.fill(`${LONG} Third.`);
  await chat.messageBox.press('Enter');
  const third = chat.lastReply;
  await streamingReply(chat, third);
  await chat.stopButton.click();
  await chat.expectStatus(third, 'stopped');
  await expect(chat.messageBox).toBeFocused();
});

test('Retry of a failed reply hands focus to Stop', async ({ page, studio }) => {
  test.setTimeout(60_000);
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newConversation();
  await page.request.post(`${studio.sandboxUrl}/_sandbox/faults/stream`, { data: { mode: 'cut', after_chunks: 3 } });
  const reply = await chat.send(LONG);
  await chat.expectStatus(reply, 'incomplete');
  await paceSandbox(page, studio.sandboxUrl, 50);
  await reply.getByRole('button', { name: 'Retry' }).focus();
  await page.keyboard.press('Enter');
  await chat.expectStatus(reply, 'streaming');
  await expect(chat.stopButton).toBeFocused();
  await page.keyboard.press('Escape');
  await chat.expectStatus(reply, 'stopped');
});

test('a deleted conversation hands focus to the next one in the list, the last to the one before', async ({ page, studio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  for (const title of ['Apples', 'Bananas', 'Cherries']) {
    await chat.newConversation();
    await chat.expectStatus(await chat.send(title), 'complete');
  }
  await expect(chat.conversations).toHaveText([/^Cherries/, /^Bananas/, /^Apples/]);

  const remove = async (title: string) => {
    await chat.sidebar.getByRole('button', { name: `Delete “${title}”` }).focus();
    await page.keyboard.press('Enter');
    // The confirmation's Delete has focus; Enter confirms.
    await expect(chat.sidebar.getByRole('button', { name: 'Delete', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(chat.conversation(title)).toHaveCount(0);
  };
  const openButton = (title: string) => chat.conversation(title).getByRole('button', { name: new RegExp(`^${title} `) });

  await remove('Bananas');
  await expect(openButton('Apples')).toBeFocused();
  await remove('Apples');
  await expect(openButton('Cherries')).toBeFocused();
  await remove('Cherries');
  await expect(chat.sidebar.getByRole('button', { name: '+ New conversation', exact: true })).toBeFocused();
});

test('choosing an alternative hands focus to it', async ({ page, studio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newConversationWithAlternatives(2);
  const reply = await chat.send('Give me two takes.');
  await chat.expectStatus(reply, 'complete');
  const second = reply.getByRole('group', { name: 'Alternatives' }).getByRole('region', { name: 'Alternative 2' });
  await second.getByRole('button', { name: 'Use this one' }).focus();
  await page.keyboard.press('Enter');
  await expect(second.getByText('In use')).toBeVisible();
  await expect(second).toBeFocused();
});

test('cancelling an edit hands focus back to Edit', async ({ page, studio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newConversation();
  await chat.expectStatus(await chat.send('A first question'), 'complete');
  const turn = chat.userTurns.first();
  await turn.getByRole('button', { name: 'Edit' }).click();
  const box = chat.messages.getByRole('textbox', { name: 'Edit your message' });
  await expect(box).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(box).toBeHidden();
  await expect(turn.getByRole('button', { name: 'Edit' })).toBeFocused();
});
