/**
 * Documents in a chat message, as a creator using the keyboard meets them (docs/chat-documents.md):
 * the attach control opens the file chooser, the chip says the size in tokens, the sent turn
 * shows the document and the reply comes; a document too large for the model is held back with
 * the numbers before anything is sent.
 */
import { test, expect } from './fixtures.js';
import { ROUTED_PAGE } from './support/routed-page.js';
import { ChatPage } from './pages/chat-page.js';

test.use(ROUTED_PAGE);

const NOTES = '# Picnic\n\nBring lemonade, bread and a blanket.\n';

test('a document attached by keyboard shows its tokens, goes with the message and shows on the sent turn', async ({ page, studio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newConversation();

  const attach = chat.composer.getByRole('button', { name: 'Attach documents…' });
  await attach.focus();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'picnic.md', mimeType: 'text/markdown', buffer: Buffer.from(NOTES) });
  const pending = chat.composer.getByRole('list', { name: 'Documents to send' });
  const tokens = Math.ceil(NOTES.length / 4);
  await expect(pending.getByRole('listitem', { name: `picnic.md, about ${tokens} tokens` })).toContainText(`~${tokens} tokens`);

  await chat.messageBox.fill('What should I bring?');
  await chat.messageBox.press('Enter');
  await chat.expectStatus(chat.lastReply, 'complete');
  const sent = chat.userTurns.last();
  await expect(sent).toContainText('What should I bring?');
  await expect(sent.getByRole('list', { name: 'Documents' }).getByRole('listitem', { name: `picnic.md, about ${tokens} tokens` })).toBeVisible();
  // The composer is empty again, chips included.
  await expect(pending).toHaveCount(0);
});

test('a document too large for the model is refused with the numbers, and removing it by keyboard lets the message go', async ({ page, studio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newConversation();
  let sends = 0;
  await page.route('**/api/call/chat.send', async (route) => {
    sends += 1;
    await route.continue();
  });

  const chooser = page.waitForEvent('filechooser');
  await chat.composer.getByRole('button', { name: 'Attach documents…' }).press('Enter');
  await (await chooser).setFiles({ name: 'book.txt', mimeType: 'text/plain', buffer: Buffer.from('word '.repeat(144_000)) });
  const chip = chat.composer.getByRole('listitem', { name: 'book.txt, about 180,000 tokens' });
  await expect(chip).toContainText('too large');
  await expect(chat.composer).toContainText('This document is about 180,000 tokens; modela-5 takes about 128,000.');
  await chat.messageBox.fill('Summarise it');
  await expect(chat.sendButton).toBeDisabled();
  await chat.messageBox.press('Enter');
  expect(sends).toBe(0);

  await chip.getByRole('button', { name: 'Remove book.txt' }).press('Enter');
  await expect(chip).toHaveCount(0);
  await expect(chat.sendButton).toBeEnabled();
  await chat.messageBox.press('Enter');
  await chat.expectStatus(chat.lastReply, 'complete');
  expect(sends).toBe(1);
});

test('documents dropped on the composer become chips, each removable by keyboard', async ({ page, studio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newConversation();
  const files = page.evaluateHandle(() => {
    const w = globalThis as any;
    const dt = new w.DataTransfer();
    dt.items.add(new w.File(['item,qty\napples,6\n'], 'list.csv', { type: 'text/csv' }));
    dt.items.add(new w.File(['print("hi")\n'], 'main.py', { type: 'text/x-python' }));
    return dt;
  });
  await chat.composer.dispatchEvent('drop', { dataTransfer: await files });
  const pending = chat.composer.getByRole('list', { name: 'Documents to send' });
  await expect(pending.getByRole('listitem', { name: 'list.csv, about 5 tokens' })).toBeVisible();
  await expect(pending.getByRole('listitem', { name: 'main.py, about 3 tokens' })).toBeVisible();
  // Dropped documents are no images.
  await expect(chat.pendingImages).toHaveCount(0);
  await pending.getByRole('button', { name: 'Remove list.csv' }).focus();
  await page.keyboard.press('Enter');
  await expect(pending.getByRole('listitem')).toHaveCount(1);
  await chat.messageBox.press('Enter');
  await chat.expectStatus(chat.lastReply, 'complete');
  await expect(chat.userTurns.last().getByRole('listitem', { name: 'main.py, about 3 tokens' })).toBeVisible();
});

test('a binary file named .txt is refused with the reason', async ({ page, studio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newConversation();
  const chooser = page.waitForEvent('filechooser');
  await chat.composer.getByRole('button', { name: 'Attach documents…' }).click();
  await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]) });
  await expect(chat.composer).toContainText('"notes.txt" is not a text file (it holds binary data).');
  await expect(chat.composer.getByRole('list', { name: 'Documents to send' }).getByRole('listitem')).toHaveCount(0);
});
