/**
 * Gallery (virtualized long lists: docs/performance.md, "Targets"): a library of 100,000 items
 * (media, sidecar and thumbnail each: bench/lib/library-fixture.ts) with the index file the
 * previous release wrote for it, then
 *   - the first start's import of that file into the studio database (`Library.open()` with the
 *     old file, docs/data.md "The import"): its time for information, and the host's longest
 *     event-loop stall meanwhile, budget ≤ 100 ms (monitorEventLoopDelay, 1 ms resolution);
 *   - the index loaded: `Library.open()` on the database, as every later launch does (median of
 *     5 fresh opens), budget ≤ 500 ms: it counts the rows and looks at the folders, and the rows
 *     are read into memory after it (queries meanwhile answered from the database:
 *     host/library/library-rows.ts); for information, the time from it to the rows in memory and
 *     the search text made in slices after them, and the host's longest stall over that time, and the studio database's own opening before it (as
 *     the host opens it at launch and hands the library its connection: quick_check, which reads
 *     every page, in a worker thread, then connect); the database's size for information; with --rebuild,
 *     the rebuild from sidecars alone (no index) for information too (it reads 100,000 files);
 *   - what the Gallery asks the host when its filters change, host-side, as the core's handlers
 *     answer (`library.list` with the gallery's page size and the models, and `library.shapes`):
 *     a text search (median of several different words) and the filters it offers (kind, model,
 *     a date range, and kind + model + dates + text together), budget ≤ 50 ms each;
 *   - in Chromium, a click on the Gallery tab (from its pointerdown, as the page receives it) to
 *     its first screenful of thumbnails drawn (every picture in view loaded, decoded, and one
 *     frame later on screen), budget ≤ 300 ms;
 *   - the tab opened and its grid scrolled from end to end, one screenful per frame (a hard
 *     fling), with no main-thread task over 50 ms (Long Tasks API), budget 0.
 *     Each pass is a fresh page; the best pass counts, as download.ts takes the best of its runs,
 *     since other work on a shared machine can stretch any task. Up to --passes passes, the next
 *     only while none has met both budgets (a pass is about four minutes, most of it the fling;
 *     the verdicts are those of running them all). A trace of each pass gives every task's CPU
 *     time too, which tells the studio's own work from that.
 *   npx tsx bench/gallery.ts [--items 100000] [--passes 2] [--step 1] [--rebuild]   (--step: screenfuls per frame)
 */
import { mkdirSync, statSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from '@playwright/test';
import { Library } from '@host/library/library.js';
import { openDatabase } from '@host/db/database.js';
import { quickCheckOffLoop } from '@host/db/quick-check.js';
import { libraryMigrations } from '@host/library/library-table.js';
import type { ListQuery } from '@host/library/library-index.js';
import { coldOnFirstTab } from './lib/chromium.js';
import { type Row } from './lib/child.js';
import { benchRun } from './lib/bench-run.js';
import { VOCABULARY, writeLibrary, writeLibraryIndex } from './lib/library-fixture.js';
import { thumbnailsDrawn } from './lib/gallery-probes.js';
import { LONG_TASKS, scrollToEnd } from './lib/page-probes.js';
import { pageTasks, TASK_CATEGORIES, type TraceTask } from './lib/trace-tasks.js';
import { signIn, type SignedIn } from '../browser-shell/test/sign-in.js';
import { median } from './lib/median.js';

const { values } = parseArgs({ options: { items: { type: 'string', default: '100000' }, passes: { type: 'string', default: '2' }, step: { type: 'string', default: '1' }, rebuild: { type: 'boolean', default: false } } });
const ITEMS = Number(values.items);
const PASSES = Number(values.passes);
const STEP = Number(values.step);
/** The gallery asks for pages of this many items (renderer/src/features/gallery/model/use-library-pages.ts). */
const PAGE = 200;
const GRID = '[data-testid="gallery-scroll"]';
const DRAWN_BUDGET_MS = 300;

const ms = (n: number) => n.toFixed(n < 10 ? 1 : 0);
const longest = (list: number[]) => ms(Math.max(0, ...list));

interface Opened {
  /** `Library.open()` alone. */
  ms: number;
  /** From `Library.open()` to its rows in memory and the search text made after it (queries meanwhile are answered from the database). */
  readyMs: number;
  count: number;
  library: Library;
  /** The studio database opened first, as the host does at launch (host/db: quick_check in a worker, connect, migrations). */
  dbMs: number;
  /** The host's longest event-loop stall from the database's opening to the search text made after the library's (ms). */
  stall: number;
  /** The same from the library's opening only. */
  libraryStall: number;
  close(): Promise<void>;
}

/**
 * Opens the studio database and a fresh Library on it, as the host does at launch (the library
 * gets the host's connection: host/library/module.ts), times each, and watches the loop until
 * the search text the library makes after opening is ready.
 */
async function timedOpen(root: string, file: string, legacyIndex?: string): Promise<Opened> {
  const whole = monitorEventLoopDelay({ resolution: 1 });
  whole.enable();
  const t0 = performance.now();
  const checked = await quickCheckOffLoop(file);
  const database = openDatabase({ file, domains: [libraryMigrations], checked });
  const dbMs = performance.now() - t0;
  // The monitor measures between its ticks: a new one starts from the library's opening.
  await new Promise((resolve) => setImmediate(resolve));
  const own = monitorEventLoopDelay({ resolution: 1 });
  own.enable();
  const library = new Library({ root, db: database.forDomain('library'), legacyIndex });
  const t1 = performance.now();
  const count = await library.open();
  const ms = performance.now() - t1;
  await library.searchReady();
  const readyMs = performance.now() - t1;
  whole.disable();
  own.disable();
  const close = async () => {
    await library.close();
    database.close();
  };
  return { ms, readyMs, count, library, dbMs, stall: whole.max / 1e6, libraryStall: own.max / 1e6, close };
}

interface Pass {
  openMs: number;
  /** Click (its pointerdown in the page) to the first screenful of thumbnails on screen, and how many pictures that was. */
  drawnMs: number;
  /** The same from the moment the benchmark asked Playwright to click. */
  commandMs: number;
  drawn: number;
  frames: number;
  scrollS: number;
  /** Long Tasks API durations (wall ms), opening the tab and scrolling. */
  opening: number[];
  scrolling: number[];
  traced: TraceTask[];
}

/** A fresh page: the studio, then the Gallery tab opened and its grid scrolled to the last item. */
async function galleryPass(browser: Browser, session: SignedIn): Promise<Pass> {
  const { context, page } = await coldOnFirstTab(browser, session, [LONG_TASKS]);
  try {
    await browser.startTracing(page, { categories: TASK_CATEGORIES });
    await page.evaluate(`window.__benchThumbs = ${thumbnailsDrawn(GRID)}, 0`);
    // The click as the page receives it: Playwright's own checks before it dispatches one (that the
    // tab is visible, stable over two frames, and the one hit) took 80–120 ms here, no part of the
    // studio's answer to a creator's click.
    await page.evaluate(`addEventListener('pointerdown', (e) => { window.__benchDown = e.timeStamp; }, { capture: true, once: true })`);
    const t0 = Number(await page.evaluate(`performance.mark('bench-gallery'), performance.now()`));
    await page.getByRole('tab', { name: 'Gallery' }).click();
    await page.locator(`${GRID} .gallery-item`).first().waitFor();
    const t1 = Number(await page.evaluate('performance.now()'));
    const thumbs = (await page.evaluate('window.__benchThumbs')) as { at: number; images: number };
    const down = Number(await page.evaluate('window.__benchDown'));
    const s0 = performance.now();
    const frames = Number(await page.evaluate(scrollToEnd(GRID, STEP)));
    const scrollS = (performance.now() - s0) / 1000;
    // End to end: the very last item has arrived and is drawn.
    await page.locator(`${GRID} button[data-index="${ITEMS - 1}"]`).waitFor();
    await page.waitForTimeout(500);
    const traced = pageTasks(await browser.stopTracing(), 'bench-gallery');
    const tasks = (await page.evaluate('window.__benchLongTasks')) as { start: number; duration: number }[];
    const during = (from: number, to: number) => tasks.filter((t) => t.start >= from && t.start < to).map((t) => t.duration);
    return { openMs: t1 - down, drawnMs: thumbs.at - down, commandMs: thumbs.at - t0, drawn: thumbs.images, frames, scrollS, opening: during(t0, thumbs.at), scrolling: during(thumbs.at, Infinity), traced };
  } finally {
    await context.close();
  }
}

await benchRun('gallery', async (run) => {
  const { dataDir, rows } = run;
  // The browser shell's layout (host/index.ts): the library, and the studio database in the data dir.
  const root = join(dataDir, 'Library');
  const database = join(dataDir, 'studio.db');
  const indexFile = join(dataDir, 'library-index.json');
  const g0 = performance.now();
  const items = await writeLibrary(root, ITEMS);
  await writeLibraryIndex(root, indexFile, items);
  const generateS = (performance.now() - g0) / 1000;

  // The first start of this release on that data folder: the old index imported, the loop watched.
  const imported = await timedOpen(root, database, indexFile);
  await imported.close();
  if (imported.count !== ITEMS) throw new Error(`the import found ${imported.count} of ${ITEMS} items`);
  const importStall = imported.libraryStall;
  const indexBytes = statSync(database).size;

  let rebuildMs: number | undefined;
  if (values.rebuild) {
    mkdirSync(join(dataDir, 'rebuilt'));
    const rebuilt = await timedOpen(root, join(dataDir, 'rebuilt', 'studio.db'));
    rebuildMs = rebuilt.ms;
    await rebuilt.close();
  }
  const warm: Opened[] = [];
  for (let i = 0; i < 5; i++) {
    // A launch opens its library in a process with nothing else to do. Each open here starts
    // once the open before it has closed and its own after-work (the search text, made in
    // slices after opening: library.ts) is done, which otherwise ran inside the next open's time.
    await warm.at(-1)?.close();
    await new Promise((resolve) => setImmediate(resolve));
    const w = await timedOpen(root, database);
    if (w.count !== ITEMS) throw new Error(`the library opened with ${w.count} of ${ITEMS} items`);
    warm.push(w);
  }
  const last = warm.at(-1)!;
  const lib = last.library;

  /** As the core's handlers answer a Gallery whose filters changed: its first page with the models, and the shapes. */
  const ask = (q: Omit<ListQuery, 'offset' | 'limit'>): { ms: number; total: number } => {
    const t0 = performance.now();
    const result = lib.list({ ...q, offset: 0, limit: PAGE });
    lib.models();
    lib.shapes(q);
    return { ms: performance.now() - t0, total: result.total };
  };
  const firstPage = ask({});
  const queries = [...VOCABULARY.filter((_, i) => i % 9 === 0), 'fox night', 'golden harbor film', 'zebra'];
  const searches = queries.map((text) => ask({ text }));
  const newest = items[items.length - 1].createdAt;
  const day = 86_400_000;
  const span = newest - items[0].createdAt;
  const filters: [string, Omit<ListQuery, 'offset' | 'limit'>][] = [
    ['kind: videos', { kind: 'video' }],
    ['model: flux-pro', { model: 'flux-pro' }],
    ['dates: a tenth of the time the library spans', { from: newest - 0.6 * span, to: newest - 0.5 * span }],
    ['all four: images, seedream-4-5, a year, "fox"', { kind: 'image', model: 'seedream-4-5', from: newest - 365 * day, to: newest, text: 'fox' }],
  ];
  const filtered = filters.map(([name, q]) => {
    const runs = [0, 1, 2].map(() => {
      // A new query each time, as a creator's next click is: the index keeps only the last one's matches.
      ask({ text: 'owl' });
      return ask(q);
    });
    return { name, ms: median(runs.map((r) => r.ms)), total: runs[0].total };
  });

  const shell = await run.shell();
  const browser = await run.browser();
  const passes: Pass[] = [];
  // Links work once; the session they open serves every pass.
  const session = await signIn(shell.url);
  const count = (p: Pass) => p.opening.length + p.scrolling.length;
  // A pass that meets both budgets decides the best of any number: the next pass (three minutes of
  // scrolling) runs only when the ones before missed one.
  const met = (p: Pass) => count(p) === 0 && p.drawnMs <= DRAWN_BUDGET_MS;
  while (passes.length < PASSES && !passes.some(met)) passes.push(await galleryPass(browser, session));
  const best = passes.reduce((a, b) => (count(b) < count(a) ? b : a));

  const info = (figure: string, value: string): Row => ({ figure, value, budget: '—', ok: null });
  const warmMedian = median(warm.map((w) => w.ms));
  const warmMax = Math.max(...warm.map((w) => w.ms));
  const searchMs = searches.map((r) => r.ms);
  const searchMedian = median(searchMs);
  const hits = searches.reduce((a, r) => a + r.total, 0);
  const cpuOver50 = best.traced.filter((t) => t.cpuMs > 50).length;
  const bestDrawn = passes.reduce((a, b) => (b.drawnMs < a.drawnMs ? b : a));
  rows.push(info(`library written: ${ITEMS} items, media + sidecar + thumbnail each, and its index (s)`, generateS.toFixed(1)));
  rows.push(info(`first start: the previous release's index of ${ITEMS} items imported into the database (ms)`, ms(imported.ms)));
  rows.push({ figure: 'first start: the host\'s longest event-loop stall during the import (ms)', value: ms(importStall), budget: '≤ 100', ok: importStall <= 100 });
  rows.push(info('studio database size (MB)', (indexBytes / 1e6).toFixed(1)));
  if (rebuildMs !== undefined) rows.push(info('index rebuilt from the sidecars alone, no database (ms)', ms(rebuildMs)));
  rows.push({ figure: `index loaded: Library.open() on the database, median of ${warm.length} (ms; max ${ms(warmMax)})`, value: ms(warmMedian), budget: '≤ 500', ok: warmMedian <= 500 });
  rows.push(info(`index loaded: Library.open() to the rows in memory and the search text made after it, median of ${warm.length} (ms; each)`, `${ms(median(warm.map((w) => w.readyMs)))} (${warm.map((w) => ms(w.readyMs)).join(', ')})`));
  rows.push(info(`index loaded: the host's longest event-loop stall, Library.open() and the search text made after it, median of ${warm.length} (ms; each)`, `${ms(median(warm.map((w) => w.libraryStall)))} (${warm.map((w) => ms(w.libraryStall)).join(', ')})`));
  rows.push(info(`studio database opened before it, as at launch (quick_check in a worker, connect), median of ${warm.length} (ms; the longest stall from there to the search text, median)`, `${ms(median(warm.map((w) => w.dbMs)))}; ${ms(median(warm.map((w) => w.stall)))}`));
  rows.push(info(`first page, no filter: list + models + shapes (the Gallery's first requests; ms)`, ms(firstPage.ms)));
  rows.push({ figure: `text search: list (first ${PAGE} + total) + models + shapes, ${queries.length} queries (ms, median; max ${ms(Math.max(...searchMs))}; ${Math.round(hits / queries.length)} hits on average)`, value: ms(searchMedian), budget: '≤ 50', ok: searchMedian <= 50 });
  for (const f of filtered) rows.push({ figure: `filter, ${f.name}: list + models + shapes (ms, median of 3; ${f.total} items)`, value: ms(f.ms), budget: '≤ 50', ok: f.ms <= 50 });
  rows.push({ figure: `Gallery tab: click (its pointerdown) to its first screenful of thumbnails drawn (ms, best of ${passes.length}; ${bestDrawn.drawn} pictures; all: ${passes.map((p) => ms(p.drawnMs)).join(', ')})`, value: ms(bestDrawn.drawnMs), budget: `≤ ${DRAWN_BUDGET_MS}`, ok: bestDrawn.drawnMs <= DRAWN_BUDGET_MS });
  rows.push(info('Gallery tab: click to the first cells in the DOM (ms, best pass)', ms(Math.min(...passes.map((p) => p.openMs)))));
  rows.push(info('Gallery tab: the same from the benchmark\'s click command, Playwright\'s checks before the click included (ms, each pass)', passes.map((p) => ms(p.commandMs)).join(', ')));
  rows.push(info(`grid scrolled end to end: ${best.frames} frames, ${STEP} screenful(s) each (s, best pass)`, best.scrollS.toFixed(1)));
  rows.push(info(`tasks over 50 ms per pass, opening + scrolling (Long Tasks API, wall time)`, passes.map((p) => `${p.opening.length} + ${p.scrolling.length}`).join(', ')));
  rows.push(info('best pass, longest task: wall / CPU (trace, thread time; ms)', `${longest([...best.opening, ...best.scrolling])} / ${longest(best.traced.map((t) => t.cpuMs))}`));
  rows.push(info('best pass, tasks with over 50 ms of CPU (trace)', String(cpuOver50)));
  rows.push({ figure: `main-thread tasks over 50 ms, Gallery opened and scrolled end to end (best of ${passes.length} pass${passes.length > 1 ? 'es' : ''})`, value: String(count(best)), budget: '0', ok: count(best) === 0 });
});
