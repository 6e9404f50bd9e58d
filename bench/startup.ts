/**
 * Start-up (docs/performance.md, "Targets"): navigation to an interactive studio (the first tab
 * usable; see page-probes.ts for the exact rule) and to its first contentful paint, in N pairs of
 * cold navigations in headless Chromium: the studio and a minimal Vite + React page
 * (bench/fixtures/minimal-react: one button; not given the studio's static frame, vite.config.ts)
 * built the same way in the same run and served by the same browser-shell server code, one right
 * after the other. The verdicts are the medians of the per-pair ratios (lib/paired.ts). Budgets:
 * interactive studio / minimal ≤ 1.5; first contentful paint studio / minimal ≤ 1.1 (the studio
 * paints its frame from static HTML and CSS before any script runs: docs/performance-findings.md,
 * "First paint"). The main thread's CPU time until interactive is given as a ratio too: other load
 * hardly moves it, so it shows what a change did when the wall-clock ratios are too noisy to tell.
 *   npx tsx bench/startup.ts [--runs 100]
 *
 * 100 pairs, so that three full runs in a row give the same verdicts. The median of n per-pair
 * ratios moves from run to run by about 1.25 σ / √n (σ, their spread: about IQR / 1.35). On the
 * quiet build machine the start-up ratios' IQR was 0.08–0.20 (σ up to 0.15) and the first
 * paint's 0.20–0.59 (σ up to 0.44; 0.42 at load 17 against the baseline without the frame); with
 * 20 pairs four runs of one week gave first-paint verdicts of 1.33 to 1.69. At 100 pairs the
 * start-up verdict moves by about 0.02 and the first paint's by 0.04–0.06: enough to tell a
 * figure 0.05 (start-up) or 0.1 (first paint) away from its budget the same way three times. A
 * pair takes about 1 s on a quiet machine (4 s at load 18): two minutes a run
 * (docs/performance-findings.md, "How many pairs").
 *
 * Both pages are built into temp folders and served by child processes (bench/lib/serve-studio.ts);
 * each navigation gets a fresh browser context (empty cache). Navigations alternate between the
 * two pages, so machine noise falls on both alike; one unmeasured navigation each warms the
 * servers' file reads and Chromium itself first. It runs at raised priority (lib/priority.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from '@playwright/test';
import { launchChromium, coldPage, openUntilReady } from './lib/chromium.js';
import { report, startShell, type Child, type Row } from './lib/child.js';
import type { PageKind } from './lib/page-probes.js';
import { pairedRatio, spread } from './lib/paired.js';
import { conditionsRow, raisePriority } from './lib/priority.js';
import { MINIMAL_REACT, viteBuild, type Build } from './lib/vite-build.js';
import { signIn, type SignedIn } from '../browser-shell/test/sign-in.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '100' } } });
const RUNS = Number(values.runs);
const BUDGET = 1.5;
const PAINT_BUDGET = 1.1;

/** Expression: ms from navigation start to the first contentful paint (waits for it if it is still to come). */
const FIRST_CONTENTFUL_PAINT = `new Promise((resolve) => {
  const seen = () => performance.getEntriesByName('first-contentful-paint')[0];
  if (seen()) return resolve(seen().startTime);
  new PerformanceObserver(() => seen() && resolve(seen().startTime)).observe({ type: 'paint', buffered: true });
})`;

/**
 * One cold navigation: a new context, the page opened, the context closed. Also returns the
 * page's main-thread CPU time until then (CDP, thread ticks), which other load hardly changes.
 */
async function navigate(browser: Browser, session: SignedIn, kind: PageKind): Promise<{ ms: number; cpuMs: number; paintMs: number }> {
  const { context, page, origin } = await coldPage(browser, session, kind);
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    const ms = await openUntilReady(page, origin);
    const task = (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration');
    const paintMs = Number(await page.evaluate(FIRST_CONTENTFUL_PAINT));
    return { ms, cpuMs: (task?.value ?? NaN) * 1000, paintMs };
  } finally {
    await context.close();
  }
}

const median = (a: number[]) => {
  const s = [...a].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const conditions = conditionsRow(raisePriority());
const builds: Build[] = [];
const children: Child[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'bench-startup-'));
let browser: Browser | undefined;
const rows: Row[] = [conditions];
try {
  builds.push(await viteBuild(), await viteBuild(MINIMAL_REACT));
  const [studioBuild, minimalBuild] = builds;
  children.push(
    await startShell(['--renderer', studioBuild.dir, '--data', dataDir]),
    await startShell(['--renderer', minimalBuild.dir, '--static']),
  );
  const [studio, minimal] = children;
  browser = await launchChromium();
  // Links work once; the session each opens serves every navigation.
  const sessions = new Map<Child, SignedIn>([[studio, await signIn(studio.url)], [minimal, await signIn(minimal.url)]]);
  await navigate(browser, sessions.get(studio)!, 'studio');
  await navigate(browser, sessions.get(minimal)!, 'minimal');
  const times = { studio: [] as number[], minimal: [] as number[] };
  const cpu = { studio: [] as number[], minimal: [] as number[] };
  const paint = { studio: [] as number[], minimal: [] as number[] };
  for (let i = 0; i < RUNS; i++) {
    // Alternating which goes first, too, so neither always follows the other.
    const order: [PageKind, Child][] = [['studio', studio], ['minimal', minimal]];
    if (i % 2) order.reverse();
    for (const [kind, child] of order) {
      const n = await navigate(browser, sessions.get(child)!, kind);
      times[kind].push(n.ms);
      cpu[kind].push(n.cpuMs);
      paint[kind].push(n.paintMs);
    }
  }
  const range = (a: number[]) => `${Math.min(...a).toFixed(0)}–${Math.max(...a).toFixed(0)}`;
  const info = (figure: string, value: string): Row => ({ figure, value, budget: '—', ok: null });
  rows.push(info(`studio: navigation to interactive, median of ${RUNS} cold (ms; range ${range(times.studio)})`, median(times.studio).toFixed(0)));
  rows.push(info(`minimal Vite + React page, same (ms; range ${range(times.minimal)})`, median(times.minimal).toFixed(0)));
  rows.push(info(`first contentful paint, median: studio / minimal (ms; ranges ${range(paint.studio)} / ${range(paint.minimal)})`, `${median(paint.studio).toFixed(0)} / ${median(paint.minimal).toFixed(0)}`));
  rows.push(info('main-thread CPU until interactive, median: studio / minimal (ms)', `${median(cpu.studio).toFixed(0)} / ${median(cpu.minimal).toFixed(0)}`));
  rows.push(info('start-up ratio of the two sides\' medians (the verdict before per-pair ratios)', (median(times.studio) / median(times.minimal)).toFixed(3)));
  const painted = pairedRatio(paint.studio, paint.minimal);
  const ready = pairedRatio(times.studio, times.minimal);
  // The main thread's CPU time until interactive hardly moves with other load: what a change to
  // the studio's start-up work did, when the wall-clock ratios are too noisy to tell.
  const work = pairedRatio(cpu.studio, cpu.minimal);
  rows.push(info(`main-thread CPU until interactive, studio / minimal, median of per-pair ratios (${spread(work)})`, work.median.toFixed(3)));
  rows.push({ figure: `first contentful paint ratio studio / minimal, median of per-pair ratios (${spread(painted)})`, value: painted.median.toFixed(3), budget: `≤ ${PAINT_BUDGET}`, ok: painted.median <= PAINT_BUDGET });
  rows.push({ figure: `start-up ratio studio / minimal, median of per-pair ratios (${spread(ready)})`, value: ready.median.toFixed(3), budget: `≤ ${BUDGET}`, ok: ready.median <= BUDGET });
} finally {
  await browser?.close();
  for (const c of children) await c.stop();
  for (const b of builds) b.remove();
  rmSync(dataDir, { recursive: true, force: true });
}
report(rows);
