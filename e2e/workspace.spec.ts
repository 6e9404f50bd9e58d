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
