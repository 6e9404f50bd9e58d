/**
 * Several models at once (docs/chat-versions.md, "Side by side"), as a creator does it with the
 * keyboard: turn on Compare, choose the models and their APIs, send once; the replies stream side
 * by side with their tokens and cost; Stop ends them all; "Continue with this" goes on with one,
 * the others stay versions, also after a reload.
 */
import { test, expect } from './fixtures.js';
import { press } from './support/keyboard.js';
import { expectNoSeriousViolations } from './pages/axe.js';
import { ChatPage, paceSandbox } from './pages/chat-page.js';
import { pngFile } from './pages/image-page.js';

test('one message to three models through three APIs, side by side; one chosen to go on with', async ({ page, studio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newConversation();
  await press(chat.composer.getByRole('button', { name: 'Compare models' }));
  const bar = chat.composer.getByRole('group', { name: 'Models to compare' });
  await expect(bar).toContainText('modela-5 · chat completions (this conversation)');
  await chat.chooseModel(bar.getByRole('combobox', { name: 'Model 2', exact: true }), 'modela-4-vision');
  await bar.getByRole('combobox', { name: 'API for model 2' }).selectOption('responses');
  await press(bar.getByRole('button', { name: 'Add a model' }));
  await chat.chooseModel(bar.getByRole('combobox', { name: 'Model 3', exact: true }), 'modelc-2.5-flash');
  // It takes chat completions too: the API the row had stays until another is chosen.
  await expect(bar.getByRole('combobox', { name: 'API for model 3' })).toHaveValue('chat');
  await bar.getByRole('combobox', { name: 'API for model 3' }).selectOption('native');
  await expectNoSeriousViolations(page, 'the composer choosing models to compare');

  await paceSandbox(page, studio.sandboxUrl, 400);
  await chat.messageBox.fill('Otters or beavers?');
  await chat.messageBox.press('Enter');
  const group = chat.messages.getByRole('article', { name: 'Replies from 3 models, side by side' });
  const columns = group.getByRole('region');
  await expect(columns).toHaveCount(3);
  // All three write at once, and Stop waits for them all.
  for (const column of await columns.all()) await expect(column).toHaveAttribute('data-status', 'streaming');
  await expect(chat.stopButton).toBeVisible();
  await paceSandbox(page, studio.sandboxUrl, 0);
  for (const column of await columns.all()) await expect(column).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
  await expect(columns.nth(0)).toContainText('modela-5');
  await expect(columns.nth(1)).toContainText('modela-4-vision');
  await expect(columns.nth(2)).toContainText('modelc-2.5-flash');
  await expect(columns.nth(2)).toContainText('native generateContent');
  for (const column of await columns.all()) {
    await expect(column.getByTestId('chat-usage')).toHaveText(/^Tokens: \d+ prompt · \d+ completion · \d+ total$/);
    await expect(column.getByTestId('item-cost')).toHaveText(/^Cost: /);
  }
  await expectNoSeriousViolations(page, 'three replies side by side');

  // Going on with the third: the columns give way to it, the pager says which of three.
  await press(columns.nth(2).getByRole('button', { name: 'Continue with this' }));
  await expect(group).toHaveCount(0);
  const pager = chat.lastReply.getByRole('group', { name: 'Versions of this turn' });
  await expect(pager).toContainText('3 / 3');
  await expect(pager.getByRole('button', { name: 'Previous version' })).toBeFocused();
  await expect(chat.lastReply).toContainText('modelc-2.5-flash');

  // Comparing off: the next message goes to the conversation's model, after the chosen reply.
  await press(chat.composer.getByRole('button', { name: 'Compare models' }));
  await expect(bar).toHaveCount(0);
  const next = await chat.send('Which swims faster?');
  await chat.expectStatus(next, 'complete');
  await expect(next).toContainText('Conversation turns received: 3');

  await page.reload();
  await chat.open();
  await expect(chat.replies.first().getByRole('group', { name: 'Versions of this turn' })).toContainText('3 / 3');
  await press(chat.replies.first().getByRole('button', { name: 'Previous version' }));
  await expect(chat.replies).toHaveCount(1);
  await expect(chat.lastReply).toContainText('modela-4-vision');
});

test('Stop ends every compared reply; a model that cannot take an image holds Send with the reason', async ({ page, studio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newConversation();
  await press(chat.composer.getByRole('button', { name: 'Compare models' }));
  await paceSandbox(page, studio.sandboxUrl, 2000);
  await chat.messageBox.fill('A long answer, please');
  await chat.messageBox.press('Enter');
  const columns = chat.messages.getByRole('article', { name: /side by side/ }).getByRole('region');
  await expect(columns).toHaveCount(2);
  await expect(chat.stopButton).toBeVisible();
  await page.keyboard.press('Escape');
  for (const column of await columns.all()) await expect(column).toHaveAttribute('data-status', 'stopped');
  await paceSandbox(page, studio.sandboxUrl, 0);

  // The draft keeps the models chosen; an image with a chat-completions model waits, with the reason.
  await chat.attachFiles(pngFile('otter.png', 80, 60));
  await expect(chat.composer).toContainText('modela-5 through chat completions takes no images');
  await expect(chat.sendButton).toBeDisabled();
});
