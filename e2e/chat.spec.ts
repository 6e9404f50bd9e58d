/**
 * The Chat tab end to end, as a user against the embedded sandbox: streamed multi-turn
 * replies, Stop and Continue, a stream cut mid-reply and retried, an image through the responses
 * API, a function tool from the schema editor, the native API's thinking usage, alternatives side
 * by side, the conversations sidebar (rename, search, delete) surviving a reload, and a
 * 2,000-message conversation that opens at once and scrolls end to end.
 */
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures.js';
import { seededTest } from './support/seeded-studio.js';
import { seedLongConversation } from './support/long-conversation.js';
import { breakNextStream, ChatPage, paceSandbox } from './pages/chat-page.js';
import { pngFile } from './pages/image-page.js';

const chatReply = (model: string) => `Sandbox reply from ${model} via the chat completions API`;

test('a streamed multi-turn chat; Stop keeps the partial reply, Continue carries on', async ({ page, studio }) => {
  // 20,000 tokens streamed and rendered as Markdown, on a 2-core machine that may be busy.
  test.setTimeout(120_000);
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  // A first start has nothing yet: the empty state offers a new conversation.
  await expect(chat.panel.getByRole('heading', { name: 'Start a conversation' })).toBeVisible();
  await chat.panel.getByRole('button', { name: 'New conversation', exact: true }).click();
  await expect(chat.conversations).toHaveCount(1);

  const first = await chat.send('Hello, sandbox!');
  await chat.expectStatus(first, 'complete');
  await expect(first).toContainText(chatReply('modela-5'));
  await expect(first).toContainText('Conversation turns received: 1');
  await expect(first.getByTestId('chat-usage')).toHaveText(/^Tokens: \d+ prompt · \d+ completion · \d+ total$/);
  // Screen readers hear that it ended (the growing text itself is not read out).
  await expect(chat.panel.getByRole('status').filter({ hasText: 'The reply is complete.' })).toHaveCount(1);

  // The second turn carries the first two as context.
  const second = await chat.send('And a follow-up question.');
  await chat.expectStatus(second, 'complete');
  await expect(second).toContainText('Conversation turns received: 3');
  await expect(chat.userTurns).toHaveCount(2);
  // The sidebar took its title from the first message.
  await expect(chat.conversation('Hello, sandbox!')).toHaveCount(1);

  // A long, slowed reply streams in: the text grows while it is marked as being written.
  await paceSandbox(page, studio.sandboxUrl, 20);
  const long = await chat.send('[tokens:20000] Tell me a very long story.');
  await chat.expectStatus(long, 'streaming');
  await expect(long).toContainText('Paragraph 3.');
  // Sending again is refused, with the reason, while it runs.
  await expect(chat.sendButton).toBeDisabled();
  await expect(chat.composer).toContainText('A reply is being written');
  await chat.messageBox.press('Escape');
  await chat.expectStatus(long, 'stopped');
  await expect(long).toContainText('Stopped — the partial reply is kept.');
  await expect(long).toContainText('Paragraph 3.');
  const height = () => long.evaluate((el) => el.getBoundingClientRect().height);
  const partial = await height();
  await expect(chat.stopButton).toBeHidden();

  await paceSandbox(page, studio.sandboxUrl, 0);
  await long.getByRole('button', { name: 'Continue' }).click();
  await chat.expectStatus(long, 'complete', 60_000);
  // Thousands of lines more: a long reply renders only what is near the view, so its height
  // (every part there, shown or standing in at its size) tells its length, not its text.
  await expect.poll(height, { timeout: 20_000 }).toBeGreaterThan(partial + 20_000);
  await expect(long).not.toContainText('Stopped — the partial reply is kept.');
  // Its beginning is still there when the reader goes back up to it.
  await long.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await expect(long).toContainText('Paragraph 3.');
});

test('a stream cut mid-reply keeps the partial text, marked incomplete, and Retry answers in full', async ({ page, studio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newConversation();

  // Paced, so the chunks before the cut are read before the connection is reset (a reset drops unread data).
  await paceSandbox(page, studio.sandboxUrl, 100);
  await breakNextStream(page, studio.sandboxUrl, { mode: 'cut', after_chunks: 20 });
  const reply = await chat.send('[tokens:300] A reply the network will cut.');
  await chat.expectStatus(reply, 'incomplete');
  await expect(reply).toContainText('The stream broke — the partial reply is kept.');
  await expect(reply).toContainText('Sandbox reply from');

  await paceSandbox(page, studio.sandboxUrl, 0);
  await reply.getByRole('button', { name: 'Retry' }).click();
  await chat.expectStatus(chat.lastReply, 'complete');
  await expect(chat.lastReply).toContainText(chatReply('modela-5'));
  await expect(chat.lastReply).not.toContainText('The stream broke');
  await expect(chat.replies).toHaveCount(1);
});

test('an attached image goes through the responses API, once chosen: chat completions says it takes none', async ({ page, studio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newConversation();

  await expect(chat.apiNote).toContainText('through the chat completions API');
  await chat.attachFiles(pngFile('harbour.png', 80, 60));
  await expect(chat.composer.getByText(/The chat completions API takes no images/)).toBeVisible();
  await chat.openSettings();
  await chat.setting('API').selectOption('responses');
  await chat.expectSettingsSaved();
  await expect(chat.apiNote).toContainText('Next message: modela-5 through the responses API');
  const reply = await chat.send('What is in this picture?');
  await chat.expectStatus(reply, 'complete');
  await expect(reply).toContainText('Sandbox reply from modela-5 via the responses API');
  await expect(reply).toContainText('Images received: 1');
  // The sent turn shows the stored image, loaded through the host.
  const image = chat.userTurns.last().getByRole('img', { name: 'harbour.png' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(80);
  await expect(chat.pendingImages).toBeHidden();

  // Edit and resend: the turn is replaced in place, its image goes again, the old reply goes.
  await chat.userTurns.last().getByRole('button', { name: 'Edit' }).click();
  await chat.messages.getByRole('textbox', { name: 'Edit your message' }).fill('Which colours are in it?');
  await chat.messages.getByRole('button', { name: 'Send edited message' }).click();
  await expect(chat.userTurns).toHaveCount(1);
  await expect(chat.userTurns).toContainText('Which colours are in it?');
  await chat.expectStatus(chat.lastReply, 'complete');
  await expect(chat.replies).toHaveCount(1);
  await expect(chat.lastReply).toContainText('You asked: "Which colours are in it?"');
  await expect(chat.lastReply).toContainText('Images received: 1');
});

test('images come by paste, drop and link; each can be removed, and "Images first" puts them before the text', async ({ page, studio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newConversation();
  // Images go through the responses API, chosen on purpose.
  await chat.openSettings();
  await chat.setting('API').selectOption('responses');
  await chat.expectSettingsSaved();
  await chat.closeSettings();
  const bytes = [...pngFile('x.png', 20, 20).buffer];

  // Ctrl+V of an image in the message box attaches it; the text stays as typed.
  await chat.messageBox.fill('Compare these');
  await chat.messageBox.focus();
  await page.evaluate((data) => {
    const w = globalThis as any;
    const dt = new w.DataTransfer();
    dt.items.add(new w.File([new Uint8Array(data)], 'pasted.png', { type: 'image/png' }));
    w.document.activeElement.dispatchEvent(new w.ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, bytes);
  await expect(chat.pendingImages.getByRole('listitem', { name: 'pasted.png' })).toBeVisible();

  // Dropped anywhere on the conversation.
  const drop = (name: string) =>
    page.evaluateHandle(([data, file]) => {
      const w = globalThis as any;
      const dt = new w.DataTransfer();
      dt.items.add(new w.File([new Uint8Array(data as number[])], file, { type: 'image/png' }));
      return dt;
    }, [bytes, name] as const);
  await chat.messages.dispatchEvent('drop', { dataTransfer: await drop('dropped.png') });
  await chat.messages.dispatchEvent('drop', { dataTransfer: await drop('unwanted.png') });
  await expect(chat.pendingImages.getByRole('listitem', { name: 'unwanted.png' })).toBeVisible();
  await chat.pendingImages.getByRole('button', { name: 'Remove unwanted.png' }).click();
  await expect(chat.pendingImages.getByRole('listitem')).toHaveCount(2);

  // A link, checked before it is added.
  await chat.composer.getByRole('button', { name: 'Add image URL' }).click();
  const url = chat.composer.getByRole('textbox', { name: 'Image URL' });
  await url.fill('not a link');
  await url.press('Enter');
  await expect(chat.composer).toContainText('Enter a public http(s) link to an image');
  await url.fill('https://example.com/photo.jpg');
  await url.press('Enter');
  await expect(chat.pendingImages.getByRole('listitem')).toHaveCount(3);

  await chat.composer.getByRole('button', { name: 'Images first' }).click();
  await expect(chat.composer.getByRole('button', { name: 'Images first' })).toHaveAttribute('aria-pressed', 'true');
  await expect(chat.messageBox).toHaveValue('Compare these');
  const reply = await chat.send('Compare these');
  await chat.expectStatus(reply, 'complete');
  await expect(reply).toContainText('Images received: 3');
  await expect(reply).toContainText('image at example.com');
  // The turn shows its images before its text, as they were sent.
  const turn = chat.userTurns.last();
  const [images, text] = [await turn.getByRole('list', { name: 'Attached images' }).boundingBox(), await turn.getByText('Compare these').boundingBox()];
  expect(images!.y).toBeLessThan(text!.y);
});

test('a function tool is defined in the schema editor, which refuses invalid schemas first', async ({ page, studio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newToolConversation();

  await chat.settings.getByRole('button', { name: '+ Add function' }).click();
  const tool = chat.settings.getByRole('listitem', { name: 'Function 1' });
  await tool.getByLabel('Function name', { exact: true }).fill('get_weather');
  const fn = chat.settings.getByRole('listitem', { name: 'get_weather' });
  await fn.getByLabel('Function description', { exact: true }).fill('Looks up the weather in a city');
  const schema = fn.getByLabel('Parameters (JSON schema)', { exact: true });

  await schema.fill('{\n  "type": "object",\n  "properties": { "city": { "type": "string" } },\n}');
  await expect(schema).toHaveAttribute('aria-invalid', 'true');
  await expect(schema).toHaveAccessibleDescription(/Not valid JSON at line 4, column 1: a comma before "}"/);
  await expect(fn.getByText('Not saved')).toBeVisible();

  await schema.fill('{"type": "array", "items": {}}');
  await expect(schema).toHaveAccessibleDescription(/The schema's "type" must be "object"/);
  await schema.fill('{"type": "object", "properties": {"city": {"type": "string"}}, "required": ["town"]}');
  await expect(schema).toHaveAccessibleDescription(/"required" names a property not in "properties": "town"/);
  await expect(fn.getByText('Not saved')).toBeVisible();

  await schema.fill('{"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}');
  await expect(schema).not.toHaveAttribute('aria-invalid', 'true');
  await expect(fn.getByText('Saved', { exact: true })).toBeVisible();
  await chat.expectSettingsSaved();
  await expect(chat.apiNote).toContainText('modela-5 through the responses API · 1 reply · tools on: 1 function');

  await chat.closeSettings();
  const reply = await chat.send('What is the weather in Lisbon?');
  await chat.expectStatus(reply, 'complete');
  await expect(reply).toContainText('via the responses API');
  await expect(reply).toContainText('Tools offered: function get_weather');

  // The tool is the conversation's own: it is still there after a reload.
  await page.reload();
  await chat.open();
  await chat.openSettings();
  await expect(chat.settings.getByRole('listitem', { name: 'get_weather' })).toBeVisible();
});

test('the native API with a thinking model reports its thoughts; settings are checked before sending', async ({ page, studio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newConversation();
  await chat.openSettings();

  // Native is offered only for the modelc text models.
  await expect(chat.setting('API').getByRole('option')).toHaveText(['Chat completions', 'Responses']);
  await chat.chooseModel(chat.setting('Model'), 'modelc-2.5-pro-thinking');
  await expect(chat.setting('API').getByRole('option')).toHaveText(['Chat completions', 'Native (generateContent)']);
  await chat.setting('API').selectOption('native');
  await expect(chat.settings.getByRole('status')).toContainText('Next turn goes through the native generateContent API.');
  // Parameters this API does not take say so.
  await expect(chat.setting('Presence penalty')).toHaveAccessibleDescription(/Ignored by the native generateContent API/);

  // A value out of range is refused at its field, and Send says why it waits.
  await chat.setting('Top P').fill('3');
  await expect(chat.setting('Top P')).toHaveAccessibleDescription(/Top P is 0 to 1/);
  await chat.messageBox.fill('Think it through.');
  await expect(chat.sendButton).toBeDisabled();
  await expect(chat.composer).toContainText('Fix the marked settings first.');
  await chat.setting('Top P').fill('');
  await expect(chat.sendButton).toBeEnabled();
  await chat.setting('Temperature').fill('0.7');
  await chat.expectSettingsSaved();

  await chat.closeSettings();
  const reply = await chat.send('Think it through.');
  await chat.expectStatus(reply, 'complete');
  await expect(reply).toContainText('Sandbox reply from modelc-2.5-pro-thinking via the native generateContent API');
  await expect(reply.getByTestId('chat-usage')).toHaveText(/^Tokens: \d+ prompt · \d+ completion · \d+ total · \d+ thoughts$/);
  // The native API's safety ratings, compact until opened.
  await reply.getByText('Safety: nothing flagged', { exact: true }).click();
  await expect(reply.getByRole('listitem').filter({ hasText: 'dangerous content: negligible' })).toBeVisible();
  // A reply cut by the token limit says so.
  const cut = await chat.send('[finish:MAX_TOKENS] And in short?');
  await chat.expectStatus(cut, 'complete');
  await expect(cut).toContainText('Cut off at the token limit (MAX_TOKENS).');

  // The settings are the conversation's: a reload keeps them.
  await page.reload();
  await chat.open();
  await chat.openSettings();
  await expect(chat.setting('Model')).toHaveValue('modelc-2.5-pro-thinking');
  await expect(chat.setting('API')).toHaveValue('native');
  await expect(chat.setting('Top P')).toHaveValue('');
  await expect(chat.setting('Temperature')).toHaveValue('0.7');
  // An emptied box goes back to the gateway's default, and stays so.
  await chat.setting('Temperature').fill('');
  await chat.expectSettingsSaved();
  await page.reload();
  await chat.open();
  await chat.openSettings();
  await expect(chat.setting('Temperature')).toHaveValue('');
  await expect(chat.setting('Temperature')).toHaveAttribute('placeholder', '1');
});

test('n = 2 shows two alternatives side by side, and either can continue the conversation', async ({ page, studio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newConversationWithAlternatives(2);

  const reply = await chat.send('Give me two takes.');
  await chat.expectStatus(reply, 'complete');
  const alternatives = reply.getByRole('group', { name: 'Alternatives' }).getByRole('region');
  await expect(alternatives).toHaveCount(2);
  const [a, b] = [alternatives.nth(0), alternatives.nth(1)];
  await expect(a).toContainText('Sandbox reply from modela-5');
  await expect(b).toContainText('Alternative 2. Sandbox reply from modela-5');
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  expect(boxA!.y).toBe(boxB!.y);
  expect(boxB!.x).toBeGreaterThan(boxA!.x + boxA!.width - 1);

  await expect(a.getByText('In use')).toBeVisible();
  await b.getByRole('button', { name: 'Use this one' }).click();
  await expect(b.getByText('In use')).toBeVisible();
  await expect(a.getByRole('button', { name: 'Use this one' })).toBeVisible();
});

test('conversations are renamed, searched and deleted, and a reload keeps them', async ({ page, studio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.open();
  await chat.newConversation();
  // From here the list follows the host's change events: a new conversation, a reply, a rename
  // ask for no list (a search does).
  const listAsked: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/call/chat.list')) listAsked.push(r.postData() ?? '');
  });
  await chat.expectStatus(await chat.send('Notes about lighthouses on the coast'), 'complete');
  await chat.newConversation();
  await chat.expectStatus(await chat.send('Ideas for painting red foxes'), 'complete');
  // Newest first.
  await expect(chat.conversations).toHaveText([/^Ideas for painting red foxes/, /^Notes about lighthouses on the coast/]);

  await chat.rename('Notes about lighthouses on the coast', 'Lighthouses');
  await expect(chat.conversation('Lighthouses')).toHaveCount(1);
  await chat.rename('Lighthouses', 'Never saved', 'Escape');
  await expect(chat.conversation('Never saved')).toHaveCount(0);
  await expect(chat.conversation('Lighthouses')).toHaveCount(1);
  expect(listAsked).toEqual([]);

  // Search finds message text too, and shows where.
  await chat.search.fill('foxes');
  await expect(chat.conversations).toHaveCount(1);
  await expect(chat.conversations.first()).toContainText('Ideas for painting red foxes');
  await chat.search.fill('coast');
  await expect(chat.conversations).toHaveCount(1);
  await expect(chat.conversation('Lighthouses')).toContainText('coast');
  await chat.search.fill('');
  await expect(chat.conversations).toHaveCount(2);

  // Opening one from the keyboard.
  await chat.conversation('Lighthouses').getByRole('button').first().focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(chat.heading).toHaveText('Ideas for painting red foxes');

  // Delete asks first.
  await chat.sidebar.getByRole('button', { name: 'Delete “Ideas for painting red foxes”' }).click();
  await chat.sidebar.getByRole('button', { name: 'Cancel' }).click();
  await expect(chat.conversations).toHaveCount(2);
  await chat.sidebar.getByRole('button', { name: 'Delete “Ideas for painting red foxes”' }).click();
  await chat.sidebar.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(chat.conversations).toHaveCount(1);
  await expect(chat.heading).toHaveText('Lighthouses');

  // An unsent message is a draft of its conversation: it survives the reload too.
  await chat.messageBox.fill('An unsent thought');
  await expect.poll(() => page.evaluate(() => JSON.stringify({ ...(globalThis as any).localStorage }))).toContain('An unsent thought');
  await page.reload();
  await chat.open();
  await expect(chat.conversations).toHaveCount(1);
  await expect(chat.heading).toHaveText('Lighthouses');
  await expect(chat.messageBox).toHaveValue('An unsent thought');
  await expect(chat.userTurns).toHaveCount(1);
  await expect(chat.userTurns).toContainText('Notes about lighthouses on the coast');
  await expect(chat.lastReply).toContainText(chatReply('modela-5'));

  // Export as a Markdown file.
  const download = page.waitForEvent('download');
  await chat.panel.getByRole('button', { name: 'Export Markdown' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.md$/);
  const markdown = readFileSync((await file.path())!, 'utf8');
  expect(markdown).toContain('Lighthouses');
  expect(markdown).toContain('Notes about lighthouses on the coast');
  expect(markdown).toContain('Sandbox reply from');
});

test('a reply refused for a low balance fails with the reason, said in the reply (not by the banner), and Retry works once funded', async ({ page, studio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  await chat.studio.addProfile({ name: 'Broke gateway', baseUrl: studio.gatewayUrl, apiKey: 'sk-sandbox-broke' });
  await chat.studio.activateProfile('Broke gateway');
  await chat.open();
  await chat.newConversation();

  const reply = await chat.send('Hello from a broke account');
  await chat.expectStatus(reply, 'failed');
  await expect(reply.getByRole('alert')).toContainText(/top up/i);
  // Said once: the banner above the conversation would repeat it (e2e/chat-payment.spec.ts).
  await expect(chat.studio.banner).toBeHidden();

  // Topped up (the sandbox's admin route), the same turn is asked again.
  const res = await page.request.post(`${studio.gatewayUrl}/_sandbox/keys/sk-sandbox-broke/balances`, { data: { token_balance: 1_000_000, balance: 100 } });
  expect(res.ok()).toBe(true);
  await reply.getByRole('button', { name: 'Retry' }).click();
  await chat.expectStatus(chat.lastReply, 'complete');
  await expect(chat.lastReply).toContainText(chatReply('modela-5'));
});

const seeded = seededTest((dataDir) => seedLongConversation(dataDir, 2000));

seeded('a 2,000-message conversation opens at its newest message and scrolls to its first', async ({ page, seededStudio }) => {
  const chat = new ChatPage(page);
  await chat.studio.open(seededStudio.url);
  await expect(chat.heading).toHaveText('A long conversation');
  await expect(chat.messages.getByText('Question number 1998')).toBeVisible();
  await expect(chat.messages.getByText('Answer 1999.')).toBeVisible();
  // Only the rows in view (and a few around them) are in the page.
  expect(await chat.messages.getByRole('article').count()).toBeLessThan(30);
  // Assistive technology still hears how many there are.
  await expect(chat.messages.locator('[aria-posinset]').last()).toHaveAttribute('aria-setsize', '2000');
  await expect(chat.messages.locator('[aria-posinset]').last()).toHaveAttribute('aria-posinset', '2000');

  // Home from the keyboard goes to the very first message; "Jump to latest" comes back.
  await chat.messages.focus();
  await page.keyboard.press('Home');
  await expect(chat.messages.getByText('Question number 0:')).toBeVisible();
  expect(await chat.messages.getByRole('article').count()).toBeLessThan(30);
  await chat.panel.getByRole('button', { name: 'Jump to latest' }).click();
  await expect(chat.messages.getByText('Answer 1999.')).toBeVisible();
  await expect(chat.panel.getByRole('button', { name: 'Jump to latest' })).toBeHidden();
});
