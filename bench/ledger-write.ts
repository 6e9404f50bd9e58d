/**
 * Ledger writes under a burst (docs/ledger.md, "Rows"; docs/performance.md): a studio database
 * holding 1,000,000 ledger rows (two years of heavy use) takes a burst of 200 jobs as the host
 * writes it: the batch's records, then each job's answer (its record with the task id, and its
 * ledger row written by the bus's writer in the same transaction, host/tasks/job-store.ts), and
 * the balance reads' attributions written after them; the same burst without the ledger's writer
 * beside it, for what the rows add.
 * In process, with the real JobStore, event bus and LedgerService; the longest stall of the
 * host's event loop meanwhile (perf_hooks' delay histogram, 1 ms resolution).
 *   npx tsx bench/ledger-write.ts [--rows 1000000] [--jobs 200]
 * Budget: longest stall while the burst's rows are written ≤ 20 ms.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '@host/db/database.js';
import { DATABASE_DOMAINS } from '@host/db/domains.js';
import { EventBus, type HostEvents } from '@host/events.js';
import { LedgerService } from '@host/ledger/ledger-service.js';
import { LedgerTable } from '@host/ledger/ledger-table.js';
import { JobStore } from '@host/tasks/job-store.js';
import type { JobRecord } from '@host/tasks/job-record.js';
import { report, type Row } from './lib/child.js';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '1000000' }, jobs: { type: 'string', default: '200' } } });
const ROWS = Number(values.rows);
const JOBS = Number(values.jobs);
const BUDGET_MS = 20;
const DAY = 86_400_000;

const dir = mkdtempSync(join(tmpdir(), 'bench-ledger-write-'));
try {
  const database = openDatabase({ file: join(dir, 'studio.db'), domains: DATABASE_DOMAINS });
  const db = database.connection;

  // Two years of rows, spread over the days, every modality; written before anything is measured.
  const fillStarted = performance.now();
  const insert = db.prepare(`INSERT INTO ledger_rows (call_id, kind, at, profile_id, route, model, modality, units, outcome, links, money, basis)
    VALUES (?, 'call', ?, ?, ?, ?, ?, ?, 'succeeded', ?, ?, 'exact')`);
  const kinds = [
    { route: 'chat', model: 'modela-5', modality: 'text', units: '{"kind":"text","input":812,"output":433,"thinking":0}' },
    { route: 'image', model: 'seedream-4-0', modality: 'image', units: '{"kind":"image","images":2,"resolution":"2K"}' },
    { route: 'video-generations', model: 'modelg3', modality: 'video', units: '{"kind":"video","seconds":5,"size":"720p"}' },
    { route: 'speech', model: 'tts-1', modality: 'speech', units: '{"kind":"speech","characters":240}' },
  ];
  const start = Date.now() - 730 * DAY;
  const fill = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const k = kinds[i % kinds.length]!;
      insert.run(`old-${i}`, start + Math.floor((i / ROWS) * 730 * DAY), i % 7 === 0 ? 'work' : 'default', k.route, k.model, k.modality, k.units, `{"jobId":"old-${i}"}`, 100 + (i % 5000));
    }
  });
  for (let from = 0; from < ROWS; from += 100_000) fill(from, Math.min(ROWS, from + 100_000));
  // As a studio finds its file at a start: the fill's WAL moved into the database, not the burst's to pay.
  db.pragma('wal_checkpoint(TRUNCATE)');
  const fillSeconds = (performance.now() - fillStarted) / 1000;

  const events = new EventBus((line) => console.error(line));
  // The store announces and writes through the bus, as the tasks module gives it (host/tasks/module.ts).
  const store = new JobStore({ db, dataDir: dir }, (line) => console.error(line), undefined, { events });
  let total = 0;
  const ledger = new LedgerService({
    table: new LedgerTable(db),
    // A gateway's balance, moved by what the burst was billed.
    read: async () => total,
    intervalMs: 500,
    log: (line) => console.error(line),
    now: Date.now,
    onChange: () => undefined,
  });
  await ledger.start(['default']);

  /**
   * One burst: the batch's records written in one transaction, then each job's answer on a turn of
   * the loop of its own (answers come back one by one over the network, four POSTs under way at
   * once), then the balance reads' attributions. `withRows`: the ledger's writer is on the bus.
   */
  async function burst(label: string, withRows: boolean) {
    const now = Date.now();
    const jobs: JobRecord[] = Array.from({ length: JOBS }, (_, i) => ({
      id: `${label}-${i}`, profileId: 'default', route: 'generic', kind: 'image', model: 'seedream-4-0', prompt: `${label} ${i}`,
      params: { resolution: '2K', n: 2 }, state: 'waiting', createdAt: now, updatedAt: now, checks: 0, errorStreak: 0, resultUrls: [], downloads: [], batchIndex: i,
    }));
    const off = withRows ? events.onWrite('billed', (b) => ledger.writeBilled(b)) : () => undefined;
    const histogram = monitorEventLoopDelay({ resolution: 1 });
    histogram.enable();
    let longestWrite = 0;
    const started = performance.now();
    await store.putAllDurable(jobs);
    for (const job of jobs) {
      await new Promise((r) => setTimeout(r, 1));
      const billed: HostEvents['billed'] = {
        callId: job.id, profileId: 'default', route: 'image', model: job.model, at: Date.now(),
        units: { kind: 'image', images: 2, resolution: '2K' }, links: { jobId: job.id, batchIndex: job.batchIndex },
      };
      total += 2_000;
      // The answer's write runs on the loop up to the store's first wait: its record and its row, committed.
      const t = performance.now();
      store.billed(job.id, billed);
      Object.assign(job, { state: 'queued', remoteId: `task-${job.id}`, submittedAt: Date.now() });
      const written = store.putDurable(job);
      longestWrite = Math.max(longestWrite, performance.now() - t);
      await written;
    }
    // The balance reads after the burst: each window's attribution written in one transaction.
    await ledger.flush();
    await ledger.settled();
    const ms = performance.now() - started;
    histogram.disable();
    off();
    return { ms, longestWrite, maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6 };
  }

  // Listeners on; the writer only for the measured burst. A first burst warms the statements and the JIT.
  events.on('billed', (b) => ledger.billed(b));
  await burst('warm', true);
  const without = await burst('plain', false);
  const measured = await burst('burst', true);

  const written = db.prepare("SELECT count(*) FROM ledger_rows WHERE call_id LIKE 'burst-%'").pluck().get() as number;
  const priced = db.prepare("SELECT count(*) FROM ledger_rows WHERE call_id LIKE 'burst-%' AND basis IS NOT NULL").pluck().get() as number;
  const sizeMb = statSync(join(dir, 'studio.db')).size / 1024 / 1024;
  ledger.close();
  database.close();
  const rows: Row[] = [
    { figure: `database: ${ROWS.toLocaleString('en')} ledger rows (filled in ${fillSeconds.toFixed(0)} s)`, value: `${sizeMb.toFixed(0)} MB`, budget: '—', ok: null },
    { figure: `${JOBS}-job burst: rows written with their records, then priced`, value: `${written} / ${priced}`, budget: `${JOBS} / ${JOBS}`, ok: written === JOBS && priced === JOBS },
    { figure: 'burst, start to last attribution (the same burst without ledger rows)', value: `${measured.ms.toFixed(0)} ms (${without.ms.toFixed(0)} ms)`, budget: '—', ok: null },
    { figure: 'longest answer written on the loop, record + row (record alone)', value: `${measured.longestWrite.toFixed(1)} ms (${without.longestWrite.toFixed(1)} ms)`, budget: '—', ok: null },
    { figure: 'the same burst without ledger rows: longest stall of the loop', value: `${without.maxMs.toFixed(1)} ms (p99 ${without.p99Ms.toFixed(1)})`, budget: '—', ok: null },
    { figure: 'longest stall of the loop while the burst writes its rows', value: `${measured.maxMs.toFixed(1)} ms (p99 ${measured.p99Ms.toFixed(1)})`, budget: `≤ ${BUDGET_MS} ms`, ok: measured.maxMs <= BUDGET_MS },
  ];
  report(rows);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
