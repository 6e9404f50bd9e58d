/**
 * Chat: the model picker (search, vendors, abilities, keyboard), the API chosen on purpose, and
 * Settings → Chat defaults as where every new conversation starts, at 1280×800 and 1920×1080.
 */
import { expect, test } from './fixtures.js';
import { ChatPage } from './pages/chat-page.js';

for (const [width, height] of [[1280, 800], [1920, 1080]] as const) {
  test(`${width}×${height}: the picker filters as typed, groups by vendor, shows abilities, and Send stays put whatever model is shown`, async ({ page, studio }) => {
    await page.setViewportSize({ width, height });
    const chat = new ChatPage(page);
    await chat.studio.open(studio.url);
    await chat.open();
    await chat.newConversation();
    const picker = chat.composer.getByRole('combobox', { name: 'Model of the next turn' });
    const send = chat.composer.getByRole('button', { name: /^Send/ });
    await expect(picker).toHaveValue('modela-5');
    const before = await send.boundingBox();

    // Grouped by vendor, with what each can do.
    await picker.click();
    const list = chat.composer.getByRole('listbox', { name: 'Models' });
    await expect(list.getByRole('group')).toHaveCount(5);
    await expect(list.getByRole('group', { name: 'modelc' }).getByRole('option', { name: /^modelc-2\.5-pro-thinking/ })).toContainText(/vision.*native.*thinking/);
    await expect(list.getByRole('option', { name: /^modela-5 / })).toContainText('tools');
    // Type to filter, arrows and Enter pick; the Esc that closes the list changes nothing.
    await picker.fill('think');
    // The five thinking models, and what was typed as a model id of one's own.
    await expect(list.getByRole('option')).toHaveCount(6);
    await expect(list.getByRole('option').last()).toHaveText('Use “think” (a model id of your own)');
    await picker.press('Escape');
    await expect(list).toBeHidden();
    await expect(picker).toHaveValue('modela-5');
    await picker.fill('haiku');
    await picker.press('ArrowDown');
    await picker.press('ArrowUp');
    await picker.press('Enter');
    await expect(picker).toHaveValue('modelb-haiku-4-5-20251001');
    await expect(chat.apiNote).toContainText('modelb-haiku-4-5-20251001 through the chat completions API');
    for (const model of ['modelb-sonnet-4-5-20250929-thinking', 'modele-seed-1-6-flash-250828', 'modela-5-nano']) {
      await picker.fill(model);
      await picker.press('Enter');
      await expect(picker).toHaveValue(model);
      expect(await send.boundingBox()).toEqual(before);
    }
  });
}

test('a new conversation starts from Settings → Chat defaults with tools off, shows what it will send, and one conversation\'s change stays its own', async ({ page, studio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  // The defaults, set in Settings.
  const settings = await chat.studio.openTab('Settings');
  const section = settings.getByRole('region', { name: 'Chat defaults' });
  const model = section.getByRole('combobox', { name: 'Default model' });
  await model.fill('modelc-2.5-flash');
  await model.press('Enter');
  const api = section.getByLabel('Default API');
  await expect(api.getByRole('option')).toHaveText(['Chat completions', 'Native (generateContent)']);
  await section.getByLabel('Alternatives (n)').fill('9');
  await section.getByRole('button', { name: 'Save defaults' }).click();
  await expect(section.getByText('Enter a whole number from 1 to 8.')).toBeVisible();
  await section.getByLabel('Alternatives (n)').fill('2');
  await section.getByLabel('Temperature').fill('0.4');
  await section.getByRole('button', { name: 'Save defaults' }).click();
  await expect(section.getByRole('status')).toHaveText('Chat defaults saved: new conversations start from them.');

  // A conversation turned away from them: another model, the responses API, a tool.
  await chat.open();
  await chat.newConversation();
  await expect(chat.apiNote).toHaveText(/^Next message: modelc-2\.5-flash through the chat completions API · 2 replies side by side · tools off\. Starts from Settings → Chat defaults/);
  await chat.openSettings();
  const picker = chat.setting('Model');
  await picker.fill('modela-5');
  await picker.press('Enter');
  await expect(chat.setting('API').getByRole('option')).toHaveText(['Chat completions', 'Responses']);
  await expect(chat.setting('API')).toHaveValue('chat');
  await chat.settings.getByRole('checkbox', { name: /Web search/ }).check();
  // Tools on the chat completions API: said, and Send waits.
  await expect(chat.composer.getByText(/Tools work through the responses API only/)).toBeVisible();
  await expect(chat.composer.getByRole('button', { name: /^Send/ })).toBeDisabled();
  await chat.setting('API').selectOption('responses');
  await chat.expectSettingsSaved();
  await expect(chat.apiNote).toContainText('modela-5 through the responses API · 1 reply · tools on: web search');
  await chat.send('Hello');
  await chat.expectStatus(chat.lastReply, 'complete');
  await expect(chat.lastReply).toContainText('via the responses API');

  // The next new conversation starts from the defaults again, not from the last one.
  await chat.newConversation();
  await expect(chat.apiNote).toContainText('modelc-2.5-flash through the chat completions API · 2 replies side by side · tools off');
  await chat.send('And you?');
  await chat.expectStatus(chat.lastReply, 'complete');
  await expect(chat.lastReply).toContainText('modelc-2.5-flash');
  await page.reload();
  const again = await chat.studio.openTab('Settings');
  await expect(again.getByRole('region', { name: 'Chat defaults' }).getByRole('combobox', { name: 'Default model' })).toHaveValue('modelc-2.5-flash');
});
