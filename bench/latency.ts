/**
 * Result latency (docs/gateway-rules.md, "Polling cadence"): how long after a job is done does
 * the creator see it? The studio (browser shell, embedded sandbox at real speed, the spec's real
 * cadence) with its Gallery open in Chromium runs what a creator might: two clips on the multipart
 * route first (wan2.5-t2v-preview 3 s), then 50 image jobs (seedream-4-0 2K, a new one every 1.2 s,
 * about the sandbox's rendering pace here: it renders one job at a time) with 10 clips on the
 * generations route among them (modelg3 5 s, one every 3 s), and eight more multipart clips once
 * the first two are in (63 s on: that route's estimate is learned from earlier jobs of the same
 * model, and the later ones wait a little behind the last images). Two runs, each on a fresh studio:
 * the sandbox's linear progress, then its noisy one (non-linear, plateaus, lengths ±4 %:
 * `POST /_sandbox/tasks/progress`). For each job:
 *   - detection delay: when the host knew (the job's `finishedAt`, set by the poller on the
 *     answer that said done) minus when the sandbox first answered it done
 *     (`GET /_sandbox/tasks/<id>/timeline`, wall clock; one machine, one clock);
 *   - visible delay: when its tile appeared in the Gallery (a MutationObserver in the page,
 *     bench/lib/latency-probe.ts) minus the detection, and its steps (an info row): waiting for a
 *     save slot, the whole save (to the library's event in the page), the Gallery's list call;
 *   - status requests: the sandbox's own count of queries per task, against the fewest the spec's
 *     cadence allows for the same submission and end (first check at 2 s, then every max
 *     interval), and every interval between two queries of a task.
 * Budgets (issue: result latency): median detection ≤ 1.0 s for images, ≤ 2.0 s for videos (3.5 s
 * proposed with noisy progress: medianBudget); p90 with linear progress ≤ max(2 × median,
 * median + 1 s) for images, ≤ max(2 × median, median + 2 s) for videos, with noisy progress ≤ 3 s
 * for images, ≤ 6 s for videos (p90Budget); a 2K image's tile visible ≤ 1.5 s after detection
 * (p90); requests ≤ 1.1× the minimum (each job's checks over its whole life, counted against the
 * fewest for the same submission and end: a count, not a window's, so no edge effect as in
 * bench/polling.ts); every interval inside the spec's range (a 250 ms allowance for the timers and
 * the trip of the request itself, which the sandbox sees, not the poller).
 *   npx tsx bench/latency.ts [--runs linear,noisy] [--details <file prefix>: every job's times and the
 *                          sandbox's timeline of it (its end, every check), as JSON]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from '@playwright/test';
import { SPEC_CADENCE } from '@host/tasks/cadence.js';
import { signIn, type SignedIn } from '../browser-shell/test/sign-in.js';
import { coldPage, launchChromium, openUntilReady } from './lib/chromium.js';
import { report, startShell, type Row } from './lib/child.js';
import { fewestChecks, quantile, seconds, STEP_PROBE, TILE_PROBE } from './lib/latency-probe.js';
import { viteBuild } from './lib/vite-build.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: 'linear,noisy' }, details: { type: 'string' } } });
const RUNS = values.runs.split(',').filter((m): m is 'linear' | 'noisy' => m === 'linear' || m === 'noisy');
const ALLOWANCE_MS = 250;

interface Task { id: string; kind: 'image' | 'video'; route: 'generic' | 'multipart'; prompt: string; state: string; remoteId?: string; submittedAt?: number; finishedAt?: number; downloads: { libraryId?: string }[] }
interface Timeline { done_at: number | null; created_at: number; queries: number[] }
interface Planned { at: number; tag: string; input: { route: string; request: Record<string, unknown> } }

/** What each run submits, and when (ms after the run starts). */
function plan(mode: string): Planned[] {
  const jobs: Planned[] = [];
  const tag = (what: string, i: number) => `lat-${mode}-${what}-${String(i).padStart(2, '0')}:`;
  // The creator starts two clips of the multipart model first, then a burst of images while they
  // run, with generation-route clips among them, and eight more multipart clips once the first two
  // are in (that route's estimate is learned from earlier jobs of the same model).
  for (let i = 0; i < 2; i++) {
    const t = tag('mp', i);
    jobs.push({ at: i * 500, tag: t, input: { route: 'video-multipart', request: { model: 'wan2.5-t2v-preview', prompt: `${t} a street market, clip ${i}`, seconds: '3' } } });
  }
  for (let i = 0; i < 50; i++) {
    const t = tag('img', i);
    jobs.push({ at: 1_000 + i * 1_200, tag: t, input: { route: 'image', request: { model: 'seedream-4-0', prompt: `${t} a lighthouse at dusk, number ${i}`, resolution: '2K' } } });
  }
  for (let i = 0; i < 10; i++) {
    const t = tag('gen', i);
    jobs.push({ at: 1_300 + i * 3_000, tag: t, input: { route: 'video', request: { model: 'modelg3', prompt: `${t} waves at dusk, clip ${i}`, duration: 5 } } });
  }
  for (let i = 2; i < 10; i++) {
    const t = tag('mp', i);
    // The first two are seen done at the slow end, about 61 s in.
    jobs.push({ at: 63_000 + (i - 2) * 1_000, tag: t, input: { route: 'video-multipart', request: { model: 'wan2.5-t2v-preview', prompt: `${t} a street market, clip ${i}`, seconds: '3' } } });
  }
  return jobs.sort((a, b) => a.at - b.at);
}

/**
 * A tile's delay in steps: detection to its save starting (waiting for a slot), its download
 * (about), detection to the library's event in the page (all of the save), to the list answered
 * after it, to the tile.
 */
interface Steps { waited: number; fetched: number; saved: number; listed: number; drawn: number }
interface Measured { kind: 'image' | 'video'; route: string; submittedAt: number; detect: number; visible: number; steps?: Steps; checks: number; fewest: number; gaps: number[]; firstGap: number }

async function run(browser: Browser, rendererDir: string, mode: 'linear' | 'noisy'): Promise<{ measured: Measured[]; unfinished: string[] }> {
  const data = mkdtempSync(join(tmpdir(), `bench-latency-${mode}-`));
  const shell = await startShell(['--renderer', rendererDir, '--data', data]);
  try {
    const session: SignedIn = await signIn(shell.url);
    const call = async <T>(method: string, input: unknown = {}): Promise<T> => {
      const r = (await (await fetch(`${session.origin}/api/call/${method}`, {
        method: 'POST', headers: { ...session.headers, 'Content-Type': 'application/json' }, body: JSON.stringify(input),
      })).json()) as { ok: boolean; value: T; error?: { message: string } };
      if (!r.ok) throw new Error(`${method}: ${r.error?.message}`);
      return r.value;
    };
    const sandboxUrl = (await call<{ sandboxUrl: string }>('app.info')).sandboxUrl;
    const progress = await fetch(`${sandboxUrl}/_sandbox/tasks/progress`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ mode }) });
    if (!progress.ok) throw new Error(`the sandbox refused the progress mode: ${await progress.text()}`);

    const { context, page, origin } = await coldPage(browser, session, 'studio', [TILE_PROBE, STEP_PROBE]);
    try {
      await openUntilReady(page, origin);
      await page.getByRole('tab', { name: 'Gallery' }).click();

      const jobs = plan(mode);
      const start = Date.now();
      const ids: string[] = [];
      await Promise.all(jobs.map(async (j) => {
        await new Promise((r) => setTimeout(r, Math.max(0, start + j.at - Date.now())));
        ids.push((await call<Task>('tasks.submit', j.input)).id);
      }));
      const ENDED = new Set(['saved', 'failed', 'attention', 'expired', 'timed_out', 'cancelled']);
      let tasks: Task[] = [];
      const deadline = Date.now() + 240_000;
      for (;;) {
        tasks = (await call<Task[]>('tasks.list')).filter((t) => ids.includes(t.id));
        if (tasks.every((t) => ENDED.has(t.state)) || Date.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 1_000));
      }
      await page.waitForTimeout(1_000); // the last tiles' refetch
      const tiles = (await page.evaluate('window.__latencyTiles')) as Record<string, number>;
      const events = (await page.evaluate('window.__latencyEvents')) as Record<string, number>;
      const lists = (await page.evaluate('window.__latencyLists')) as [number, number][];
      const saves = (await page.evaluate('window.__latencyJobs')) as Record<string, { start?: number; got?: number }>;
      const stepsOf = (t: Task, tileAt: number | undefined): Steps | undefined => {
        const event = events[t.downloads[0]?.libraryId ?? ''];
        const list = lists.find(([sent, answered]) => sent >= event && answered > 0);
        if (event === undefined || tileAt === undefined || !list) return undefined;
        const save = saves[t.id] ?? {};
        return { waited: (save.start ?? Number.NaN) - t.finishedAt!, fetched: (save.got ?? Number.NaN) - (save.start ?? Number.NaN), saved: event - t.finishedAt!, listed: list[1] - event, drawn: tileAt - list[1] };
      };

      const measured: Measured[] = [];
      const unfinished: string[] = [];
      const timelines: Record<string, Timeline> = {};
      for (const t of tasks) {
        const tag = jobs.find((j) => t.prompt.startsWith(j.tag))!.tag;
        const line = (await (await fetch(`${sandboxUrl}/_sandbox/tasks/${encodeURIComponent(t.remoteId ?? '')}/timeline`)).json()) as Timeline;
        timelines[t.id] = line;
        const tileAt = Object.entries(tiles).find(([title]) => title.includes(tag))?.[1];
        if (t.state !== 'saved' || line.done_at === null || t.finishedAt === undefined || t.submittedAt === undefined) {
          unfinished.push(`${tag} ${t.state}`);
          continue;
        }
        const q = line.queries;
        measured.push({
          kind: t.kind, route: t.route, submittedAt: t.submittedAt,
          detect: t.finishedAt - line.done_at,
          visible: tileAt === undefined ? Number.NaN : tileAt - t.finishedAt,
          steps: stepsOf(t, tileAt),
          checks: q.length, fewest: fewestChecks(t.kind, t.submittedAt, line.done_at),
          gaps: q.slice(1).map((at, i) => at - q[i]), firstGap: q[0] - t.submittedAt,
        });
      }
      for (const id of ids.filter((i) => !tasks.some((t) => t.id === i))) unfinished.push(`${id} missing`);
      if (values.details) writeFileSync(`${values.details}-${mode}.json`, JSON.stringify({ tasks, timelines, saves, events, tiles, lists }, null, 1));
      return { measured, unfinished };
    } finally {
      await context.close();
    }
  } finally {
    await shell.stop();
    rmSync(data, { recursive: true, force: true });
  }
}

/**
 * The p90's budget (the team's decision): with steady (linear) progress at most twice the median,
 * but never less than the median plus one shortest interval's worth (1 s images, 2 s videos), as a
 * median of 0.2 s would otherwise leave 0.2 s for the tail; with noisy progress a fixed 3 s
 * (images) and 6 s (videos), the noisy curves hiding the end (docs/performance-findings.md,
 * "Result latency with noisy progress: the video budget's bound").
 */
function p90Budget(mode: 'linear' | 'noisy', kind: 'image' | 'video', median: number): { ms: number; says: string } {
  if (mode === 'noisy') return kind === 'image' ? { ms: 3_000, says: '3 s' } : { ms: 6_000, says: '6 s' };
  const floor = kind === 'image' ? 1_000 : 2_000;
  return { ms: Math.max(2 * median, median + floor), says: `max(2 × median, median + ${floor / 1000} s)` };
}

/**
 * The median's budget: 1.0 s for images and 2.0 s for videos, as the issue set it, but 3.5 s for
 * videos with noisy progress, proposed to the team: no schedule of checks 5 s apart knows more
 * than 42–46 % of the clips within 2 s of their end, so a median of 2.0 s holds in about one run
 * in five (three in a row: one in 150), while 3.5 s (against 4.8 s for checks blind at the slow
 * end) holds in 38 of 40 simulated draws (docs/performance-findings.md, "The noisy video
 * median: the budget proposed").
 */
function medianBudget(mode: 'linear' | 'noisy', kind: 'image' | 'video'): { ms: number; says: string } {
  if (kind === 'image') return { ms: 1_000, says: '' };
  return mode === 'noisy' ? { ms: 3_500, says: ' (proposed; 2.00 as set)' } : { ms: 2_000, says: '' };
}

function rowsOf(mode: 'linear' | 'noisy', measured: Measured[], unfinished: string[]): Row[] {
  const rows: Row[] = [];
  const info = (figure: string, value: string): Row => ({ figure, value, budget: '—', ok: null });
  rows.push({ figure: `${mode}: jobs saved (50 images, 20 videos)`, value: String(measured.length), budget: '70', ok: measured.length === 70 && unfinished.length === 0 });
  for (const kind of ['image', 'video'] as const) {
    const of = measured.filter((m) => m.kind === kind);
    const detect = of.map((m) => m.detect);
    const median = quantile(detect, 0.5);
    const p90 = quantile(detect, 0.9);
    const budget = medianBudget(mode, kind);
    rows.push({ figure: `${mode}: ${kind} detection delay, median (s; ${of.length} jobs)`, value: seconds(median), budget: `≤ ${seconds(budget.ms)}${budget.says}`, ok: median <= budget.ms });
    const tail = p90Budget(mode, kind, median);
    rows.push({ figure: `${mode}: ${kind} detection delay, p90 (s; max ${seconds(Math.max(...detect))})`, value: seconds(p90), budget: `≤ ${tail.says} (${seconds(tail.ms)})`, ok: p90 <= tail.ms });
    if (kind === 'video') {
      for (const route of ['generic', 'multipart']) {
        const r = of.filter((m) => m.route === route).map((m) => m.detect);
        rows.push(info(`${mode}: video detection delay on the ${route} route, median / p90 / max (s)`, `${seconds(quantile(r, 0.5))} / ${seconds(quantile(r, 0.9))} / ${seconds(Math.max(...r))}`));
      }
      // Known within 2 s: no schedule of checks 5 s apart catches more than 2 s of a clip's ±4 %
      // window so, 42–46 % of clips; the median needs half (docs/performance-findings.md,
      // "Result latency with noisy progress: the video budget's bound").
      const within = of.filter((m) => m.detect <= 2_000).length;
      rows.push(info(`${mode}: clips known within 2 s of their end (of ${of.length}; the median needs ${Math.ceil(of.length / 2)})`, String(within)));
      // The first jobs of a new data folder count too: nothing has taught the studio their length.
      const first = of.filter((m) => m.route === 'multipart').sort((a, b) => a.submittedAt - b.submittedAt).slice(0, 2).map((m) => seconds(m.detect));
      rows.push(info(`${mode}: the first two multipart clips' detection delay (s; no earlier clip of their model)`, first.join(' / ')));
    }
    const visible = of.map((m) => m.visible);
    const shown = visible.filter(Number.isFinite);
    if (kind === 'image') {
      const steps = of.flatMap((m) => (m.steps ? [m.steps] : []));
      const step = (k: keyof Steps) => `${seconds(quantile(steps.map((x) => x[k]), 0.5))} / ${seconds(quantile(steps.map((x) => x[k]), 0.9))}`;
      rows.push(info(`${mode}: image tile steps, median / p90 (s): detection → save starts · download · detection → saved (event in page) · → list answered · → drawn`, `${step('waited')} · ${step('fetched')} · ${step('saved')} · ${step('listed')} · ${step('drawn')}`));
      const p90v = quantile(shown, 0.9);
      rows.push({ figure: `${mode}: 2K image tile visible in the Gallery after detection, p90 (s; median ${seconds(quantile(shown, 0.5))}, ${shown.length} of ${of.length} tiles seen)`, value: seconds(p90v), budget: '≤ 1.50', ok: p90v <= 1_500 && shown.length === of.length });
    } else {
      rows.push(info(`${mode}: video tile visible after detection, median / p90 (s; ${shown.length} of ${of.length} seen)`, `${seconds(quantile(shown, 0.5))} / ${seconds(quantile(shown, 0.9))}`));
    }
  }
  const made = measured.reduce((a, m) => a + m.checks, 0);
  const fewest = measured.reduce((a, m) => a + m.fewest, 0);
  rows.push({ figure: `${mode}: status requests made / fewest the spec's cadence allows (${made} / ${fewest})`, value: (made / fewest).toFixed(3), budget: '≤ 1.1', ok: made / fewest <= 1.1 });
  for (const kind of ['image', 'video'] as const) {
    const of = measured.filter((m) => m.kind === kind);
    const gaps = of.flatMap((m) => m.gaps);
    const firsts = of.map((m) => m.firstGap);
    const r = SPEC_CADENCE[kind];
    const lo = Math.min(...gaps);
    const hi = Math.max(...gaps);
    rows.push({
      figure: `${mode}: ${kind} interval between two checks, min / max (s; first checks ${seconds(Math.min(...firsts))}–${seconds(Math.max(...firsts))} after submission)`,
      value: `${seconds(lo)} / ${seconds(hi)}`, budget: `${seconds(r.minIntervalMs)}–${seconds(r.maxIntervalMs)}`,
      ok: lo >= r.minIntervalMs - ALLOWANCE_MS && hi <= r.maxIntervalMs + ALLOWANCE_MS,
    });
  }
  for (const u of unfinished) console.error(`  ${mode}: not measured: ${u}`);
  return rows;
}

const build = await viteBuild();
const browser = await launchChromium();
const rows: Row[] = [];
try {
  for (const mode of RUNS) {
    const { measured, unfinished } = await run(browser, build.dir, mode);
    rows.push(...rowsOf(mode, measured, unfinished));
  }
} finally {
  await browser.close();
  build.remove();
}
report(rows);
