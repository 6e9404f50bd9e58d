/**
 * The browser shell as its own process, for tests that kill or freeze the studio as a creator's
 * machine would: `node --import tsx e2e/support/shell-process.ts <dataDir> [port]` prints the sign-in
 * URL, then serves until it is stopped. Same fast sandbox and polling as the `studio` fixture.
 */
import { startBrowserShell } from '../../browser-shell/main.js';
import { RENDERER_DIR } from './renderer-dir.js';
import { FAST_CADENCE } from '../fixtures.js';

const dataDir = process.argv[2];
if (!dataDir) {
  console.error('usage: shell-process.ts <dataDir>');
  process.exit(2);
}
const port = Number(process.argv[3] ?? 0);
const shell = await startBrowserShell({ dataDir, port, open: false, rendererDir: RENDERER_DIR, sandbox: { speed: 20, streamPaceMs: 0 }, cadence: FAST_CADENCE, log: (line) => console.error(line) });
console.log(shell.url);
process.on('SIGTERM', () => void shell.close().then(() => process.exit(0)));
