/**
 * A child process for the browser benchmarks: a built renderer served on 127.0.0.1 by the browser
 * shell. Prints the sign-in link, then serves until SIGTERM. Running it apart from the benchmark
 * lets the host's CPU be read on its own (/proc/<pid>/stat), with nothing of Playwright in it.
 *   node --import tsx bench/lib/serve-studio.ts --renderer DIR --data DIR   the studio: core + embedded sandbox
 *   node --import tsx bench/lib/serve-studio.ts --renderer DIR --static     the same HTTP server, no core behind it
 * `--static` serves a plain page (the minimal React one) through the very same static-file code,
 * headers and sign-in as the studio, so a start-up comparison measures the pages, not the servers.
 */
import { parseArgs } from 'node:util';
import { startBrowserShell } from '../../electron/browser-shell/main.js';
import { createBrowserShellServer } from '../../electron/browser-shell/server.js';
import type { StudioHost } from '../../shared/contract/index.js';

const { values } = parseArgs({ options: { renderer: { type: 'string' }, data: { type: 'string' }, static: { type: 'boolean', default: false } } });
if (!values.renderer || (!values.static && !values.data)) {
  console.error('usage: serve-studio.ts --renderer DIR (--data DIR | --static)');
  process.exit(2);
}

/** A host that knows no calls: a plain page never makes any. */
const noHost: StudioHost = {
  dispatch: async () => ({ ok: false, error: { code: 'internal', message: 'No host behind this page.', retryable: false } }),
  subscribe: () => () => undefined,
};

const server = values.static
  ? await createBrowserShellServer({ host: noHost, rendererDir: values.renderer, port: 0 })
  : await startBrowserShell({ dataDir: values.data, rendererDir: values.renderer, port: 0, open: false, log: (line) => console.error(line) });
console.log(server.url);

const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
