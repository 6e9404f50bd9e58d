/**
 * Organising conversations end to end (docs/data.md, "Pins and folders", "Conversation export"):
 * a pin set by keyboard moves the conversation to the top and survives a reload; a folder is
 * created, filled, collapsed, expanded and removed with its conversation kept; a conversation with
 * an image is exported as JSON and imported back as a second, identical one, image included.
 */
import { readFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { expectNoSeriousViolations } from './pages/axe.js';
import { ChatPage } from './pages/chat-page.js';
import { pngFile } from './pages/image-page.js';

async function conversationsNamed(chat: ChatPage, titles: string[]) {
  for (const title of titles) {
    await chat.newConversation();
    await chat.expectStatus(await chat.send(title), 'complete');
  }
}

test('a pin by keyboard moves a conversation to the top and stays after a reload; a folder holds, hides and gives back its conversations', async ({ page, studio }) => {
  test.setTimeout(90_000);
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await conversationsNamed(chat, ['Alpha notes', 'Beta notes', 'Gamma notes']);
  await expect(chat.conversations.first()).toContainText('Gamma notes');

  // Tab from the entry reaches its pin toggle; Enter pins it.
  await chat.conversation('Alpha notes').getByRole('button', { name: /^Alpha notes / }).focus();
  await page.keyboard.press('Tab');
  const pin = chat.sidebar.getByRole('button', { name: 'Pin “Alpha notes”' });
  await expect(pin).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(pin).toHaveAttribute('aria-pressed', 'true');
  await expect(chat.conversations.first()).toContainText('Alpha notes');
  // Focus moved with the entry to the top.
  await expect(pin).toBeFocused();
  await page.reload();
  await chat.open();
  await expect(chat.conversations.first()).toContainText('Alpha notes');
  await expect(chat.sidebar.getByRole('button', { name: 'Pin “Alpha notes”' })).toHaveAttribute('aria-pressed', 'true');

  // A new folder, by keyboard.
  await chat.sidebar.getByRole('button', { name: '+ New folder' }).focus();
  await page.keyboard.press('Enter');
  const name = chat.sidebar.getByRole('textbox', { name: 'Folder name' });
  await expect(name).toBeFocused();
  await page.keyboard.type('Research');
  await page.keyboard.press('Enter');
  const folder = chat.sidebar.getByRole('button', { name: /^Research \(/ });
  await expect(folder).toHaveAccessibleName('Research (0 conversations)');

  // Beta goes into it from its More actions.
  await chat.sidebar.getByRole('button', { name: 'More actions for “Beta notes”' }).click();
  const actions = chat.sidebar.getByRole('group', { name: 'Actions for “Beta notes”' });
  await expect(actions).toBeVisible();
  await expectNoSeriousViolations(page, 'the Chat sidebar with a pin, a folder and More actions open (light)');
  await actions.getByRole('combobox', { name: 'Folder' }).selectOption({ label: 'Research' });
  await expect(folder).toHaveAccessibleName('Research (1 conversation)');
  await page.keyboard.press('Escape');
  await expect(actions).toBeHidden();
  const inFolder = chat.sidebar.locator(`#${await folder.getAttribute('aria-controls')}`);
  await expect(inFolder.getByRole('button', { name: /^Beta notes / })).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousViolations(page, 'the Chat sidebar with a conversation in a folder (dark)');

  // Collapsed, it hides Beta, and stays collapsed after a reload; expanded, Beta is back.
  await folder.press('Enter');
  await expect(folder).toHaveAttribute('aria-expanded', 'false');
  await expect(chat.sidebar.getByRole('button', { name: /^Beta notes / })).toHaveCount(0);
  await page.reload();
  await chat.open();
  await expect(folder).toHaveAttribute('aria-expanded', 'false');
  await folder.press('Enter');
  await expect(folder).toHaveAttribute('aria-expanded', 'true');
  await expect(chat.sidebar.getByRole('button', { name: /^Beta notes / })).toBeVisible();

  // Search still finds the conversation inside the folder.
  await chat.search.fill('Beta');
  await expect(chat.conversations).toHaveCount(1);
  await expect(chat.conversations.first()).toContainText('Beta notes');
  await chat.search.fill('');

  // Removing the folder asks first, then keeps Beta at the top level.
  await chat.sidebar.getByRole('button', { name: 'Remove folder “Research”' }).click();
  await chat.sidebar.getByRole('group', { name: 'Remove folder “Research”?' }).getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(folder).toHaveCount(0);
  await expect(chat.conversations).toHaveCount(3);
  await expect(chat.conversation('Beta notes')).toHaveCount(1);
  await expect(chat.conversations.first()).toContainText('Alpha notes');
});

test('a conversation with an image exported as JSON and imported back is a second, identical one, image included', async ({ page, studio }) => {
  test.setTimeout(90_000);
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newConversation();
  await chat.openSettings();
  await chat.setting('API').selectOption('responses');
  await chat.expectSettingsSaved();
  await chat.attachFiles(pngFile('harbour.png', 80, 60));
  await chat.expectStatus(await chat.send('Harbour picture'), 'complete');

  const exportOf = async (entry: Locator) => {
    await entry.getByRole('button', { name: 'More actions for “Harbour picture”' }).click();
    const download = page.waitForEvent('download');
    await entry.getByRole('button', { name: 'Export as JSON' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Harbour picture.json');
    await expect(chat.sidebar.getByRole('status').filter({ hasText: 'Exported Harbour picture.json' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(entry.getByRole('button', { name: 'Export as JSON' })).toBeHidden();
    return { path: (await file.path())!, json: JSON.parse(readFileSync((await file.path())!, 'utf8')) };
  };
  const first = await exportOf(chat.conversation('Harbour picture'));
  expect(first.json.files).toHaveLength(1);

  await chat.sidebar.getByTestId('chat-import-input').setInputFiles(first.path);
  await expect(chat.sidebar.getByRole('status').filter({ hasText: 'Imported “Harbour picture”.' })).toBeVisible();
  await expect(chat.conversation('Harbour picture')).toHaveCount(2);
  // The copy opens, its image read from its own file.
  await expect(chat.heading).toHaveText('Harbour picture');
  const image = chat.userTurns.last().getByRole('img', { name: 'harbour.png' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(80);

  // Its export is the first one but for its id and its image's new name.
  const second = await exportOf(chat.conversations.filter({ has: page.locator('[aria-current="page"]') }));
  expect(second.json.conversation.id).not.toBe(first.json.conversation.id);
  expect(second.json.files[0].data).toBe(first.json.files[0].data);
  const rename = (json: any) => JSON.parse(JSON.stringify(json).split(json.files[0].file).join('IMAGE').split(json.conversation.id).join('ID'));
  expect(rename(second.json)).toEqual(rename(first.json));
});
