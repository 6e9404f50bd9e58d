/**
 * What a hostile page (the renderer shows model output) tries in the desktop window, and what the
 * app, through its guards on the emulated Electron, refuses (docs/desktop-harness.md, "Refusals"):
 * leaving the app by navigation, opening windows, asking for permissions, and handing IPC a value
 * that cannot cross a process.
 */
import { test, expect } from './fixtures.js';
import { APP_PAGE, type DesktopApp } from './harness.js';
import type { Page } from '@playwright/test';

async function opened(desktopApp: DesktopApp): Promise<Page> {
  const page = await desktopApp.window();
  await expect(page.getByRole('tab', { name: 'Chat', exact: true })).toBeVisible();
  return page;
}

test('the page cannot navigate away from the app, by location or by a link', async ({ desktop }) => {
  const app = desktop.start();
  const page = await opened(app);
  await page.evaluate(() => {
    (globalThis as any).location.href = 'https://evil.example/phish';
  });
  await app.waitFor('refused', (r) => r.what === 'navigation' && r.url === 'https://evil.example/phish');
  await page.evaluate(() => {
    const a = (globalThis as any).document.createElement('a');
    a.href = 'https://evil.example/from-a-link';
    (globalThis as any).document.body.append(a);
    a.click();
  });
  await app.waitFor('refused', (r) => r.what === 'navigation' && r.url === 'https://evil.example/from-a-link');
  expect(page.url()).toMatch(new RegExp(`^${APP_PAGE.replace(/\./g, '\\.')}`));
  await expect(page.getByRole('tab', { name: 'Chat', exact: true })).toBeVisible();
});

test('window.open is always denied; a safe https link goes to the system browser, anything else nowhere', async ({ desktop }) => {
  const app = desktop.start();
  const page = await opened(app);
  await page.evaluate(() => {
    const g = globalThis as any;
    g.open('https://docs.example.com/guide');
    g.open('https://user:secret@bank.example/');
    g.open('http://192.168.1.1/admin');
  });
  for (const url of ['https://docs.example.com/guide', 'https://user:secret@bank.example/', 'http://192.168.1.1/admin']) {
    await app.waitFor('refused', (r) => r.what === 'window-open' && r.url === url);
  }
  expect(app.of('shell')).toEqual([{ type: 'shell', action: 'openExternal', target: 'https://docs.example.com/guide' }]);
  // No window but the app's: a denied popup is closed before it loads anything.
  await expect.poll(() => page.context().pages().length).toBe(1);
});

test('permission requests are refused by the app\'s handler', async ({ desktop }) => {
  const app = desktop.start();
  const page = await opened(app);
  const answers = await page.evaluate(async () => {
    const g = globalThis as any;
    const camera = await g.navigator.mediaDevices?.getUserMedia({ video: true }).then(() => 'granted', (e: Error) => e.name);
    return { notifications: await g.Notification.requestPermission(), geolocation: (await g.navigator.permissions.query({ name: 'geolocation' })).state, camera };
  });
  expect(answers.notifications).toBe('denied');
  expect(answers.geolocation).not.toBe('granted');
  expect(answers.camera).not.toBe('granted');
  expect(app.of('refused').filter((r) => r.what === 'permission').map((r) => r.detail)).toEqual(expect.arrayContaining(['notifications', 'geolocation', 'media', 'clipboard-read', 'device']));
});

test('a value that cannot be cloned never crosses IPC: the call fails in the page, the app goes on', async ({ desktop }) => {
  const app = desktop.start();
  const page = await opened(app);
  const outcome = await page.evaluate(async () => {
    const studio = (globalThis as any).studio;
    const failed = await studio['settings.get'](() => 'a function').then(() => 'sent', (e: Error) => e.message);
    const fine = await studio['settings.get']({});
    return { failed, fine: fine.ok };
  });
  expect(outcome).toEqual({ failed: 'An object could not be cloned.', fine: true });
});
