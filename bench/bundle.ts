/**
 * First-load bundle (docs/performance.md, "Targets"): the JavaScript and CSS a cold Chromium
 * fetches before the studio's first tab is interactive (page-probes.ts says exactly when), each
 * response body gzipped at level 9 and summed. Budget ≤ 200 kB (1 kB = 1000 bytes). Lists the
 * biggest files, and what was fetched after (lazy chunks, preloads), for information; and no
 * first-load file may hold the contract's zod schemas (budget 0 files).
 *   npx tsx bench/bundle.ts [--top 5]
 *
 * The renderer is built into a temp folder and served by the browser shell in a child process;
 * which files count comes from the page's Resource Timing (response complete before interactive),
 * and their bytes from the network responses Playwright saw.
 */
import { parseArgs } from 'node:util';
import { constants, gzipSync } from 'node:zlib';
import { coldPage, openUntilReady, networkIdle } from './lib/chromium.js';
import { benchRun } from './lib/bench-run.js';
import { RESOURCES_BEFORE_READY } from './lib/page-probes.js';
import { signIn } from '../browser-shell/test/sign-in.js';

const { values } = parseArgs({ options: { top: { type: 'string', default: '5' } } });
const TOP = Number(values.top);
const BUDGET_KB = 200;

const gzipped = (body: Buffer) => gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length;
const kb = (bytes: number) => (bytes / 1000).toFixed(1);
/** `assets/index-BKFDSS70.js` → `assets/index-[hash].js`: the same figure name in every run. */
const unhashed = (url: string) => new URL(url).pathname.slice(1).replace(/-[A-Za-z0-9_-]{8}(\.(?:js|css))$/, '-[hash]$1');

await benchRun('bundle', async (run) => {
  const { rows } = run;
  const shell = await run.shell();
  const browser = await run.browser();
  const { context, page, origin } = await coldPage(browser, await signIn(shell.url), 'studio');
  const bodies = new Map<string, Promise<Buffer>>();
  page.on('response', (res) => {
    if (/\.(js|css)$/.test(new URL(res.url()).pathname)) bodies.set(res.url(), res.body());
  });
  const readyMs = await openUntilReady(page, origin);
  const before = new Set((await page.evaluate(RESOURCES_BEFORE_READY)) as string[]);
  // Let anything started right at the end (a preload) arrive, so "after" is complete too.
  await networkIdle(page);
  const files = await Promise.all([...bodies].map(async ([url, body]) => {
    const bytes = await body;
    // zod's schemas: the contract's validation, which the first screen does not need and which
    // one value import from a schema file once brought into the first load (docs/performance.md).
    return { url, gz: gzipped(bytes), first: before.has(url), zod: bytes.includes('ZodObject') };
  }));
  await context.close();

  const missing = [...before].filter((url) => !bodies.has(url));
  if (missing.length) throw new Error(`no response body seen for ${missing.join(', ')}`);
  const first = files.filter((f) => f.first).sort((a, b) => b.gz - a.gz);
  const later = files.filter((f) => !f.first);
  const sum = (list: typeof files, ext?: string) => list.filter((f) => !ext || f.url.endsWith(ext)).reduce((n, f) => n + f.gz, 0);
  const total = sum(first);
  rows.push({ figure: `first tab interactive after (ms, one cold navigation)`, value: readyMs.toFixed(0), budget: '—', ok: null });
  const count = (ext: string) => {
    const n = first.filter((f) => f.url.endsWith(ext)).length;
    return `${n} file${n === 1 ? '' : 's'}`;
  };
  rows.push({ figure: `first-load JS, gzip -9 (${count('.js')}, kB)`, value: kb(sum(first, '.js')), budget: '—', ok: null });
  rows.push({ figure: `first-load CSS, gzip -9 (${count('.css')}, kB)`, value: kb(sum(first, '.css')), budget: '—', ok: null });
  rows.push({ figure: 'first-load JS + CSS before the first tab is interactive, gzip -9 (kB)', value: kb(total), budget: `≤ ${BUDGET_KB}`, ok: total <= BUDGET_KB * 1000 });
  const withZod = first.filter((f) => f.zod).map((f) => unhashed(f.url));
  rows.push({ figure: `first-load files holding the contract's schemas (zod)${withZod.length ? `: ${withZod.join(', ')}` : ''}`, value: String(withZod.length), budget: '0', ok: withZod.length === 0 });
  for (const f of first.slice(0, TOP)) rows.push({ figure: `largest first-load file: ${unhashed(f.url)} (kB)`, value: kb(f.gz), budget: '—', ok: null });
  rows.push({ figure: `fetched after interactive: ${later.map((f) => unhashed(f.url)).join(', ') || 'nothing'} (kB)`, value: kb(sum(later)), budget: '—', ok: null });
});
