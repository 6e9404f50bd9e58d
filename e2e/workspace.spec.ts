/**
 * The workspace outlives the browser's origin (docs/architecture.md, "The workspace"): the browser
 * shell restarted on another port (its old one taken, or another browser) is another origin, with
 * nothing in its storage; the host's copy brings back the open tab and the drafts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBrowserShell } from '../browser-shell/main.js';
import { RENDERER_DIR } from './support/renderer-dir.js';
import { test, expect } from './fixtures.js';
import { ChatPage } from './pages/chat-page.js';
import { ImagePage } from './pages/image-page.js';
import { pageCall } from './pages/page-call.js';

test('restarted on another port, the studio opens on the same tab with the same draft', async ({ page }) => {
  test.setTimeout(60_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-e2e-workspace-'));
  const start = () => startBrowserShell({ dataDir, port: 0, open: false, log: () => undefined, rendererDir: RENDERER_DIR, sandbox: { speed: 20, streamPaceMs: 0 } });
  try {
    const first = await start();
    const image = new ImagePage(page);
    try {
      await image.studio.open(first.newLink());
      await image.open();
      await image.prompt.fill('A lighthouse at dusk, watercolour');
      // The draft reaches the host once typing pauses.
      await expect.poll(async () => JSON.stringify(await pageCall(page, 'app.workspace'))).toContain('A lighthouse at dusk');
    } finally {
      await first.close();
    }

    const second = await start();
    try {
      expect(new URL(second.newLink()).port).not.toBe(new URL(first.newLink()).port);
      await image.studio.open(second.newLink());
      await expect(image.studio.tab('Image')).toHaveAttribute('aria-selected', 'true');
      await expect(image.prompt).toHaveValue('A lighthouse at dusk, watercolour');
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/**
 * In the page before its scripts: when the first `chat.get` left, when React's first render
 * replaced the static frame, and what the sidebar showed in that render.
 */
const FIRST_SCREEN_ORDER = `(() => {
  const fetch0 = window.fetch;
  window.fetch = function (input, init) {
    if (String(input && input.url ? input.url : input).includes('/chat.get')) window.__chatGetAt ??= performance.now();
    return fetch0.call(this, input, init);
  };
  new MutationObserver((_, observer) => {
    const root = document.getElementById('root');
    if (root && root.firstElementChild && !root.querySelector('.boot-frame')) {
      window.__renderedAt = performance.now();
      window.__sidebarAtFirstRender = root.querySelector('aside')?.textContent ?? '';
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
})()`;

test('restarted on another port, the conversation left open is asked for before the first render and shown', async ({ page }) => {
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-e2e-workspace-'));
  const start = () => startBrowserShell({ dataDir, port: 0, open: false, log: () => undefined, rendererDir: RENDERER_DIR, sandbox: { speed: 20, streamPaceMs: 0 } });
  const chat = new ChatPage(page);
  try {
    const first = await start();
    try {
      await chat.studio.open(first.newLink());
      await chat.open();
      for (const words of ['Harbours at night', 'Lighthouses in fog']) {
        await chat.newConversation();
        await chat.expectStatus(await chat.send(words), 'complete');
      }
      // The older one left open: the newest is what a studio with no workspace would open.
      await chat.conversations.filter({ hasText: 'Harbours at night' }).getByRole('button').first().click();
      await expect(chat.messages.first()).toContainText('Harbours at night');
      await expect.poll(async () => JSON.stringify(await pageCall(page, 'app.workspace'))).toMatch(/chat-selection/);
    } finally {
      await first.close();
    }

    await page.addInitScript(FIRST_SCREEN_ORDER);
    const second = await start();
    try {
      await chat.studio.open(second.newLink());
      await expect(chat.messages.first()).toContainText('Harbours at night');
      const order = (await page.evaluate('({ asked: window.__chatGetAt, rendered: window.__renderedAt })')) as { asked?: number; rendered?: number };
      expect(order.asked, 'the open conversation was asked for').toBeDefined();
      expect(order.asked!).toBeLessThan(order.rendered!);
      // The sidebar's list code came with the pane's: its conversations drawn in that render, no placeholder first.
      const sidebar = String(await page.evaluate('window.__sidebarAtFirstRender'));
      expect(sidebar).toContain('Harbours at night');
      expect(sidebar).not.toContain('Loading');
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
