/**
 * The spend ledger under SIGKILL (docs/ledger.md, "What a kill can lose"): a whole studio in a
 * child process makes a burst of 50 billed calls of every kind on the sandbox (test/burst.ts: 20
 * jobs through the queue and the sender process, 30 synchronous calls) and is killed at random
 * points of it, then started again on the same data folder, again and again. At the end, against
 * the sandbox's own record of every charge (`GET /_sandbox/spend`):
 * - every job the sandbox charged has exactly one row (its record and its row are committed
 *   together, and the sender's answer outlives a kill);
 * - every synchronous call's row matches a charge of its own, none doubled; a call a kill cut
 *   between the gateway's charge and the studio hearing the answer has none (nothing outside the
 *   process knew of it), at most one per kill;
 * - the rows' money, the "not attributed" remainders included, equals the sandbox's true spend to
 *   the ten-thousandth, and no row waits for a balance read.
 * The kill points are seeded; a failure prints the seed, and STUDIO_KILL_SEED replays it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startSandbox, type Sandbox } from '@sandbox/server.js';
import { mulberry32 } from '@sandbox/core/seeded-random.js';
import { KILL_TEST_MS } from '../test/kill-loop.js';
import { onLines } from '../queue/test/child-lines.js';
import { sandboxAdmin } from './test/sandbox-calls.js';
import { spendKey, unitsKey, type SpendRow } from './test/sandbox-spend.js';
import { BURST_CALLS, BURST_JOBS } from './test/burst.js';
import type { BilledUnits } from './units.js';

const CHILD = join(import.meta.dirname, 'test', 'ledger-child.ts');
const KILLS = 12;
const SEED = Number(process.env.STUDIO_KILL_SEED ?? Date.now() % 1_000_000);

const live = new Set<ChildProcess>();
const base = mkdtempSync(join(tmpdir(), 'studio-ledger-kill-'));
let sandbox: Sandbox | undefined;
afterAll(async () => {
  for (const c of live) c.kill('SIGKILL');
  await sandbox?.close();
  rmSync(base, { recursive: true, force: true });
});

/** Runs the child until it printed `killAfter` lines, then SIGKILLs it (or, with none, until it ends). */
function run(dataDir: string, url: string, killAfter?: number): Promise<string[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir, url, ...(killAfter === undefined ? ['finish'] : [])], { stdio: ['ignore', 'pipe', 'inherit'] });
  live.add(child);
  const lines: string[] = [];
  onLines(child.stdout!, (line) => {
    lines.push(line);
    if (killAfter !== undefined && lines.length >= killAfter && !child.killed) child.kill('SIGKILL');
  });
  return new Promise((resolve) => child.once('close', () => {
    live.delete(child);
    resolve(lines);
  }));
}

interface Row { call_id: string; kind: string; route: string; model: string; units: string | null; links: string; money: number | null; basis: string | null; refund_money: number | null }

describe('the ledger under SIGKILL', () => {
  it(`a burst of ${BURST_JOBS.length + BURST_CALLS.length} billed calls: no row lost or doubled, money equal to the sandbox's through ${KILLS} kills (seed ${SEED})`, async () => {
    const random = mulberry32(SEED);
    sandbox = await startSandbox({ dataDir: join(base, 'sandbox'), speed: 100, streamPaceMs: 0 });
    // Two jobs the gateway fails and keeps the money for.
    await sandboxAdmin(sandbox.url, 'faults/billed-failure', { count: 2 });
    const spend = async () => (await (await fetch(`${sandbox!.url}/_sandbox/spend?key=sk-sandbox`)).json()) as { rows: SpendRow[]; total_units: number };
    const before = (await spend()).total_units;
    const dataDir = join(base, 'data');
    mkdirSync(dataDir);

    let killed = 0;
    for (let runs = 0; killed < KILLS && runs < KILLS * 2; runs++) {
      // A kill lands while jobs are sent, polled or saved, a call is made, or a balance is read.
      const lines = await run(dataDir, sandbox.url, 2 + Math.floor(random() * 14));
      if (lines.includes('settled')) break;
      killed += 1;
    }
    const last = await run(dataDir, sandbox.url);
    expect(last, `seed ${SEED}`).toContain('settled');

    const truth = await spend();
    const db = new Database(join(dataDir, 'studio.db'), { readonly: true });
    const rows = db.prepare('SELECT * FROM ledger_rows').all() as Row[];
    const jobs = (db.prepare('SELECT record FROM tasks_jobs').pluck().all() as string[]).map((r) => JSON.parse(r) as { id: string; remoteId?: string; state: string });
    db.close();
    const why = `seed ${SEED}, ${killed} kills`;
    const calls = rows.filter((r) => r.kind === 'call');
    const charges = truth.rows.filter((r) => r.kind === 'charge');

    // Jobs: each charge the sandbox took for a task is one job's, and that job has its row.
    const jobCharges = charges.filter((r) => r.task_id);
    const jobOf = new Map(jobs.filter((j) => j.remoteId).map((j) => [j.remoteId!, j]));
    expect(jobs, why).toHaveLength(BURST_JOBS.length);
    for (const charge of jobCharges) {
      const job = jobOf.get(charge.task_id!);
      expect(job, `${why}: the job of task ${charge.task_id}`).toBeDefined();
      expect(calls.filter((r) => r.call_id === job!.id), `${why}: ${job!.id}`).toHaveLength(1);
    }
    // And no job row without a charge of its own.
    const jobRows = calls.filter((r) => JSON.parse(r.links).jobId);
    expect(jobRows, why).toHaveLength(jobCharges.length);

    // Synchronous calls: every row is one charge, none doubled; a charge without a row only where a kill cut its call.
    const syncRows = calls.filter((r) => !JSON.parse(r.links).jobId).map((r) => (r.units ? unitsKey(r.model, JSON.parse(r.units) as BilledUnits) : `${r.model} no units`));
    const syncCharges = charges.filter((r) => !r.task_id).map(spendKey);
    const left = [...syncCharges];
    for (const key of syncRows) {
      const at = left.indexOf(key);
      expect(at, `${why}: a row with no charge of its own: ${key}`).toBeGreaterThanOrEqual(0);
      left.splice(at, 1);
    }
    expect(syncCharges.length, why).toBeGreaterThanOrEqual(BURST_CALLS.length);
    expect(left.length, `${why}: calls cut by a kill ${JSON.stringify(left)}`).toBeLessThanOrEqual(killed);

    // Money: to the ten-thousandth, remainders included; nothing waits for a read.
    const sum = rows.reduce((n, r) => n + (r.money ?? 0) + (r.refund_money ?? 0), 0);
    expect(sum, why).toBe(truth.total_units - before);
    expect(calls.filter((r) => r.basis === null), why).toEqual([]);
    console.info(`ledger kill test: ${JSON.stringify({ seed: SEED, killed, rows: calls.length, charges: charges.length, cut: left.length })}`);
    expect(killed, why).toBe(KILLS);
  }, KILL_TEST_MS * 2);
});
