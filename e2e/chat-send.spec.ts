/**
 * Sending from the composer when the host is slow to take the turn (held here at the browser's
 * edge): the button says so and turns the press down, and pressing Send or Ctrl+Enter again
 * meanwhile sends nothing twice.
 */
import { test, expect } from './fixtures.js';
import { ChatPage } from './pages/chat-page.js';

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
