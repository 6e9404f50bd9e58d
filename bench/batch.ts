/**
 * A batch run at scale (docs/batches.md; docs/performance.md, "Targets"): a 500-cell image batch
 * (125 prompts × 2 models × 2 ratios) queued in one `batches.create`, run by the host's job queue
 * against a sandbox gateway in a child process at the spec's own pace, while the page stays open
 * on the Tasks tab, where the batch's row follows it. From the batch's creation to its last job
 * saved:
 *   - no main-thread task over 50 ms in the page (Long Tasks API), budget 0;
 *   - status requests: the sandbox's own count of queries per task against the fewest the spec's
 *     cadence allows for the same jobs (bench/lib/latency-probe.ts), budget ≤ 1.1×;
 *   - the studio process's RSS growth, from before the batch to after it, each reading taken after
 *     two full collections of its heap (bench/lib/host-inspector.ts), budget ≤ 50 MB (the sandbox
 *     runs in its own process, so its renderers are not counted). Read the moment the batch ended,
 *     as before, it moved by ±15 MB between runs of the same code, with whatever garbage the
 *     last jobs left (docs/performance-findings.md, "The batch's memory after a collection"); that
 *     reading is printed too;
 *   - then the batch's contact sheet, every cell: click to its grid, to its thumbnails loaded, and
 *     the main thread's tasks over 50 ms meanwhile, budget 0.
 *   npx tsx bench/batch.ts [--prompts 125]
 */
import { parseArgs } from 'node:util';
import type { BatchCellView, BatchInput, BatchView, TaskView } from '@shared/contract/index.js';
import { coldPage, openUntilReady, networkIdle } from './lib/chromium.js';
import { type Row } from './lib/child.js';
import { benchRun } from './lib/bench-run.js';
import { everyJob, hostCall, startFundedSandbox, useSandboxProfile } from './lib/sandbox-child.js';
import { rssBytes } from './lib/day-memory.js';
import { connectHost, INSPECT_FLAG } from './lib/host-inspector.js';
import { fewestChecks } from './lib/latency-probe.js';
import { LONG_TASKS } from './lib/page-probes.js';
import { signIn } from '../browser-shell/test/sign-in.js';

const { values } = parseArgs({ options: { prompts: { type: 'string', default: '125' } } });
const PROMPTS = Number(values.prompts);
const MODELS = ['seedream-4-0', 'modela-4o-image'] as const;
const RATIOS = ['1:1', '16:9'] as const;
const OVER = new Set(['saved', 'failed', 'attention', 'expired', 'timed_out', 'cancelled', 'unknown']);
const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);

function batchInput(): BatchInput {
  const cells: BatchInput['cells'] = [];
  for (let p = 0; p < PROMPTS; p++) {
    const prompt = `Batch bench ${p}: a lighthouse at dusk, study ${p}`;
    for (const model of MODELS) {
      for (const size of RATIOS) cells.push({ coords: { prompt, model, size }, request: { route: 'image', request: { model, prompt, size, resolution: '1K' } } as BatchInput['cells'][number]['request'] });
    }
  }
  return { name: 'Batch bench', kind: 'image', axes: ['prompt', 'model', 'size'], cells };
}

interface Timeline { done_at: number | null; queries: number[] }

const info = (figure: string, value: string): Row => ({ figure, value, budget: '—', ok: null });
await benchRun('batch', async (run) => {
  const { rows } = run;
  const sandbox = await startFundedSandbox(['--pace', '0']);
  run.onClose(() => sandbox.stop());
  const shell = await run.shell([], [INSPECT_FLAG]);
  const hostPid = shell.proc.pid!;
  const host = await connectHost(shell);
  run.onClose(() => host.close());
  const browser = await run.browser();
  const session = await signIn(shell.url);
  await useSandboxProfile(session, sandbox.url);
  await hostCall(session, 'app.keepWorkspace', { key: 'ui:tab', value: { tab: 'tasks' } });
  const { page, origin } = await coldPage(browser, session, 'studio', [LONG_TASKS]);
  await openUntilReady(page, origin);
  await networkIdle(page);
  await host.collectGarbage();
  const rssBefore = rssBytes(hostPid);
  const heapBefore = await host.heapUsed();
  const t0 = Number(await page.evaluate('performance.now()'));

  const started = Date.now();
  const batch = await hostCall<BatchView>(session, 'batches.create', batchInput());
  let view = batch;
  let peakRss = rssBefore;
  const deadline = Date.now() + 20 * 60_000;
  while (Date.now() < deadline) {
    view = (await hostCall<{ batch: BatchView }>(session, 'batches.get', { id: batch.id })).batch;
    peakRss = Math.max(peakRss, rssBytes(hostPid));
    const over = Object.entries(view.counts).reduce((n, [state, count]) => n + (OVER.has(state) ? count : 0), 0);
    if (over >= view.cells) break;
    await new Promise((r) => setTimeout(r, 2_000));
  }
  const elapsed = Date.now() - started;
  await page.waitForTimeout(1_000); // the row's last redraw
  const rssAtEnd = rssBytes(hostPid);
  await host.collectGarbage();
  const rssAfter = rssBytes(hostPid);
  const heapAfter = await host.heapUsed();
  const tasks = (await page.evaluate('window.__benchLongTasks')) as { start: number; duration: number }[];
  const during = tasks.filter((t) => t.start >= t0).map((t) => t.duration);

  const over50 = during.filter((d) => d > 50);
  // The row the creator sees: its progress is on screen, not only in the host.
  const rowShown = await page.getByTestId('batch-row').filter({ hasText: 'Batch bench' }).getByTestId('batch-progress').isVisible().catch(() => false);

  // The contact sheet of all 500 cells: click to its grid, then until its thumbnails stop loading.
  const t1 = Number(await page.evaluate('performance.now()'));
  await page.getByTestId('batch-row').filter({ hasText: 'Batch bench' }).getByRole('button', { name: 'Contact sheet' }).click();
  await page.locator('dialog.contact-sheet .contact-sheet-grid').waitFor({ timeout: 60_000 });
  const gridMs = Number(await page.evaluate('performance.now()')) - t1;
  await networkIdle(page, 500, 120_000);
  const sheetMs = Number(await page.evaluate('performance.now()')) - t1;
  const sheetTasks = ((await page.evaluate('window.__benchLongTasks')) as { start: number; duration: number }[]).filter((t) => t.start >= t1).map((t) => t.duration);
  const pictures = await page.locator('dialog.contact-sheet .contact-sheet-grid img').count();

  const { cells } = await hostCall<{ cells: BatchCellView[] }>(session, 'batches.get', { id: batch.id });
  const byId = new Map((await everyJob<TaskView>(session)).map((t) => [t.id, t]));
  let made = 0;
  let fewest = 0;
  let measured = 0;
  for (const cell of cells) {
    const t = byId.get(cell.jobId);
    if (!t?.remoteId || t.submittedAt === undefined) continue;
    const line = (await (await fetch(`${sandbox.url}/_sandbox/tasks/${encodeURIComponent(t.remoteId)}/timeline`)).json()) as Timeline;
    if (line.done_at === null) continue;
    made += line.queries.length;
    fewest += fewestChecks('image', t.submittedAt, line.done_at);
    measured += 1;
  }
  const saved = view.counts.saved ?? 0;
  rows.push({ figure: `cells saved of ${view.cells} (in ${(elapsed / 1000).toFixed(0)} s)`, value: String(saved), budget: String(view.cells), ok: saved === view.cells });
  rows.push({ figure: 'the batch\'s row and its progress shown in Tasks at the end', value: rowShown ? 'yes' : 'no', budget: 'yes', ok: rowShown });
  rows.push({ figure: `main-thread tasks over 50 ms while it ran (longest ${Math.max(0, ...during).toFixed(0)} ms, ${during.length} long tasks)`, value: String(over50.length), budget: '0', ok: over50.length === 0 });
  rows.push({ figure: `status requests made / fewest the spec's cadence allows (${made} / ${fewest}, ${measured} jobs)`, value: (made / fewest).toFixed(3), budget: '≤ 1.1', ok: measured === view.cells && made / fewest <= 1.1 });
  rows.push(info('studio RSS before → peak → at the end → after a collection (MB)', `${mb(rssBefore)} → ${mb(peakRss)} → ${mb(rssAtEnd)} → ${mb(rssAfter)}`));
  rows.push(info('studio JS heap in use, before → after, each after a collection (MB)', `${mb(heapBefore)} → ${mb(heapAfter)}`));
  rows.push(info('studio RSS growth to the moment the batch ended (that reading taken without a collection, MB)', ((rssAtEnd - rssBefore) / 1_048_576).toFixed(1)));
  const growth = (rssAfter - rssBefore) / 1_048_576;
  rows.push({ figure: 'studio RSS growth over the batch, each reading after a collection (MB)', value: growth.toFixed(1), budget: '≤ 50', ok: growth <= 50 });
  rows.push(info('sandbox child\'s RSS at the end (not the studio\'s, MB)', mb(rssBytes(sandbox.proc.pid!))));
  rows.push(info(`contact sheet of every cell: click to its grid; to its ${pictures} thumbnails loaded (ms)`, `${gridMs.toFixed(0)}; ${sheetMs.toFixed(0)}`));
  const sheetOver = sheetTasks.filter((d) => d > 50);
  rows.push({ figure: `main-thread tasks over 50 ms while the sheet opened (longest ${Math.max(0, ...sheetTasks).toFixed(0)} ms)`, value: String(sheetOver.length), budget: '0', ok: sheetOver.length === 0 });
});
