/**
 * Words for creators, and the chat's settings as a side panel, end to end against the browser
 * shell and its sandbox: a bad value reads plainly at its field (the field's own label, what to
 * do), a refusal from the gateway reads plainly with its technical text behind "Details", and the
 * conversation's settings open beside the messages, close with Esc or their button, hand the
 * focus back, lie over the messages only in a narrow window, and stay as they were left.
 */
import { test, expect } from './fixtures.js';
import type { Page } from '@playwright/test';
import { ChatPage } from './pages/chat-page.js';
import { ImagePage } from './pages/image-page.js';

/** The sandbox's fault route: fail the next call whose path contains `match`. */
async function failNext(page: Page, sandboxUrl: string, fault: { status: number; match: string; message: string }): Promise<void> {
  const res = await page.request.post(`${sandboxUrl}/_sandbox/faults/fail`, { data: fault });
  expect(res.ok()).toBe(true);
}

const JARGON = /JSON|HTTP|'n'/;

test('a bad value reads plainly at its field, in the words of the form', async ({ page, studio }) => {
  const image = new ImagePage(page);
  await image.studio.open(studio.url);
  await image.open();
  await image.chooseModel('seedream-4-0');
  await image.prompt.fill('five foxes is one too many');
  await image.field('Number of images').fill('5');
  await image.generate();
  const count = image.field('Number of images');
  await expect(count).toHaveAttribute('aria-invalid', 'true');
  await expect(count).toHaveAccessibleDescription(/Number of images: choose a whole number from 1 to 4\./);
  await expect(count).not.toHaveAccessibleDescription(JARGON);
});

test('a request the gateway refuses reads plainly; Details shows the technical text', async ({ page, studio }) => {
  const image = new ImagePage(page);
  await image.studio.open(studio.url);
  await image.open();
  await image.chooseModel('seedream-4-0');
  const technical = "'n' must be a JSON integer from 1 to 4 (a number, not a string)";
  await failNext(page, studio.sandboxUrl, { status: 400, match: '/v1/images/generations', message: technical });
  await image.prompt.fill('a fox in the snow');
  await image.generate();

  const note = image.failure;
  await expect(note).toContainText('The gateway did not accept the value of one of the settings. Change it and try again.');
  const details = note.getByRole('group');
  const summary = note.getByText('Details', { exact: true });
  await expect(summary).toBeVisible();
  // What is on screen (innerText leaves out a closed disclosure's content).
  await expect(note).not.toContainText(JARGON, { useInnerText: true });

  // Opened from the keyboard, the way a screen-reader user would.
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(details).toHaveAttribute('open', '');
  await expect(note.getByText(`The gateway refused the request: ${technical}`)).toBeVisible();
  await expect(note.getByText('HTTP status 400')).toBeVisible();
  // The draft is kept.
  await expect(image.prompt).toHaveValue('a fox in the snow');
});

test('a failed reply says what happened plainly; the status waits behind Details', async ({ page, studio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newConversation();
  await failNext(page, studio.sandboxUrl, { status: 503, match: '/v1/chat/completions', message: 'upstream pool exhausted' });
  const reply = await chat.send('Are you there?');
  await chat.expectStatus(reply, 'failed');
  const alert = reply.getByRole('alert');
  await expect(alert).toContainText('The gateway had a problem; this is usually temporary. Try again in a moment.');
  await expect(alert).not.toContainText(/503|HTTP/, { useInnerText: true });
  await alert.getByText('Details', { exact: true }).click();
  await expect(alert.getByText('HTTP status 503')).toBeVisible();
  await expect(alert.getByText(/upstream pool exhausted/)).toBeVisible();
});

test('the conversation settings are a side panel: focus moves in, Esc and its button close it, focus returns', async ({ page, studio }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newConversation();
  const toggle = chat.panel.getByRole('button', { name: /^Settings/ });

  // Opened from the keyboard: the panel's heading takes the focus.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(chat.settings).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(chat.settings.getByRole('heading', { name: 'Conversation settings' })).toBeFocused();

  // Beside the messages, as tall as they are, scrolling on its own.
  const panel = (await chat.settings.boundingBox())!;
  const messages = (await chat.messages.boundingBox())!;
  expect(panel.x).toBeGreaterThanOrEqual(messages.x + messages.width - 1);
  expect(panel.height).toBeGreaterThan(messages.height);
  expect(await chat.settings.evaluate((el) => (globalThis as any).getComputedStyle(el).overflowY)).toBe('auto');

  // Esc from a field inside closes it and gives the focus back to the toggle.
  await chat.setting('System prompt').focus();
  await page.keyboard.press('Escape');
  await expect(chat.settings).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  // Its own close button does the same.
  await toggle.click();
  await expect(chat.settings).toBeVisible();
  await chat.settings.getByRole('button', { name: 'Close settings' }).click();
  await expect(chat.settings).toBeHidden();
  await expect(toggle).toBeFocused();

  // Left open, it is open again after a reload, without taking the focus from the composer.
  await toggle.click();
  await expect(chat.settings).toBeVisible();
  await page.reload();
  await chat.open();
  await expect(chat.settings).toBeVisible();
  await expect(chat.settings.getByRole('heading', { name: 'Conversation settings' })).not.toBeFocused();
});

test('in a narrow window the settings panel lies over the messages instead of squeezing them', async ({ page, studio }) => {
  await page.setViewportSize({ width: 1000, height: 760 });
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newConversation();
  const before = (await chat.messages.boundingBox())!;
  await chat.openSettings();
  const panel = (await chat.settings.boundingBox())!;
  const after = (await chat.messages.boundingBox())!;
  // The messages keep their width; the panel covers their right-hand side.
  expect(after.width).toBeCloseTo(before.width, 0);
  expect(panel.x).toBeLessThan(after.x + after.width);
  expect(panel.x + panel.width).toBeGreaterThan(after.x + after.width - 2);
  // Esc still closes it.
  await chat.setting('System prompt').focus();
  await page.keyboard.press('Escape');
  await expect(chat.settings).toBeHidden();
});
