/**
 * Start-up as people meet it (docs/performance-findings.md, "Start-up on the real paths").
 * bench/startup.ts starts a studio with no conversation, its session already in the page; a user
 * opens the link the studio prints, whose redirect signs the tab in, and either meets a first run
 * or the conversation they had open last. Both paths, each navigation in a fresh browser context
 * (empty cache and storage) opening a fresh one-time sign-in link, timed from that link's request:
 *   - first run: a brand-new data folder (a studio started for each navigation), to the first
 *     screen's input usable: the Chat tab's empty state, whose "New conversation" is the one thing
 *     to do (the composer comes with a conversation). For information, the probe presses it at
 *     once and times the composer's text field usable (enabled, writable, focusable);
 *   - returning user: a data folder whose last open conversation (the host's copy of the
 *     workspace, which fills a fresh profile's storage) holds --messages messages, beside a
 *     small newer one, and the welcome already dismissed; a studio started for each navigation,
 *     so the host reads the file as at a launch. To its newest message rendered down to its last
 *     characters and the composer usable, whichever is later; 5 s later, whether the view is at
 *     that message (lib/startup-path-probes.ts says why it is read then, not every frame).
 * Both are taken in the DOM after every change, as startup.ts's readiness is.
 * Each navigation is paired with one of the minimal Vite + React page (bench/fixtures/minimal-react,
 * the same sign-in through the same server code), which goes first alternating; verdicts are
 * medians of per-pair ratios (lib/paired.ts). Also, for each path, the page's own files (document,
 * scripts, styles, fonts) received by the input usable and by 5 s after, which idle preloading of
 * the other tabs adds to (read in the first 10 runs).
 * Budgets: first run studio / minimal ≤ 1.5 (startup.ts's); returning user ≤ the first run + 200 ms
 * (medians; long-chat.ts's budget for opening that conversation).
 * 30 pairs a path: at 10, the first run's verdict moved by about ±0.09 from run to run (its
 * per-pair ratios' IQR is about 0.15–0.3 wide), at 30 by about ±0.05 (startup.ts, "how many pairs").
 * About 7 minutes on a quiet machine.
 *   npx tsx bench/startup-paths.ts [--runs 30] [--messages 2000]
 *
 * Each studio is started 1 s before its navigation, so its own start-up work does not fall in it,
 * and so is the minimal page's server for its paired navigation: a studio meets each path in a
 * process that has served nothing yet (a first run needs a new data folder, a returning user a
 * launch), whose first requests take the server code's first-time costs (about 10 ms in all;
 * docs/performance-findings.md, "Start-up on the real paths: servers as cold"). The same server
 * code serves the minimal page, so it starts as cold, and the pair compares the pages.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import { launchChromium } from './lib/chromium.js';
import { textTail } from './lib/chat-probes.js';
import { report, startShell, type Child, type Row } from './lib/child.js';
import { longConversation, writeConversations } from './lib/conversation-fixture.js';
import { median } from './lib/median.js';
import { readyProbe } from './lib/page-probes.js';
import { pairedRatio, spread } from './lib/paired.js';
import { conditionsRow, raisePriority } from './lib/priority.js';
import { signIn } from './lib/shell-api.js';
import { AT_END, FIRST_RUN_PROBE, loadedBy, RESOURCE_BUFFER, returningProbe, type FirstRun, type Loaded, type Returning } from './lib/startup-path-probes.js';
import { MINIMAL_REACT, viteBuild, type Build } from './lib/vite-build.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '30' }, messages: { type: 'string', default: '2000' } } });
const RUNS = Number(values.runs);
/** The files loaded are read in the first runs only: each waits 5 s more, and they hardly vary. */
const FILE_RUNS = Math.min(RUNS, 10);
const COUNT = Number(values.messages);
const RATIO_BUDGET = 1.5;
const RETURNING_OVER_FIRST_MS = 200;
const AFTER_MS = 5_000;
const LONG = { id: 'bench-long', title: `A long conversation (${COUNT} messages)` };
const SMALL = { id: 'bench-small', title: 'A short, newer conversation' };

async function within<T>(page: Page, expression: string, what: string, timeoutMs = 30_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} within ${timeoutMs} ms`)), timeoutMs)));
  try {
    return (await Promise.race([page.evaluate(expression), late])) as T;
  } finally {
    clearTimeout(timer);
  }
}

interface Studio { ms: number; composerMs: number; files?: { at: Loaded; after: Loaded } }

/** A fresh context opening `link`, with `scripts`; `until` reads when the input was usable. */
async function open<T>(browser: Browser, link: string, scripts: string[], until: (page: Page) => Promise<T>): Promise<{ page: Page; close: () => Promise<void>; result: T }> {
  const context = await browser.newContext();
  for (const content of scripts) await context.addInitScript({ content });
  const page = await context.newPage();
  try {
    await page.goto(link, { waitUntil: 'domcontentloaded' });
    return { page, close: () => context.close(), result: await until(page) };
  } catch (e) {
    if (process.env.BENCH_SHOT) await page.screenshot({ path: process.env.BENCH_SHOT });
    await context.close();
    throw e;
  }
}

/** What the page had received by `ms` and by AFTER_MS later (waiting for that moment). */
async function loaded(page: Page, ms: number): Promise<{ at: Loaded; after: Loaded }> {
  const now = Number(await page.evaluate('performance.now()'));
  if (ms + AFTER_MS > now) await page.waitForTimeout(ms + AFTER_MS - now);
  return { at: (await page.evaluate(loadedBy(ms))) as Loaded, after: (await page.evaluate(loadedBy(ms + AFTER_MS))) as Loaded };
}

async function minimalNav(browser: Browser, link: string): Promise<number> {
  const { close, result } = await open(browser, link, [readyProbe('minimal')], (page) => within<number>(page, 'window.__benchReady', 'the minimal page was not interactive'));
  await close();
  return Number(result);
}

async function firstRunNav(browser: Browser, link: string, withFiles: boolean): Promise<Studio> {
  const { page, close, result } = await open(browser, link, [RESOURCE_BUFFER, FIRST_RUN_PROBE], (p) => within<FirstRun>(p, 'window.__benchFirstRun', 'the first run\'s composer was not usable'));
  try {
    return { ms: result.actionAt, composerMs: result.composerAt, files: withFiles ? await loaded(page, result.actionAt) : undefined };
  } finally {
    await close();
  }
}

/**
 * A returning user's navigation. When the list lost its end while opening (the newest message
 * scrolled out of the virtual list, so never rendered), no time: `gap` says how far above the end
 * the view stayed.
 */
async function returningNav(browser: Browser, link: string, tail: string, withFiles: boolean): Promise<Studio & { gap: number }> {
  const scripts = [RESOURCE_BUFFER, returningProbe(LONG.title, COUNT, tail)];
  const waitFor = async (p: Page) => {
    try {
      return await within<Returning>(p, 'window.__benchReturning', 'the last conversation was not shown with a usable composer', 20_000);
    } catch (e) {
      if (Number(await p.evaluate(AT_END)) > 2) return undefined;
      throw e;
    }
  };
  const { page, close, result } = await open(browser, link, scripts, waitFor);
  try {
    if (!result) return { ms: NaN, composerMs: NaN, gap: Number(await page.evaluate(AT_END)) };
    const ms = Math.max(result.shownAt, result.composerAt);
    const files = withFiles ? await loaded(page, ms) : undefined;
    // Read as late as the runs that wait for their files read it (returningProbe says why it is read late).
    if (!files) await page.waitForTimeout(Math.max(0, ms + AFTER_MS - Number(await page.evaluate('performance.now()'))));
    return { ms, composerMs: result.composerAt, files, gap: Number(await page.evaluate(AT_END)) };
  } finally {
    await close();
  }
}

const conditions = conditionsRow(raisePriority());
const builds: Build[] = [];
const folders: string[] = [];
let shell: Child | undefined;
let minimal: Child | undefined;
let browser: Browser | undefined;
const rows: Row[] = [conditions];
const folder = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `bench-startup-paths-${name}-`));
  folders.push(dir);
  return dir;
};
const settle = () => new Promise((r) => setTimeout(r, 1_000));
/** A studio on `dataDir`, started a second before it is opened; its sign-in link. */
const studioOn = async (studioBuild: Build, dataDir: string) => {
  shell = await startShell(['--renderer', studioBuild.dir, '--data', dataDir]);
  await settle();
  return shell.url;
};
/** A studio and the minimal page's server, both started a second before they are opened; their sign-in links. */
const bothOn = async (studioBuild: Build, minimalBuild: Build, dataDir: string) => {
  [shell, minimal] = await Promise.all([
    startShell(['--renderer', studioBuild.dir, '--data', dataDir]),
    startShell(['--renderer', minimalBuild.dir, '--static']),
  ]);
  await settle();
  return { studio: shell.url, minimal: minimal.url };
};
const stopServers = async () => {
  await Promise.all([shell?.stop(), minimal?.stop()]);
  shell = undefined;
  minimal = undefined;
};
try {
  const now = Date.now();
  const long = longConversation(LONG.id, LONG.title, COUNT, now - 3_600_000);
  const returningDir = folder('returning');
  await writeConversations(returningDir, [long, longConversation(SMALL.id, SMALL.title, 4, now, 5)]);
  const last = long.messages[COUNT - 1];
  const tail = textTail(last.role === 'user' ? (last.text ?? '') : (last.choices?.[0]?.text ?? ''));

  builds.push(await viteBuild(), await viteBuild(MINIMAL_REACT));
  const [studioBuild, minimalBuild] = builds;
  // The long conversation open last, on the Chat tab, the welcome dismissed: the host's workspace.
  await studioOn(studioBuild, returningDir);
  const api = await signIn(shell!.url);
  for (const [key, value] of [['draft:chat-selection', { id: LONG.id }], ['ui:tab', { tab: 'chat' }], ['welcome', { seen: true }]] as const) {
    await api.value('app.keepWorkspace', { key, value });
  }
  await stopServers();

  browser = await launchChromium();
  // Unmeasured: warms the file reads and Chromium itself.
  const warm = await bothOn(studioBuild, minimalBuild, folder('warm'));
  await minimalNav(browser, warm.minimal);
  await firstRunNav(browser, warm.studio, false);
  await stopServers();

  const first: Studio[] = [];
  const returning: (Studio & { gap: number })[] = [];
  const minimalFirst: number[] = [];
  const minimalReturning: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    for (const path of ['first', 'returning'] as const) {
      const link = await bothOn(studioBuild, minimalBuild, path === 'first' ? folder('first') : returningDir);
      const studioSide = async () => (path === 'first' ? first : returning).push(path === 'first' ? await firstRunNav(browser!, link.studio, i < FILE_RUNS) : await returningNav(browser!, link.studio, tail, i < FILE_RUNS));
      const minimalSide = async () => (path === 'first' ? minimalFirst : minimalReturning).push(await minimalNav(browser!, link.minimal));
      // Alternating which goes first, so neither always follows the other.
      if (i % 2) {
        await minimalSide();
        await studioSide();
      } else {
        await studioSide();
        await minimalSide();
      }
      await stopServers();
    }
  }

  const info = (figure: string, value: string): Row => ({ figure, value, budget: '—', ok: null });
  const range = (a: number[]) => `${Math.min(...a).toFixed(0)}–${Math.max(...a).toFixed(0)}`;
  const kib = (a: number[]) => (median(a) / 1024).toFixed(0);
  const files = (runs: Studio[]) => {
    const read = runs.flatMap((r) => (r.files ? [r.files] : []));
    return `${kib(read.map((f) => f.at.bytes))} KiB, ${median(read.map((f) => f.at.files))} files; ${kib(read.map((f) => f.after.bytes))} KiB, ${median(read.map((f) => f.after.files))} files (${read.length} runs)`;
  };
  const ms = (runs: Studio[]) => runs.map((r) => r.ms);
  // A returning navigation whose list lost its end has no time; its pair is left out.
  const shown = returning.map((r, i) => [r, minimalReturning[i]] as const).filter(([r]) => !Number.isNaN(r.ms));
  const shownRuns = shown.map(([r]) => r);
  rows.push(info(`minimal Vite + React page: sign-in link to interactive, median of ${RUNS * 2} (ms; range ${range([...minimalFirst, ...minimalReturning])})`, median([...minimalFirst, ...minimalReturning]).toFixed(0)));
  rows.push(info(`first run: sign-in link to the first screen's input usable ("New conversation"), median of ${RUNS} (ms; range ${range(ms(first))})`, median(ms(first)).toFixed(0)));
  rows.push(info(`first run: … to the composer usable, "New conversation" pressed at once (ms; range ${range(first.map((r) => r.composerMs))})`, median(first.map((r) => r.composerMs)).toFixed(0)));
  rows.push(info(`first run: the page's files by the input usable; by ${AFTER_MS / 1000} s after (medians)`, files(first)));
  const away = returning.filter((r) => r.gap > 2);
  rows.push(info(`returning user: the list lost its end while opening, the newest message never shown (of ${RUNS})`, String(returning.filter((r) => Number.isNaN(r.ms)).length)));
  rows.push(info(`returning user: the view away from the newest message ${AFTER_MS / 1000} s after the input usable or at the probe's give-up (px above it: ${away.map((r) => r.gap).join(', ') || 'none'})`, `${away.length} of ${RUNS}`));
  if (shownRuns.length === 0) throw new Error('no returning navigation showed the newest message');
  rows.push(info(`returning user, ${COUNT}-message conversation open last: sign-in link to its newest message rendered and the composer usable, median of ${shownRuns.length} (ms; range ${range(ms(shownRuns))})`, median(ms(shownRuns)).toFixed(0)));
  rows.push(info(`returning user: the page's files by the input usable; by ${AFTER_MS / 1000} s after (medians)`, files(shownRuns)));
  const firstRatio = pairedRatio(ms(first), minimalFirst);
  const returningRatio = pairedRatio(ms(shownRuns), shown.map(([, m]) => m));
  rows.push(info(`returning user / minimal, median of per-pair ratios (${spread(returningRatio)})`, returningRatio.median.toFixed(3)));
  rows.push({ figure: `first run / minimal, median of per-pair ratios (${spread(firstRatio)})`, value: firstRatio.median.toFixed(3), budget: `≤ ${RATIO_BUDGET}`, ok: firstRatio.median <= RATIO_BUDGET });
  const over = median(ms(shownRuns)) - median(ms(first));
  rows.push({ figure: 'returning user\'s median minus the first run\'s (ms)', value: over.toFixed(0), budget: `≤ ${RETURNING_OVER_FIRST_MS}`, ok: over <= RETURNING_OVER_FIRST_MS });
  const lost = returning.filter((r) => Number.isNaN(r.ms) || r.gap > 2).length;
  rows.push({ figure: 'returning user: navigations whose conversation did not stay at its newest message', value: String(lost), budget: '0', ok: lost === 0 });
} finally {
  await browser?.close();
  await stopServers();
  for (const b of builds) b.remove();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
}
report(rows);
