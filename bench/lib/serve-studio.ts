/**
 * A child process for the browser benchmarks: a built renderer served on 127.0.0.1 by the browser
 * shell. Prints the sign-in link, then serves until SIGTERM. Running it apart from the benchmark
 * lets the host's CPU be read on its own (/proc/<pid>/stat), with nothing of Playwright in it.
 *   node --import tsx bench/lib/serve-studio.ts --renderer DIR --data DIR   the studio: core + embedded sandbox
 *   node --import tsx bench/lib/serve-studio.ts --renderer DIR --static     the same HTTP server, no core behind it
 *   … --data DIR --speed N      the embedded sandbox N times faster, jobs polled at the spec's cadence / N
 *   … --data DIR --cadence-speed N   jobs polled at the spec's cadence / N, the embedded sandbox at its
 *                                    own pace (for a sandbox in another process, one N times faster)
 * `--static` serves a plain page (the minimal React one) through the very same static-file code,
 * headers and sign-in as the studio, so a start-up comparison measures the pages, not the servers.
 */
import { parseArgs } from 'node:util';
import { startBrowserShell } from '../../browser-shell/main.js';
import { createBrowserShellServer } from '../../browser-shell/server.js';
import type { StudioHost } from '@shared/contract/index.js';

const { values } = parseArgs({
  options: {
    renderer: { type: 'string' }, data: { type: 'string' }, static: { type: 'boolean', default: false },
    // The save-storm scenario runs the embedded sandbox faster and polls at the spec's cadence / 20.
    speed: { type: 'string' },
    // bench/day.ts polls a sandbox in a child process as fast, with the embedded one left idle.
    'cadence-speed': { type: 'string' },
  },
});
const speed = values.speed ? Number(values.speed) : undefined;
const cadenceSpeed = values['cadence-speed'] ? Number(values['cadence-speed']) : speed;
const fast = cadenceSpeed ? {
  firstCheckMs: Math.round(2_000 / cadenceSpeed),
  image: { minIntervalMs: Math.round(2_000 / cadenceSpeed), maxIntervalMs: Math.round(5_000 / cadenceSpeed), maxWaitMs: 300_000 },
  video: { minIntervalMs: Math.round(5_000 / cadenceSpeed), maxIntervalMs: Math.round(10_000 / cadenceSpeed), maxWaitMs: 1_800_000 },
} : undefined;
if (!values.renderer || (!values.static && !values.data)) {
  console.error('usage: serve-studio.ts --renderer DIR (--data DIR | --static)');
  process.exit(2);
}

/** A host that knows no calls: a plain page never makes any. */
const noHost: StudioHost = {
  dispatch: async () => ({ ok: false, error: { code: 'internal', message: 'No host behind this page.', retryable: false } }),
  subscribe: () => () => undefined,
};

// Links work once: after each sign-in, the next one, as `npm start` prints it (bench/startup-paths.ts
// signs in through the page itself, a link per navigation).
const onSignIn = () => setImmediate(() => console.log(`next link: ${server.newLink()}`));
const server = values.static
  ? await createBrowserShellServer({ host: noHost, rendererDir: values.renderer, port: 0, onSignIn })
  : await startBrowserShell({
    dataDir: values.data, rendererDir: values.renderer, port: 0, open: false, log: (line) => console.error(line), onSignIn,
    ...(speed ? { sandbox: { speed, streamPaceMs: 5 } } : {}),
    ...(fast ? { cadence: fast } : {}),
  });
console.log(server.url);

const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
