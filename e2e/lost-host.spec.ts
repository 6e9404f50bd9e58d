/**
 * The studio's host stops under an open page, as after a crash or a closed terminal: the page
 * says so at once and keeps what was typed, a reload meanwhile shows the studio's own page saying
 * what to do (not the browser's error page), and a host started again is noticed by itself, with
 * the way to sign in again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from './fixtures.js';
import { startHost, type HostProcess } from './pages/shell-process.js';
import { ImagePage } from './pages/image-page.js';

let dataDir: string;
let hosts: HostProcess[] = [];
test.beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'studio-lost-'));
});
test.afterEach(async () => {
  for (const h of hosts) await h.kill();
  hosts = [];
  rmSync(dataDir, { recursive: true, force: true });
});

async function launch(port = 0): Promise<HostProcess> {
  const host = await startHost(dataDir, port);
  hosts.push(host);
  return host;
}

async function kill(): Promise<void> {
  await hosts.pop()!.kill();
}

const portOf = (url: string) => Number(new URL(url).port);

for (const size of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
  test(`a host that dies is said at once, a reload shows what to do, and a restarted host asks to sign in again (${size.width}×${size.height})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    const image = new ImagePage(page);
    const first = await launch();
    await image.studio.open(first.url);
    await image.open();
    await image.prompt.fill('a lighthouse in fog');
    // The page keeps its offline page ready once it has loaded (a service worker): wait for it, as a creator's page would have.
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');

    await kill();
    const banner = page.getByTestId('connection-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Lost contact with the studio');
    await expect(banner).toContainText('trying again by itself');
    // Not in the way: the form is still there, with what was typed.
    await expect(image.prompt).toHaveValue('a lighthouse in fog');
    await expect(image.prompt).toBeEditable();

    // Started again on the same address: noticed without a reload, and it says how to sign in again.
    const second = await launch(portOf(first.url));
    // By itself: the page tries again less and less often, at least every 30 s (api/event-stream.ts).
    await expect(banner).toContainText('The studio was started again', { timeout: 40_000 });
    await expect(banner).toContainText('Open the newest link printed in the terminal');
    await image.studio.open(second.url);
    await expect(banner).toBeHidden();
    await image.open();
    await expect(image.prompt).toHaveValue('a lighthouse in fog');

    // A reload while it is down: the studio's own page, styled, saying what to do.
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await kill();
    await expect(banner).toContainText('Lost contact with the studio');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Gateway Studio is not running' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('npm run shell');
    await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
    // Its own look, not the browser's bare text: the studio's font and a card centred in the window.
    const look = (await page.evaluate("(() => { const el = document.querySelector('main'); return { font: getComputedStyle(el).fontFamily, width: el.getBoundingClientRect().width }; })()")) as { font: string; width: number };
    expect(look.font).toMatch(/system-ui|sans-serif/);
    expect(look.width).toBeLessThan(size.width);

    // Back again: "Try again" leads to the studio, which asks for the terminal's newest link.
    const third = await launch(portOf(first.url));
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page.getByText('Open the studio with the link printed in the terminal')).toBeVisible();
    await image.studio.open(third.url);
    await image.open();
    await expect(image.prompt).toHaveValue('a lighthouse in fog');
  });
}
