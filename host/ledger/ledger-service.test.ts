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
import { ledgerTotals } from './ledger-totals.js';
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

  it('what the balance moved by between two sessions is a remainder row: the sums still equal the gateway\'s change', async () => {
    const { table, path, db } = openTable();
    const first = service(table, [100, 150]);
    await first.s.start(['p']);
    first.s.billed(speech('a', 10));
    await first.s.flush();
    // Heard, and closed before its read: its charge (25) is in the gap too.
    first.s.billed(speech('b', 5));
    first.s.close();
    db.close();
    // Killed after a call the gateway charged (40) but before its row: the next start reads 215.
    const again = openTable(path);
    const second = service(again.table, [215]);
    await second.s.start(['p']);
    const rows = again.table.rows({ limit: 10 });
    expect(rows.map((r) => [r.callId, r.basis, r.money])).toEqual(expect.arrayContaining([['a', 'exact', 50], ['b', 'unpriced', undefined], [expect.stringMatching(/^remainder:/), undefined, 65]]));
    expect(rows.reduce((n, r) => n + (r.money ?? 0), 0)).toBe(215 - 100);
    // A start with nothing moved adds nothing.
    second.s.close();
    again.db.close();
    const third = openTable(path);
    await service(third.table, [215]).s.start(['p']);
    expect(third.table.rows({ limit: 10 })).toHaveLength(3);
  });

  it('rows filter and page; totals count the remainder and keep unpriced calls apart', () => {
    const { table } = openTable();
    const now = Date.UTC(2026, 5, 15, 12);
    const add = (callId: string, at: number, modality: 'text' | 'speech', money?: number) => table.add({
      callId, kind: 'call', at, profileId: 'p', route: modality === 'text' ? 'chat' : 'speech', model: modality === 'text' ? 'modela-5' : 'tts-1',
      modality, outcome: 'succeeded', links: {}, ...(money !== undefined ? { money, basis: 'exact' as const } : { basis: 'unpriced' as const }),
    });
    add('t1', now - 1000, 'text', 30);
    add('t2', now - 2000, 'text', 20);
    add('s1', now - 3000, 'speech');
    add('old', now - 40 * 86_400_000, 'speech', 500);
    table.add({ callId: 'remainder:1', kind: 'remainder', at: now - 500, profileId: 'p', route: 'remainder', model: '', modality: 'remainder', outcome: 'succeeded', links: {}, money: -5 });
    const first = table.rows({ modality: 'text', limit: 1 });
    expect(first.map((r) => r.callId)).toEqual(['t1']);
    expect(table.rows({ modality: 'text', limit: 1, before: { at: first[0].at, callId: first[0].callId } }).map((r) => r.callId)).toEqual(['t2']);
    const totals = ledgerTotals(table, {}, now);
    expect(totals.today).toEqual({ money: 45, unpriced: 1, rows: 4 });
    expect(totals.remainder).toBe(-5);
    expect(totals.byModel.find((m) => m.model === 'tts-1')).toMatchObject({ money: 500, unpriced: 1, rows: 2 });
    expect(ledgerTotals(table, { modality: 'speech', from: now - 86_400_000 }, now).byDay).toEqual([expect.objectContaining({ modality: 'speech', money: 0, rows: 1 })]);
  });

  it('a gateway that cannot be read keeps the calls for a later read, and says so once', async () => {
    const { table } = openTable();
    const clock = manualTimer(1_000);
    const logs: string[] = [];
    const answers: (number | Error)[] = [100, new Error('unreachable'), new Error('unreachable'), new Error('unreachable'), 160];
    const s = new LedgerService({
      table, intervalMs: 3000, timer: clock.timer, log: (l) => logs.push(l), now: () => 1_700_000_000_000, onChange: () => undefined,
      read: async () => {
        const next = answers.shift()!;
        if (next instanceof Error) throw next;
        return next;
      },
    });
    await s.start(['p']);
    s.billed(speech('a', 10));
    for (let i = 0; i < 4; i++) {
      clock.advance(3000);
      await s.settled();
    }
    expect(answers).toEqual([]);
    expect(logs.filter((l) => l.includes('balance read failed'))).toHaveLength(1);
    expect(table.get('a')).toMatchObject({ basis: 'exact', money: 60 });
  });
});
