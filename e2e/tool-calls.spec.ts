/**
 * Function calls answered by hand (issue 24, "Tool use, end to end"): the sandbox asks for a
 * function when the request offers function tools and the last user turn names one
 * (sandbox/README.md, "Tool use"); the creator answers each call on its card, and the turn's last
 * answer sends them all back, the model's next reply streaming in as a turn of its own. Each test
 * runs against both answer shapes the studio accepts: chat-shaped choices and the common
 * responses API's output items (`POST /_sandbox/tools/shape`).
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { ChatPage } from './pages/chat-page.js';

type Shape = 'chat' | 'responses';

const SCHEMAS = {
  get_weather: '{"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}',
  get_time: '{"type": "object", "properties": {"zone": {"type": "string"}}, "required": ["zone"]}',
} as const;
type Tool = keyof typeof SCHEMAS;

/** Sandbox admin: how the responses endpoint answers; `chat` is what `faults/reset` sets back. */
async function answerShape(page: Page, sandboxUrl: string, shape: Shape): Promise<void> {
  const res = shape === 'responses' ? await page.request.post(`${sandboxUrl}/_sandbox/tools/shape`, { data: { shape } }) : await page.request.post(`${sandboxUrl}/_sandbox/faults/reset`);
  expect(res.ok()).toBe(true);
}

/** A new conversation offering these function tools, defined in its settings panel. */
async function conversationWith(chat: ChatPage, tools: Tool[], { stream = true } = {}): Promise<void> {
  await chat.newToolConversation();
  for (const [i, name] of tools.entries()) {
    await chat.settings.getByRole('button', { name: '+ Add function' }).click();
    await chat.settings.getByRole('listitem', { name: `Function ${i + 1}` }).getByLabel('Function name', { exact: true }).fill(name);
    await chat.settings.getByRole('listitem', { name }).getByLabel('Parameters (JSON schema)', { exact: true }).fill(SCHEMAS[name]);
  }
  if (!stream) await chat.setting('Stream replies as they are written').uncheck();
  await chat.expectSettingsSaved();
  await chat.closeSettings();
}

/** The card of a call to `name` in `reply`. */
const card = (reply: Locator, name: Tool): Locator => reply.getByRole('region', { name: `Function call ${name}` });

/**
 * Sends the conversation's first turn and waits for the reply that asks for functions. It is held
 * as the first reply, not the newest (what `send` answers): the model's next reply becomes that.
 */
async function ask(chat: ChatPage, text: string): Promise<Locator> {
  await chat.send(text);
  const asking = chat.replies.first();
  await chat.expectStatus(asking, 'complete');
  return asking;
}

async function sendResult(call: Locator, text: string): Promise<void> {
  await call.getByRole('textbox', { name: 'Result' }).fill(text);
  await call.getByRole('button', { name: 'Send result' }).click();
  await expect(call.getByText('Result sent')).toBeVisible();
}

for (const shape of ['chat', 'responses'] as const) {
  test.describe(`${shape}-shaped answers`, () => {
    let chat: ChatPage;

    test.beforeEach(async ({ page, studio }) => {
      chat = new ChatPage(page);
      await chat.studio.open(studio.url);
      await answerShape(page, studio.sandboxUrl, shape);
      await chat.open();
    });

    test('a call answered by hand; the next reply streams in; Tool rounds is saved with the conversation', async ({ page }) => {
      await conversationWith(chat, ['get_weather']);
      await chat.openSettings();
      await chat.setting('Tool rounds').fill('3');
      await chat.expectSettingsSaved();
      await chat.closeSettings();

      const asking = await ask(chat, 'Please call get_weather for Lisbon.');
      const call = card(asking, 'get_weather');
      await expect(call).toBeVisible();
      // The arguments the sandbox built from the schema, pretty-printed.
      await expect(call.getByRole('group', { name: 'Arguments of get_weather' })).toHaveText('{\n  "city": "sandbox-city"\n}');

      // Ctrl+Enter in the result field sends, as everywhere in the studio.
      await call.getByRole('textbox', { name: 'Result' }).fill('21 °C and sunny');
      await call.getByRole('textbox', { name: 'Result' }).press('ControlOrMeta+Enter');
      await expect(chat.replies).toHaveCount(2);
      const next = chat.lastReply;
      await chat.expectStatus(next, 'complete');
      await expect(next).toContainText('The tool get_weather returned: 21 °C and sunny');
      await expect(call.getByText('Result sent')).toBeVisible();
      await expect(call.getByRole('textbox', { name: 'Result' })).toBeHidden();

      await page.reload();
      await chat.open();
      await chat.openSettings();
      await expect(chat.setting('Tool rounds')).toHaveValue('3');
      await expect(card(chat.replies.first(), 'get_weather').getByRole('group', { name: 'Result sent' })).toHaveText('21 °C and sunny');
    });

    test('with streaming off, the answered call brings the whole reply', async () => {
      await conversationWith(chat, ['get_weather'], { stream: false });
      const asking = await ask(chat, 'get_weather for Porto, please.');
      await sendResult(card(asking, 'get_weather'), 'Rain all day');
      await expect(chat.replies).toHaveCount(2);
      await chat.expectStatus(chat.lastReply, 'complete');
      await expect(chat.lastReply).toContainText('The tool get_weather returned: Rain all day');
    });

    test('two calls in one turn: the reply waits for both answers', async () => {
      await conversationWith(chat, ['get_weather', 'get_time']);
      const asking = await ask(chat, 'Use get_weather for Lisbon and get_time for its zone.');
      await expect(asking.getByRole('region', { name: /^Function call / })).toHaveCount(2);

      await sendResult(card(asking, 'get_time'), '14:05');
      // One answer of two: the other call still waits, and nothing goes to the model yet.
      await expect(card(asking, 'get_weather').getByRole('button', { name: 'Send result' })).toBeEnabled();
      await expect(chat.replies).toHaveCount(1);

      // Everything on the card is reached by Tab: from the result field to Decline, then Send result.
      const weather = card(asking, 'get_weather');
      await weather.getByRole('textbox', { name: 'Result' }).fill('Cloudy, 17 °C');
      await weather.getByRole('textbox', { name: 'Result' }).press('Tab');
      await expect(weather.getByRole('button', { name: 'Decline' })).toBeFocused();
      await chat.page.keyboard.press('Tab');
      await expect(weather.getByRole('button', { name: 'Send result' })).toBeFocused();
      await chat.page.keyboard.press('Enter');

      await expect(chat.replies).toHaveCount(2);
      await chat.expectStatus(chat.lastReply, 'complete');
      await expect(chat.lastReply).toContainText('The tool get_time returned: 14:05');
      await expect(chat.lastReply).toContainText('The tool get_weather returned: Cloudy, 17 °C');
    });

    test('a declined call is shown declined, and the model replies without its result', async () => {
      await conversationWith(chat, ['get_weather']);
      const asking = await ask(chat, 'Try get_weather for Faro.');
      const call = card(asking, 'get_weather');
      await call.getByRole('button', { name: 'Decline' }).click();
      await expect(call.getByText('Declined', { exact: true })).toBeVisible();
      await expect(call.getByRole('button')).toHaveCount(0);
      await expect(chat.replies).toHaveCount(2);
      await chat.expectStatus(chat.lastReply, 'complete');
      await expect(chat.lastReply).toContainText('The tool get_weather returned:');
    });

    test('a call left open across a reload still asks, and is answered then', async ({ page }) => {
      await conversationWith(chat, ['get_weather']);
      const asking = await ask(chat, 'get_weather for Braga?');
      await expect(card(asking, 'get_weather').getByRole('textbox', { name: 'Result' })).toBeVisible();

      // The call waits on the host, not in the page.
      await page.reload();
      await chat.open();
      const again = card(chat.replies.first(), 'get_weather');
      await expect(again.getByRole('textbox', { name: 'Result' })).toBeVisible();
      await sendResult(again, 'Fog in the morning');
      await expect(chat.replies).toHaveCount(2);
      await chat.expectStatus(chat.lastReply, 'complete');
      await expect(chat.lastReply).toContainText('The tool get_weather returned: Fog in the morning');
    });
  });
}
