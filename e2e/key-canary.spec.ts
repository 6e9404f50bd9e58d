/**
 * A canary API key end to end in Chromium, through the browser shell: saved in Settings, used
 * for a connection test and a chat reply (also when the gateway quotes it back in an error) and
 * exported; then looked for everywhere the renderer's scripts can reach (Web Storage, cookies,
 * IndexedDB, Cache Storage, the page and its fields, every call's answer, the event stream, the
 * export) and in the studio's files, where only the key file may hold it.
 */
import { readFileSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { ROUTED_PAGE } from './support/routed-page.js';
import { ChatPage } from './pages/chat-page.js';
import { bytesOf, filesUnder } from '@host/test/data-files.js';
import { readFieldValues, readRendererStorage } from './pages/renderer-storage.js';

test.use(ROUTED_PAGE);

const CANARY = 'sk-canary-3d9e71f0a4c25b68-e2e-never-leak';

/**
 * Every answer the contract gave the renderer, read on its way to the page: a body read afterwards
 * (`response.text()`) can already be gone from Chromium's network buffer, and a search of an empty
 * body finds nothing while proving nothing.
 */
async function collectCallAnswers(page: Page): Promise<() => Promise<string[]>> {
  const bodies: string[] = [];
  await page.route('**/api/call/**', async (route) => {
    const response = await route.fetch();
    bodies.push(await response.text());
    await route.fulfill({ response });
  });
  return async () => [...bodies];
}

/** A second listener on the event stream the renderer reads, inside the page. */
async function listenToEvents(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => new Promise<void>((resolve) => {
    const g = globalThis as any;
    g.canaryEvents = [];
    const session = String(g.sessionStorage.getItem('gateway-studio:session') ?? '').split('.')[0];
    const source = new g.EventSource(`/api/events?session=${session}`);
    source.onmessage = (e: { data: string }) => g.canaryEvents.push(e.data);
    source.onopen = () => resolve();
  }));
  return () => page.evaluate(() => (globalThis as any).canaryEvents as string[]);
}

test('a saved API key is found nowhere the renderer can reach, nor in any file but the key file', async ({ page, studio }) => {
  const funded = await page.request.post(`${studio.gatewayUrl}/_sandbox/keys/${CANARY}/balances`, { data: { token_balance: 1_000_000, balance: 100 } });
  expect(funded.ok()).toBe(true);
  const answers = await collectCallAnswers(page);
  const chat = new ChatPage(page);
  await chat.studio.open(studio.url);
  const events = await listenToEvents(page);

  await chat.studio.addProfile({ name: 'Canary gateway', baseUrl: studio.gatewayUrl, apiKey: CANARY });
  expect(await chat.studio.testConnection('Canary gateway')).toMatch(/connected/i);
  await chat.studio.activateProfile('Canary gateway');
  await chat.open();
  await chat.newConversation();
  await chat.expectStatus(await chat.send('Hello through the canary key'), 'complete');

  // A gateway that quotes the key in its 401: the creator reads the error, with the key masked.
  const quoting = await page.request.post(`${studio.gatewayUrl}/_sandbox/faults/fail`, {
    data: { status: 401, match: '/v1/chat/completions', message: `Incorrect API key provided: ${CANARY}` },
  });
  expect(quoting.ok()).toBe(true);
  const refused = await chat.send('Once more, please');
  await chat.expectStatus(refused, 'failed');
  await expect(refused).toContainText(`Incorrect API key provided: …${CANARY.slice(-4)}`);

  const download = page.waitForEvent('download');
  await chat.panel.getByRole('button', { name: 'Export Markdown' }).click();
  const exported = readFileSync((await (await download).path())!, 'utf8');
  expect(exported).toContain('Hello through the canary key');

  const places: Record<string, string> = {
    storage: await readRendererStorage(page),
    page: await page.content(),
    fields: (await readFieldValues(page)).join('\n'),
    answers: (await answers()).join('\n'),
    events: (await events()).join('\n'),
    export: exported,
  };
  // The searches saw the traffic they were meant to: the reply, the connection's answer and the
  // masked error went by (the error comes in the reply's events; an answer carries it only when
  // the page reads the conversation again before the search, which it need not).
  expect(places.events).toContain('Hello through the canary key');
  expect(places.answers).toContain('Connected: the key works.');
  expect(`${places.events}\n${places.answers}`).toContain(`…${CANARY.slice(-4)}`);
  // Whatever the renderer keeps must still be clean once it reloads from it.
  await page.reload();
  await chat.open();
  places.storageAfterReload = await readRendererStorage(page);
  for (const [place, text] of Object.entries(places)) expect(text.includes(CANARY), place).toBe(false);

  // The shell's own files: settings in plain JSON hold no key; the 0600 key file does.
  const holding = filesUnder(studio.dataDir).filter((file) => bytesOf(file).includes(CANARY));
  expect(holding.map((file) => relative(studio.dataDir, file))).toEqual(['secrets.json']);
  if (process.platform !== 'win32') expect(statSync(holding[0]).mode & 0o777).toBe(0o600);
});
