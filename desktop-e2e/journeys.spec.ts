/**
 * The desktop app end to end, as a creator meets it (docs/desktop-harness.md): the built main
 * process, preload and renderer (`out/`), the main process in Node with the emulated Electron,
 * its window a real Chromium page loaded from the app's scheme, the sandbox gateway inside the
 * app as it ships. After every journey the emulation must have seen no preload failure, no call
 * without a handler and no Electron API it lacks.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.js';
import type { DesktopApp } from './harness.js';
import { desktopCall } from './desktop-call.js';
import { StudioPage } from '../e2e/pages/studio-page.js';
import { ChatPage } from '../e2e/pages/chat-page.js';
import { ImagePage } from '../e2e/pages/image-page.js';
import { GalleryPage, imageLoaded } from '../e2e/pages/gallery-page.js';
import { TasksPage } from '../e2e/pages/tasks-page.js';
import { readFieldValues, readRendererStorage } from '../e2e/pages/renderer-storage.js';
import { EVENT_NAMES, METHOD_NAMES } from '@shared/contract/index.js';

const MEDIA_PAGE = 'https://library.studio-media.invalid/';

/** What the emulation saw: nothing wrong (under real Electron, its log is the test's output instead). */
function expectClean(app: DesktopApp) {
  if (!app.emulated) return;
  expect(app.of('preload-error'), 'preload errors').toEqual([]);
  expect(app.of('ipc-error'), 'calls that failed in IPC').toEqual([]);
  expect(app.of('missing-api'), 'Electron APIs the emulation lacks').toEqual([]);
}

async function ready(app: DesktopApp): Promise<StudioPage> {
  const studio = new StudioPage(await app.window());
  await expect(studio.tab('Chat')).toBeVisible();
  await expect(studio.activeProfile).not.toContainText('Loading');
  return studio;
}

test('first start: the window shows the welcome on the offline sandbox, with only the contract exposed to the page', async ({ desktop }) => {
  const app = desktop.start();
  const studio = await ready(app);
  const page = studio.page;
  const welcome = page.getByRole('region', { name: 'Welcome to Gateway Studio' });
  await expect(welcome).toContainText('offline sandbox');
  await expect(studio.sandboxBadge).toBeVisible();
  await expect(studio.balance.getByTestId('balance-tokens-remaining')).toBeVisible();
  // The page's world has the bridge and nothing of Electron or Node.
  const world = await page.evaluate(() => {
    const g = globalThis as any;
    return {
      studio: Object.keys(g.studio).sort(),
      leaked: ['require', 'process', 'module', 'ipcRenderer', 'electron', '__studioIpc', '__studioIpcDeliver', 'Buffer'].filter((name) => name in g),
      frozen: Object.isFrozen(g.studio),
      replaced: (() => {
        try {
          g.studio = {};
        } catch {
          // strict-mode assignment to a read-only property
        }
        return Object.keys(g.studio).length;
      })(),
    };
  });
  expect(world.studio).toEqual([...METHOD_NAMES, ...EVENT_NAMES].sort());
  expect(world.leaked).toEqual([]);
  expect(world.frozen).toBe(true);
  expect(world.replaced).toBe(world.studio.length);
  // The app's own guards: every permission refused, the window shown once painted.
  if (app.emulated) expect(app.of('refused').filter((r) => r.what === 'permission').map((r) => r.detail)).toEqual(expect.arrayContaining(['notifications', 'media', 'geolocation']));
  if (app.emulated) expect(app.of('window').map((r) => r.action)).toEqual(['created', 'load', 'shown']);
  await welcome.getByRole('button', { name: 'Start with the sandbox' }).click();
  await expect(welcome).toBeHidden();
  expectClean(app);
});

test('a chat reply streams into the window through IPC events', async ({ desktop }) => {
  const app = desktop.start();
  const chat = new ChatPage((await ready(app)).page);
  await chat.open();
  await chat.newConversation();
  const reply = await chat.send('Hello from the desktop window');
  await chat.expectStatus(reply, 'complete');
  await expect(reply).not.toBeEmpty();
  expectClean(app);
});

test('an image job is submitted, saved and shown in the Gallery through the media protocol', async ({ desktop }) => {
  const app = desktop.start();
  const image = new ImagePage((await ready(app)).page);
  await image.open();
  await image.prompt.fill('a lighthouse on the desktop');
  await image.generate();
  await image.expectImages(image.run('a lighthouse on the desktop'), 1, 60_000);
  const gallery = new GalleryPage(image.page);
  await gallery.open();
  await gallery.expectCount(1);
  const thumbnail = gallery.cells.first().locator('img');
  await expect.poll(() => imageLoaded(thumbnail)).toBe(true);
  // Served by the app's studio-media: handler (at the origin the emulation maps it to).
  const media = app.emulated ? MEDIA_PAGE : 'studio-media://library/';
  expect(await thumbnail.getAttribute('src')).toMatch(new RegExp(`^${media.replace(/\./g, '\\.')}`));
  // A file the library does not know is refused by the same handler.
  const outside = await image.page.evaluate(async (base) => (await fetch(`${base}..%2F..%2Fsettings.json`)).status, media);
  expect(outside).toBe(404);
  expectClean(app);
});

const CANARY = 'sk-canary-desktop-5f1c93a07e2b4d68-never-leak';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : e.isFile() ? [join(dir, e.name)] : []));
}

/** A file's bytes, or none when it went between the listing and the read (Chromium rotates its session files). */
function bytesIfStill(file: string): Buffer | undefined {
  try {
    return statSync(file).size < 50_000_000 ? readFileSync(file) : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function sandboxUrl(page: Page): Promise<string> {
  const profiles = await desktopCall(page, 'profiles.list');
  return (profiles.value.profiles as { kind: string; baseUrl: string }[]).find((p) => p.kind === 'sandbox')!.baseUrl;
}

test('a key is kept through safeStorage: it works after a restart and never reaches the renderer or a file in clear', async ({ desktop }) => {
  let app = desktop.start({ env: { STUDIO_EMULATION_TRACE_IPC: '1' } });
  let studio = await ready(app);
  const gateway = await sandboxUrl(studio.page);
  expect((await fetch(`${gateway}/_sandbox/keys/${CANARY}/balances`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token_balance: 1_000 }) })).ok).toBe(true);
  await studio.addProfile({ name: 'Canary gateway', baseUrl: gateway, apiKey: CANARY });
  expect(await studio.testConnection('Canary gateway')).toMatch(/connected/i);

  const places: Record<string, string> = {
    storage: await readRendererStorage(studio.page),
    page: await studio.page.content(),
    fields: (await readFieldValues(studio.page)).join('\n'),
    ipc: app.of('ipc').map((r) => r.text).join('\n'),
  };
  // The trace saw the traffic it was meant to: the profile's card went by.
  if (app.emulated) expect(places.ipc).toContain('Canary gateway');
  for (const [place, text] of Object.entries(places)) expect(text, place).not.toContain(CANARY);
  // On disk: encrypted by safeStorage in the key file, in clear nowhere.
  // The sandbox gateway keeps its accounts under the data folder's sandbox/: a gateway knows its keys.
  for (const file of filesUnder(desktop.dataDir).filter((f) => !f.startsWith(join(desktop.dataDir, 'sandbox')))) {
    expect(bytesIfStill(file)?.includes(CANARY) ?? false, file).toBe(false);
  }
  const keyFile = filesUnder(desktop.dataDir).find((f) => bytesIfStill(f)?.includes('os-keychain'));
  expect(keyFile, 'a key file with an os-keychain entry').toBeDefined();

  expect(await app.closeWindow()).toBe(0);
  app = desktop.start();
  studio = await ready(app);
  await studio.openTab('Settings');
  expect(await studio.testConnection('Canary gateway')).toMatch(/connected/i);
  expectClean(app);
});

test('a second instance is refused and brings the first window forward', async ({ desktop }) => {
  const first = desktop.start();
  await ready(first);
  const second = desktop.start();
  expect(await second.exited).toBe(0);
  if (first.emulated) {
    expect(second.of('single-instance').map((r) => r.action)).toEqual(['refused']);
    expect(second.of('chromium')).toEqual([]);
    await first.waitFor('single-instance', (r) => r.action === 'second-instance');
    await first.waitFor('window', (r) => r.action === 'focused');
  }
  // The first one still runs.
  await expect(new StudioPage(await first.window()).tab('Chat')).toBeVisible();
  expectClean(first);
});

test('quitting with a job running, then starting again: the job resumes and its result is saved', async ({ desktop }) => {
  let app = desktop.start();
  const tasks = new TasksPage((await ready(app)).page);
  const submitted = await desktopCall(tasks.page, 'tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'resumed after a quit' } });
  expect(submitted, JSON.stringify(submitted)).toMatchObject({ ok: true });
  // Closing the last window quits the app on Linux; the job is still running at the gateway.
  expect(await app.closeWindow()).toBe(0);
  if (app.emulated) expect(app.of('quit')).toEqual([{ type: 'quit', code: 0 }]);
  // It was still running when the app quit: what the restart finds on disk.
  const db = new Database(join(desktop.dataDir, 'studio.db'), { readonly: true });
  const onDisk = db.prepare('SELECT state FROM tasks_jobs WHERE id = ?').pluck().get(submitted.value.id);
  db.close();
  expect(onDisk).toMatch(/^(queued|running)$/);

  app = desktop.start();
  const again = new TasksPage((await ready(app)).page);
  await again.open();
  const row = again.panel.getByRole('listitem').filter({ hasText: 'resumed after a quit' });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/saved/i, { timeout: 60_000 });
  const gallery = new GalleryPage(again.page);
  await gallery.open();
  await gallery.expectCount(1);
  expectClean(app);
});
