/**
 * Idle (nothing animating or polling while idle: docs/performance.md, "Targets"): the studio open
 * on its first tab in headless Chromium and left alone. Over the window it reads
 *   - host CPU: the browser-shell process (core + embedded sandbox), a child process of its own,
 *     from /proc/<pid>/stat;
 *   - renderer CPU: the page's main-thread task time (CDP Performance.getMetrics TaskDuration);
 * both as % of one core, budget ≤ 1 % each. For diagnosis it also reports the CPU of all of
 * Chromium's processes, the requests the page made, and how script, layout and style time split.
 *   npx tsx bench/idle.ts [--seconds 60] [--settle 5]
 */
import { parseArgs } from 'node:util';
import { benchRun } from './lib/bench-run.js';
import { cpuSeconds, processName, processTree, treeCpuSeconds } from './lib/proc-cpu.js';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '60' }, settle: { type: 'string', default: '5' } } });
const WINDOW_MS = Number(values.seconds) * 1000;
/** Start-up work (first calls, the Markdown preload) is over well within this. */
const SETTLE_MS = Number(values.settle) * 1000;
const BUDGET = 1;

type Metrics = Record<string, number>;

await benchRun('idle', async (run) => {
  const shell = await run.shell();
  const { page, readyMs } = await run.studioPage(shell);
  await page.waitForTimeout(SETTLE_MS);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const metrics = async (): Promise<Metrics> => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const requests: string[] = [];
  page.on('request', (r) => requests.push(`${r.method()} ${new URL(r.url()).pathname}`));
  const hostPid = shell.proc.pid!;
  // Playwright starts Chromium from this very process; its helpers (the shell, esbuild) are not Chromium.
  const chromiumPids = processTree(process.pid).filter((pid) => processName(pid).startsWith('chrom'));

  const m0 = await metrics();
  const host0 = cpuSeconds(hostPid) ?? NaN;
  const chromium0 = treeCpuSeconds(chromiumPids);
  const t0 = performance.now();
  await page.waitForTimeout(WINDOW_MS);
  const m1 = await metrics();
  const host1 = cpuSeconds(hostPid) ?? NaN;
  const chromium1 = treeCpuSeconds(chromiumPids);
  const wallS = (performance.now() - t0) / 1000;

  const pct = (seconds: number) => (seconds / wallS) * 100;
  const delta = (name: string) => (m1[name] ?? 0) - (m0[name] ?? 0);
  const host = pct(host1 - host0);
  const renderer = pct(delta('TaskDuration'));
  const chromium = pct([...chromium1].reduce((n, [pid, s]) => n + s - (chromium0.get(pid) ?? 0), 0));
  const fmt = (p: number) => `${p.toFixed(2)} %`;
  run.rows.push({ figure: `first tab interactive after (ms); then ${SETTLE_MS / 1000} s to settle`, value: readyMs.toFixed(0), budget: '—', ok: null });
  run.rows.push({ figure: `host CPU idle (browser shell + sandbox process, ${wallS.toFixed(0)} s, % of one core)`, value: fmt(host), budget: `≤ ${BUDGET} %`, ok: host <= BUDGET });
  run.rows.push({ figure: `renderer CPU idle (page main-thread tasks, ${wallS.toFixed(0)} s, % of one core)`, value: fmt(renderer), budget: `≤ ${BUDGET} %`, ok: renderer <= BUDGET });
  run.rows.push({ figure: 'renderer split: script / layout / style recalc (ms)', value: ['ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'].map((n) => (delta(n) * 1000).toFixed(0)).join(' / '), budget: '—', ok: null });
  run.rows.push({ figure: 'renderer layouts / style recalcs during the window', value: `${delta('LayoutCount')} / ${delta('RecalcStyleCount')}`, budget: '—', ok: null });
  run.rows.push({ figure: `all Chromium processes (${chromiumPids.length}: browser, GPU, network, renderers), % of one core`, value: fmt(chromium), budget: '—', ok: null });
  run.rows.push({ figure: `requests the page made while idle${requests.length ? `: ${[...new Set(requests)].slice(0, 5).join(', ')}` : ''}`, value: String(requests.length), budget: '—', ok: null });
}, { conditions: false });
