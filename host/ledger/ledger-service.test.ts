/**
 * The ledger's rows on a real SQLite file (docs/ledger.md, "Rows"): a `billed` heard twice writes
 * one row and is charged once; a window's money lands on its rows and its remainder in a row of
 * its own, in one transaction; the learner is filled again from the exact rows at a start.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { HostEvents } from '../events.js';
import { LedgerService } from './ledger-service.js';
import { LedgerTable, ledgerMigrations } from './ledger-table.js';
import { manualTimer } from './test/manual-timer.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function openTable(file?: string) {
  const path = file ?? join((dirs.push(mkdtempSync(join(tmpdir(), 'ledger-'))), dirs[dirs.length - 1]), 'studio.db');
  const db = new Database(path);
  if (!file) for (const m of ledgerMigrations.migrations) m.up(db);
  return { table: new LedgerTable(db), path, db };
}

function service(table: LedgerTable, totals: number[]) {
  const clock = manualTimer(1_000);
  const reads: string[] = [];
  const s = new LedgerService({
    table, intervalMs: 3000, timer: clock.timer, log: () => undefined, now: () => 1_700_000_000_000, onChange: () => undefined,
    read: async (profileId) => {
      reads.push(profileId);
      return totals.shift()!;
    },
  });
  return { s, clock, reads };
}

const speech = (callId: string, characters: number): HostEvents['billed'] => ({
  callId, profileId: 'p', route: 'speech', model: 'tts-1', at: 1_700_000_000_000, units: { kind: 'speech', characters },
});

describe('ledger rows on a real database', () => {
  it('a billed call heard twice writes one row and is charged once', async () => {
    const { table } = openTable();
    const { s } = service(table, [100, 250]);
    await s.start(['p']);
    s.billed(speech('a', 10));
    s.billed(speech('a', 10));
    await s.flush();
    expect(table.rows({ limit: 10 })).toEqual([expect.objectContaining({ callId: 'a', basis: 'exact', money: 150 })]);
  });

  it('overlapping calls are estimated or unpriced, and the remainder keeps the sum', async () => {
    const { table } = openTable();
    const { s } = service(table, [0, 70]);
    await s.start(['p']);
    s.billed(speech('a', 10));
    s.billed(speech('b', 20));
    await s.flush();
    const rows = table.rows({ limit: 10 });
    expect(rows.filter((r) => r.kind === 'call').map((r) => [r.callId, r.basis, r.money])).toEqual([['b', 'unpriced', undefined], ['a', 'unpriced', undefined]]);
    expect(rows.filter((r) => r.kind === 'remainder').map((r) => r.money)).toEqual([70]);
  });

  it('prices learned from exact rows come back at the next start', async () => {
    const { table, path, db } = openTable();
    const totals = [0];
    for (let i = 1; i <= 4; i++) totals.push(totals[totals.length - 1] + 30 * i);
    const first = service(table, totals);
    await first.s.start(['p']);
    for (let i = 1; i <= 4; i++) {
      first.s.billed(speech(`x${i}`, 1000 * i));
      await first.s.flush();
    }
    first.s.close();
    db.close();
    const again = openTable(path);
    const second = service(again.table, [500, 500 + 90 + 60]);
    await second.s.start(['p']);
    second.s.billed(speech('y1', 3000));
    second.s.billed(speech('y2', 2000));
    await second.s.flush();
    const rows = again.table.rows({ limit: 20 }).filter((r) => r.callId.startsWith('y'));
    expect(rows.map((r) => [r.callId, r.basis, r.money])).toEqual([['y2', 'estimated', 60], ['y1', 'estimated', 90]]);
  });
});
