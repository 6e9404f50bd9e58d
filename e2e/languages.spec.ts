/**
 * The studio in Chinese behaves as in English, end to end against the browser shell and its
 * sandbox: the built-in sandbox is known by its kind and reads in the language shown (a creator's
 * own profile called "Offline sandbox" stays theirs), and a conversation exported as Markdown
 * has its headings in the language shown and the creator's words as they were written.
 */
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures.js';
import { ChatPage } from './pages/chat-page.js';
import { StudioPage } from './pages/studio-page.js';

test.describe('a Chinese system', () => {
  test.use({ locale: 'zh-CN' });

  test('shows the built-in sandbox by its Chinese label, in the top bar and in Settings', async ({ page, studio }) => {
    await page.goto(studio.url);
    const active = page.getByTestId('active-profile');
    await expect(active.locator('.badge-sandbox')).toHaveText('离线沙盒');
    await expect(active).not.toContainText('Offline sandbox');
    await page.getByRole('tab', { name: '设置' }).click();
    const card = page.locator('[data-profile-id="sandbox"]');
    await expect(card.getByRole('heading', { level: 4 })).toHaveText('离线沙盒');
  });
});

test('a creator\'s profile named "Offline sandbox" is theirs: its name in the top bar, no sandbox badge, its own actions', async ({ page, studio }) => {
  const studioPage = new StudioPage(page);
  await studioPage.open(studio.url);
  const panel = await studioPage.openTab('Settings');
  await panel.getByRole('button', { name: 'Add profile' }).click();
  const form = panel.getByRole('form', { name: 'Add a gateway profile' });
  await form.getByLabel('Name', { exact: true }).fill('Offline sandbox');
  await form.getByLabel('Base URL', { exact: true }).fill(studio.gatewayUrl);
  await form.getByLabel('API key', { exact: true }).fill('sk-sandbox');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(form).toBeHidden();

  const cards = panel.getByRole('listitem', { name: 'Offline sandbox', exact: true });
  await expect(cards).toHaveCount(2);
  const mine = panel.locator('li.profile-card:not([data-profile-id="sandbox"])');
  await expect(mine.getByRole('heading', { level: 4 })).toHaveText('Offline sandbox');
  await expect(mine.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(mine.getByText('Built-in', { exact: true })).toHaveCount(0);
  await mine.getByRole('button', { name: 'Activate' }).click();

  await expect(studioPage.activeProfile.locator('strong')).toHaveText('Offline sandbox');
  await expect(studioPage.activeProfile.locator('.badge-sandbox')).toHaveCount(0);
});

test('a conversation exported while the studio shows Chinese has Chinese headings and the creator\'s words verbatim', async ({ page, studio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newConversation();
  const reply = await chat.send('Plans for the weekend?');
  await chat.expectStatus(reply, 'complete');

  const settings = await chat.studio.openTab('Settings');
  await settings.getByRole('radio', { name: '简体中文', exact: true }).click();
  await page.getByRole('tab', { name: '对话' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 Markdown' }).click();
  const markdown = readFileSync((await (await download).path())!, 'utf8');
  expect(markdown).toContain('## 你\n\nPlans for the weekend?\n');
  expect(markdown).toMatch(/## 助手 \(modela-5\)/);
  expect(markdown).toMatch(/模型：modela-5 · 导出于 /);
  expect(markdown).not.toMatch(/^## (You|Assistant)/m);
});
