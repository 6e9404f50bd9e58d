/**
 * A test whose studio starts on a data folder written beforehand (`seed` fills it): data an
 * earlier release or a long history left, which no journey through the UI makes quickly.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBrowserShell } from '../../browser-shell/main.js';
import { RENDERER_DIR } from './renderer-dir.js';
import { test } from '../fixtures.js';

export function seededTest(seed: (dataDir: string) => void) {
  return test.extend<{ seededStudio: { url: string } }>({
    // eslint-disable-next-line no-empty-pattern
    seededStudio: async ({}, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'studio-e2e-seeded-'));
      seed(dataDir);
      const shell = await startBrowserShell({ dataDir, port: 0, open: false, rendererDir: RENDERER_DIR, sandbox: { speed: 20, streamPaceMs: 0 } });
      try {
        await use({ url: shell.url });
      } finally {
        await shell.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  });
}
