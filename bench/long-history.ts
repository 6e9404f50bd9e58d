/**
 * A long history (docs/robust-host.md, "A task list that stays small", "Older tasks" and "The
 * library's index in slices"): the data a creator with N past jobs has (default 100,000, the Gallery's 100,000
 * items), written as the host writes it while jobs run, with the longest stall of the host's event
 * loop meanwhile (perf_hooks' delay histogram, 1 ms resolution). In process: it measures the
 * host's stores, not Chromium.
 * - The task list: N finished jobs and 50 running in an older release's `jobs.json`; the host's
 *   JobStore imports it into the studio database (the one-time move of the oldest finished jobs
 *   to the archive timed to its end), then 20 changes are written one after another; the
 *   database's size, the Tasks tab's `tasks.list` answer.
 * - Its archive, as the Tasks tab's older jobs read it ("Older tasks"): 20 pages of 50 from the
 *   newest, a filter that finds none, one job removed.
 * - The library's rows in the studio database (docs/data.md): N items written (a rebuild's or an
 *   import's write, in pages), read back whole (every start), and 20 saves' single rows.
 *   npx tsx bench/long-history.ts [--jobs 100000]
 * Budgets: longest stall while each is written ≤ 50 ms (the long-task threshold the Gallery's
 * budgets use).
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { JobRecord } from '@host/tasks/job-record.js';
import { columnsOf, sortRows } from '@host/library/index-columns.js';
import { openDatabase } from '@host/db/database.js';
import { LibraryTable, libraryMigrations } from '@host/library/library-table.js';
import type { LibraryItem } from '@host/library/library-item.js';
import { storeAt } from '@host/tasks/test/store-at.js';
import { toTaskView } from '@host/tasks/task-view.js';
import { report, type Row } from './lib/child.js';

const { values } = parseArgs({ options: { jobs: { type: 'string', default: '100000' } } });
const JOBS = Number(values.jobs);
const RUNNING = 50;
const WRITES = 20;
const PAGES = 20;

/** A record as a saved 2K image leaves it: prompt, parameters, link, its download, what it taught. */
function record(i: number, state: JobRecord['state'], now: number): JobRecord {
  const url = `https://cdn.example.com/results/2026/11/${i}/image-0.png?sig=${'0123456789abcdef'.repeat(2)}&exp=1767225600`;
  return {
    id: `job-${i.toString(36)}-${'x'.repeat(8)}`, profileId: 'sk-sandbox', route: 'generic', kind: 'image', model: 'seedream-4-0',
    prompt: `A watercolour of a lighthouse on a cliff at dusk, gulls over the sea, warm light in its window, number ${i}`,
    params: { model: 'seedream-4-0', resolution: '2K', n: 1 }, state, remoteId: `task_${i.toString(36)}_${'f'.repeat(12)}`,
    rawStatus: state === 'running' ? 'processing' : 'completed', progress: state === 'running' ? 40 : 100,
    createdAt: now - (JOBS - i) * 60_000, submittedAt: now - (JOBS - i) * 60_000 + 120, updatedAt: now, finishedAt: state === 'running' ? undefined : now - (JOBS - i) * 60_000 + 9_000,
    checks: 4, errorStreak: 0, resultUrls: [url], expiresAt: now + 86_400_000,
    downloads: state === 'running' ? [] : [{ url, state: 'done', received: 2_400_000, total: 2_400_000, libraryId: `item-${i.toString(36)}` }],
    learned: { total: { lo: 8_000, hi: 8_100 }, prompt: false, run: { lo: 7_900, hi: 8_000 } },
  };
}

/** A saved 2K image as the library knows it. */
function item(i: number, now: number): LibraryItem {
  const createdAt = now - (JOBS - i) * 60_000;
  return {
    version: 1, id: `it${i.toString(36)}x${'y'.repeat(10)}`, kind: 'image', file: `2026-11/lighthouse at dusk ${i}.png`, mime: 'image/png', bytes: 2_400_000,
    prompt: `A watercolour of a lighthouse on a cliff at dusk, gulls over the sea, warm light in its window, number ${i}`, model: 'seedream-4-0',
    params: { resolution: '2K', n: 1 }, createdAt, savedAt: createdAt + 9_000, width: 2048, height: 2048, thumb: `.thumbs/it${i.toString(36)}.jpg`, taskId: `task_${i.toString(36)}`,
  };
}

/** Runs `work` with the loop's delay histogram on: its longest stall (ms) and how long it took. */
async function stalls(work: () => Promise<void>): Promise<{ stall: number; ms: number }> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const t = performance.now();
  await work();
  const ms = performance.now() - t;
  delay.disable();
  return { stall: delay.max / 1e6, ms };
}

const dir = mkdtempSync(join(tmpdir(), 'bench-long-history-'));
const rows: Row[] = [];
try {
  const now = Date.now();
  const file = join(dir, 'jobs.json');
  const jobs = Array.from({ length: JOBS }, (_, i) => record(i, 'saved', now));
  for (let i = 0; i < RUNNING; i++) jobs.push(record(JOBS + i, 'running', now));
  writeFileSync(file, JSON.stringify({ version: 1, jobs }));
  const before = statSync(file).size;

  const t = performance.now();
  const store = storeAt(file);
  const opened = performance.now() - t;
  await store.archived();
  await store.flush();
  const moved = performance.now() - t;

  const running = store.all().filter((j) => j.state === 'running');
  const { stall, ms: writing } = await stalls(async () => {
    for (let i = 0; i < WRITES; i++) {
      const job = running[i % running.length];
      job.checks += 1;
      job.progress = Math.min(99, (job.progress ?? 0) + 1);
      store.put(job);
      await store.flush();
    }
  });
  const list = JSON.stringify(store.all().map(toTaskView)).length;
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

  rows.push({ figure: `history: ${JOBS.toLocaleString('en')} finished jobs and ${RUNNING} running; an older release's task list (jobs.json) before the first start`, value: mb(before), budget: '—', ok: null });
  rows.push({ figure: 'first start: the list read, checked and imported (ms, once)', value: opened.toFixed(0), budget: '—', ok: null });
  rows.push({ figure: 'first start: the oldest finished jobs moved to the archive (ms, once, 2,000 per transaction)', value: moved.toFixed(0), budget: '—', ok: null });
  rows.push({ figure: 'the studio database afterwards (the list and the archive)', value: mb(statSync(join(dir, 'studio.db')).size), budget: '—', ok: null });
  rows.push({ figure: 'jobs in the list afterwards', value: String(store.all().length), budget: '—', ok: null });
  rows.push({ figure: 'the Tasks tab\'s tasks.list answer', value: mb(list), budget: '—', ok: null });
  rows.push({ figure: `${WRITES} changes written one after another (ms each, mean)`, value: (writing / WRITES).toFixed(1), budget: '—', ok: null });
  rows.push({ figure: `task list: host's longest event-loop stall while the ${WRITES} were written (ms)`, value: stall.toFixed(0), budget: '≤ 50', ok: stall <= 50 });

  // The Tasks tab's older jobs, read from that archive as the tab asks for them.
  let first = 0;
  const pages = await stalls(async () => {
    let before: number | undefined;
    for (let i = 0; i < PAGES; i++) {
      const t0 = performance.now();
      const page = await store.archivedPage({ before, limit: 50 });
      if (i === 0) first = performance.now() - t0;
      before = page.next;
    }
  });
  // A filter that finds nothing goes through the archive's (state, place) index; a removal deletes one row.
  const none = await stalls(async () => void (await store.archivedPage({ limit: 50, states: ['expired'] })));
  const removal = await stalls(async () => void (await store.forgetArchived(jobs[JOBS / 2].id)));
  rows.push({ figure: `older jobs: the first page of 50 (ms) / each of ${PAGES} pages (ms, mean)`, value: `${first.toFixed(1)} / ${(pages.ms / PAGES).toFixed(1)}`, budget: '—', ok: null });
  rows.push({ figure: `older jobs: host's longest event-loop stall while ${PAGES} pages were read (ms)`, value: pages.stall.toFixed(0), budget: '≤ 50', ok: pages.stall <= 50 });
  rows.push({ figure: `older jobs: a filter finding none (ms; host's longest stall, ms)`, value: `${none.ms.toFixed(0)}; ${none.stall.toFixed(0)}`, budget: 'stall ≤ 50', ok: none.stall <= 50 });
  rows.push({ figure: `older jobs: one removed (ms; host's longest stall, ms)`, value: `${removal.ms.toFixed(0)}; ${removal.stall.toFixed(0)}`, budget: 'stall ≤ 50', ok: removal.stall <= 50 });
  // The next start opens the database and reads the first page of older jobs.
  const restart = await stalls(async () => void (await storeAt(file).archivedPage({ limit: 50 })));
  rows.push({ figure: `next start: the store opened, then the first page of older jobs (ms; host's longest stall, ms)`, value: `${restart.ms.toFixed(0)}; ${restart.stall.toFixed(0)}`, budget: 'stall ≤ 50', ok: restart.stall <= 50 });

  const columns = columnsOf(Array.from({ length: JOBS }, (_, i) => item(i, now)));
  sortRows(columns);
  const database = openDatabase({ file: join(dir, 'studio.db'), domains: [libraryMigrations] });
  try {
    const table = new LibraryTable(database.forDomain('library'));
    const state = { root: join(dir, 'Library'), dirs: { '': 1, '2026-11': 1 }, importedFrom: null };
    const written = await stalls(() => table.apply(state, { removeAll: true, add: columns }));
    const read = await stalls(async () => void (await table.readAll()));
    const one = columnsOf([item(JOBS + 1, now)]);
    const saves = await stalls(async () => {
      for (let i = 0; i < WRITES; i++) {
        table.put(one);
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    rows.push({ figure: `library rows of ${JOBS.toLocaleString('en')} items in the studio database`, value: mb(statSync(database.file).size), budget: '—', ok: null });
    rows.push({ figure: `library rows: all written, in pages (ms; host's longest stall, ms)`, value: `${written.ms.toFixed(0)}; ${written.stall.toFixed(0)}`, budget: 'stall ≤ 50', ok: written.stall <= 50 });
    rows.push({ figure: `library rows: all read back, in pages, as a start does (ms; host's longest stall, ms)`, value: `${read.ms.toFixed(0)}; ${read.stall.toFixed(0)}`, budget: 'stall ≤ 50', ok: read.stall <= 50 });
    rows.push({ figure: `library rows: ${WRITES} saves, one row each (ms, mean; host's longest stall, ms)`, value: `${(saves.ms / WRITES).toFixed(2)}; ${saves.stall.toFixed(0)}`, budget: 'stall ≤ 50', ok: saves.stall <= 50 });
  } finally {
    database.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
report(rows);
