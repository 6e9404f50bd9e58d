/**
 * The studio as an MCP host, end to end (docs/mcp.md): the demo MCP server added in Settings over
 * stdio (confirmed with the code the shell prints to its terminal) and over Streamable HTTP with a
 * bearer token; a conversation offers its tools; the model's call is approved, denied, or run by
 * itself once always allowed, against both answer shapes of the sandbox (chat-shaped choices and
 * the responses API's output items). And a script in the page that tries to start a command.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator } from '@playwright/test';
import { startDemoHttp } from '@sandbox/mcp-demo/http.js';
import { test, expect, type Studio } from './fixtures.js';
import { ChatPage } from './pages/chat-page.js';
import { pageCall } from './pages/page-call.js';

const DEMO_CLI = fileURLToPath(new URL('../sandbox/mcp-demo/cli.ts', import.meta.url));

/** Settings → MCP servers. */
async function mcpSection(chat: ChatPage): Promise<Locator> {
  const settings = await chat.studio.openTab('Settings');
  return settings.getByRole('region', { name: 'MCP servers' });
}

const serverCard = (section: Locator, name: string) => section.getByRole('listitem').filter({ has: section.page().getByRole('heading', { name, exact: true }) });

/** Adds the demo over stdio and starts it with the code from the terminal. */
async function addStdioDemo(chat: ChatPage, studio: Studio, name: string): Promise<Locator> {
  const section = await mcpSection(chat);
  await section.getByRole('button', { name: 'Add server' }).click();
  await section.getByLabel('Name', { exact: true }).fill(name);
  await section.getByLabel('Local command (stdio)').check();
  await section.getByLabel('Command', { exact: true }).fill(process.execPath);
  await section.getByLabel('Arguments', { exact: true }).fill(['--import', 'tsx', DEMO_CLI].join('\n'));
  await section.getByRole('button', { name: 'Add server' }).last().click();
  const card = serverCard(section, name);
  await expect(card.getByRole('status')).toHaveText('Not confirmed');
  await card.getByRole('button', { name: 'Start' }).click();
  const code = card.getByLabel('Code from the terminal');
  await expect(code).toBeVisible();
  await code.fill(studio.commandCode(name) ?? '');
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(card.getByRole('status')).toHaveText('Connected', { timeout: 20_000 });
  await expect(card).toContainText('6 tools');
  return card;
}

/** A new conversation offering the server `name`'s tools. */
async function conversationOffering(chat: ChatPage, name: string): Promise<void> {
  await chat.open();
  await chat.newConversation();
  await chat.openSettings();
  // Tools go through the responses API, chosen on purpose.
  await chat.setting('API').selectOption('responses');
  await chat.settings.getByRole('checkbox', { name: new RegExp(`^${name}`) }).check();
  await chat.expectSettingsSaved();
  await chat.closeSettings();
}

/** The card of the call to `tool` in the first reply (the reply that asks). */
async function askFor(chat: ChatPage, text: string, tool: string): Promise<{ asking: Locator; card: Locator }> {
  await chat.send(text);
  const asking = chat.replies.first();
  await chat.expectStatus(asking, 'complete');
  const card = asking.getByRole('region', { name: new RegExp(`${tool}`) });
  await expect(card).toBeVisible();
  return { asking, card };
}

test.describe('MCP servers', () => {
  let chat: ChatPage;

  test.beforeEach(async ({ page, studio }) => {
    chat = new ChatPage(page);
    await chat.studio.open(studio.url);
  });

  for (const shape of ['chat', 'responses'] as const) {
    test.describe(`${shape}-shaped answers`, () => {
      test.beforeEach(async ({ page, studio }) => {
        const res = shape === 'responses'
          ? await page.request.post(`${studio.sandboxUrl}/_sandbox/tools/shape`, { data: { shape } })
          : await page.request.post(`${studio.sandboxUrl}/_sandbox/faults/reset`);
        expect(res.ok()).toBe(true);
      });

      test('over stdio: added, confirmed from the terminal, a call approved once runs and the reply goes on', async ({ page, studio }) => {
        test.setTimeout(60_000);
        await addStdioDemo(chat, studio, 'Notes');
        await conversationOffering(chat, 'Notes');
        // Asked in plain words, as a creator would: the tool's exposed name is never shown to them.
        const { card } = await askFor(chat, 'Read my lighting note, please.', 'read_note');
        await expect(card).toContainText('from Notes server');
        await expect(card).toContainText('"name": "lighting"');
        await page.setViewportSize({ width: 1100, height: 760 });
        // README's picture of a tool card, retaken by every run.
        if (shape === 'chat') await card.screenshot({ path: 'docs/screenshots/mcp-tool-card.png', animations: 'disabled', caret: 'hide' });

        await card.getByRole('button', { name: 'Allow once' }).click();
        await expect(card).toContainText('Key light', { timeout: 20_000 });
        const next = chat.replies.nth(1);
        await chat.expectStatus(next, 'complete');
        await expect(next).toContainText('The tool Notes__read_note returned:');

        // After a reload the answer is still on the card.
        await page.reload();
        await chat.open();
        await expect(chat.replies.first().getByRole('region', { name: /read_note/ })).toContainText('Key light');
      });

      test('over HTTP with a token: a denied call is declined to the model; Always allow runs the next call by itself', async ({ page, studio }) => {
        test.setTimeout(60_000);
        const demo = await startDemoHttp({ port: 0, token: 'e2e-token-4321', log: () => undefined });
        try {
          const section = await mcpSection(chat);
          await section.getByRole('button', { name: 'Add server' }).click();
          await section.getByLabel('Name', { exact: true }).fill('Remote');
          await section.getByLabel('URL (Streamable HTTP)').check();
          await section.getByLabel('Server URL').fill(demo.url);
          await section.getByLabel('Bearer token (optional)').fill('e2e-token-4321');
          await section.getByRole('button', { name: 'Add server' }).last().click();
          const server = serverCard(section, 'Remote');
          // An address is confirmed outside the page before anything is sent to it.
          await expect(server.getByRole('status')).toHaveText('Not confirmed');
          await server.getByRole('button', { name: 'Start' }).click();
          await server.getByLabel('Code from the terminal').fill(studio.commandCode('Remote') ?? '');
          await server.getByRole('button', { name: 'Confirm' }).click();
          await expect(server.getByRole('status')).toHaveText('Connected', { timeout: 20_000 });
          await expect(server).toContainText('4321');
          await expect(server).not.toContainText('e2e-token');

          await conversationOffering(chat, 'Remote');
          const { card } = await askFor(chat, 'Search my notes for the key light.', 'search_notes');
          await card.getByRole('button', { name: 'Deny' }).click();
          const next = chat.replies.nth(1);
          await chat.expectStatus(next, 'complete');
          await expect(next).toContainText('The user declined to run this tool.');

          await chat.send('Now list them with Remote__list_notes.');
          const asking = chat.replies.nth(2);
          await chat.expectStatus(asking, 'complete');
          await asking.getByRole('region', { name: /list_notes/ }).getByRole('button', { name: 'Always allow' }).click();
          await chat.expectStatus(chat.replies.nth(3), 'complete');

          // Asked again, the call runs without a click and the reply goes on.
          // Not `chat.send`: the call may run and the next reply start before a count of one more is
          // seen (and the list renders only the rows in view), so the newest turns are found by content.
          await chat.messageBox.fill('Once more, Remote__list_notes.');
          await chat.sendButton.click();
          await expect(chat.lastReply).toContainText('You asked: "Once more, Remote__list_notes."', { timeout: 20_000 });
          await expect(chat.lastReply).toContainText('The tool Remote__list_notes returned: colour-grading');
          const ranByItself = chat.replies.filter({ has: page.getByRole('region', { name: /list_notes/ }) }).last();
          await expect(ranByItself.getByRole('group', { name: 'Result sent' })).toContainText('lighting');
          await expect(ranByItself.getByRole('button', { name: 'Allow once' })).toHaveCount(0);
        } finally {
          await demo.close();
        }
      });
    });
  }

  test('a script in the page cannot start a command: a forged start is refused, nothing runs', async ({ page, studio }) => {
    const file = join(studio.dataDir, 'page-ran-this.txt');
    const added = await pageCall(page, 'mcp.add', {
      spec: { transport: 'stdio', name: 'Innocent', command: process.execPath, args: ['-e', `require('fs').writeFileSync(${JSON.stringify(file)}, 'x')`], env: {} },
    });
    expect(added.ok).toBe(true);
    // No code: the shell prints one to its terminal, which the page cannot read.
    expect((await pageCall(page, 'mcp.connect', { id: added.value.id })).error).toMatchObject({ code: 'confirmation_required' });
    for (const guess of ['000000', '123456', '999999']) {
      expect((await pageCall(page, 'mcp.connect', { id: added.value.id, confirmCode: guess })).ok).toBe(false);
    }
    expect(existsSync(file)).toBe(false);
    const section = await mcpSection(chat);
    await expect(serverCard(section, 'Innocent').getByRole('status')).toHaveText('Not confirmed');
  });
});
