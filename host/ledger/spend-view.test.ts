/**
 * What the Spend view reads from the host (docs/ledger.md, "The Spend view"), on real SQLite
 * files: totals from the day sums equal the rows' own sums through inserts, money written by a
 * later balance read, refunds and removals; rows written before the sums existed are counted; a
 * new time zone counts the days again; and the export writes the filtered rows as CSV and JSON
 * files, through the core, after a real call on the sandbox.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import { openCore } from '../test/open-core.js';
import { rebuildDaysIfZoneChanged } from './ledger-days.js';
import { exportLedger, yuanText } from './ledger-export.js';
import { LedgerTable, ledgerMigrations, type LedgerRow } from './ledger-table.js';
import { ledgerTotals } from './ledger-totals.js';
import { manualTimer } from './test/manual-timer.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => (dirs.push(mkdtempSync(join(tmpdir(), 'spend-'))), dirs[dirs.length - 1]);

function openTable(upTo = ledgerMigrations.migrations.length) {
  const db = new Database(join(tempDir(), 'studio.db'));
  for (const m of ledgerMigrations.migrations.slice(0, upTo)) m.up(db);
  return { db, table: new LedgerTable(db) };
}

const NOW = new Date(2026, 5, 15, 12, 0).getTime();
const at = (daysAgo: number, hour = 10) => new Date(2026, 5, 15 - daysAgo, hour, 30).getTime();

let n = 0;
const row = (over: Partial<LedgerRow>): LedgerRow => ({
  callId: `c${n++}`, kind: 'call', at: at(0), profileId: 'p1', route: 'chat', model: 'modela-5', modality: 'text',
  units: { kind: 'text', input: 10, output: 20, thinking: 0 }, outcome: 'succeeded', links: {}, ...over,
});

/** What the totals must be: the rows themselves, summed plainly. */
function plainSums(table: LedgerTable, filter: { from?: number; to?: number; model?: string } = {}) {
  const rows = table.rows({ ...filter, limit: 100_000 });
  const money = rows.reduce((s, r) => s + (r.money ?? 0) + (r.refund?.money ?? 0), 0);
  const unpriced = rows.filter((r) => r.kind === 'call' && (r.basis === undefined || r.basis === 'unpriced')).length;
  return { money, unpriced, rows: rows.length };
}

describe('the Spend view’s totals', () => {
  it('stay equal to the rows’ own sums through inserts, later money, refunds and removals', () => {
    const { table, db } = openTable();
    table.add(row({ money: 1200, basis: 'exact' }));
    table.add(row({ at: at(1, 23), model: 'seedream-4-0', modality: 'image', route: 'image', units: { kind: 'image', images: 2, resolution: '1K' } }));
    table.add(row({ at: at(3, 0), model: '', modality: 'remainder', route: 'remainder', kind: 'remainder', money: -300, basis: 'exact' }));
    table.add(row({ callId: 'late', at: at(10), profileId: 'p2', model: 'tts-1', modality: 'speech', route: 'speech', units: { kind: 'speech', characters: 12 } }));
    const month = { from: new Date(2026, 5, 1).getTime(), to: new Date(2026, 6, 1).getTime() };

    let totals = ledgerTotals(table, month, NOW);
    expect(totals.month).toEqual(plainSums(table, month));
    expect(totals.month.unpriced).toBe(2);

    // A balance read gives the pending rows their money later; a job's refund lands on its row.
    table.money('late', 450, 'estimated', { low: 400, high: 500 });
    table.refund('late', -450, 'estimated');
    table.money('c1', 800, 'exact');
    totals = ledgerTotals(table, month, NOW);
    expect(totals.month).toEqual(plainSums(table, month));
    expect(totals.month.unpriced).toBe(0);
    expect(totals.remainder).toBe(-300);
    expect(totals.byModel.find((m) => m.model === 'seedream-4-0')).toMatchObject({ money: 800, modality: 'image', rows: 1 });

    db.prepare('DELETE FROM ledger_rows WHERE call_id = ?').run('c0');
    totals = ledgerTotals(table, month, NOW);
    expect(totals.month).toEqual(plainSums(table, month));
    expect(totals.today).toEqual({ money: 0, unpriced: 0, rows: 0 });
  });

  it('puts each row on its local day, today, the week and the month apart', () => {
    const { table } = openTable();
    table.add(row({ at: at(0, 0), money: 1, basis: 'exact' }));
    table.add(row({ at: at(6, 23), money: 10, basis: 'exact' }));
    table.add(row({ at: at(7, 23), money: 100, basis: 'exact' }));
    table.add(row({ at: at(40), money: 1000, basis: 'exact' }));
    const totals = ledgerTotals(table, { from: new Date(2026, 4, 1).getTime(), to: new Date(2026, 5, 16).getTime() }, NOW);
    expect([totals.today.money, totals.week.money, totals.month.money]).toEqual([1, 11, 111]);
    expect(totals.byDay.map((d) => [new Date(d.day).getDate(), d.money])).toEqual([[6, 1000], [8, 100], [9, 10], [15, 1]]);
    for (const d of totals.byDay) expect(new Date(d.day).getHours()).toBe(0);
  });

  it('a range cut inside a day is summed from the rows themselves', () => {
    const { table } = openTable();
    table.add(row({ at: at(0, 9), money: 5, basis: 'exact' }));
    table.add(row({ at: at(0, 11), money: 7, basis: 'exact' }));
    const totals = ledgerTotals(table, { from: at(0, 10) }, NOW);
    expect(totals.byModel).toEqual([expect.objectContaining({ money: 7, rows: 1 })]);
  });

  it('counts the rows written before the day sums existed, and counts again in a new time zone', () => {
    const { db, table } = openTable(2);
    const old = new LedgerTable(db);
    old.add(row({ money: 42, basis: 'exact' }));
    ledgerMigrations.migrations[2].up(db);
    expect(ledgerTotals(table, {}, NOW).today.money).toBe(42);

    expect(rebuildDaysIfZoneChanged(db, 'Europe/Paris')).toBe(false);
    expect(rebuildDaysIfZoneChanged(db, 'Europe/Paris')).toBe(false);
    db.exec('DELETE FROM ledger_days');
    expect(rebuildDaysIfZoneChanged(db, 'Asia/Shanghai')).toBe(true);
    expect(ledgerTotals(table, {}, NOW).today.money).toBe(42);
  });
});

describe('the Spend view’s export', () => {
  it('writes the filtered rows as CSV and JSON, unpriced as unpriced, never 0', async () => {
    const { table } = openTable();
    table.add(row({ callId: 'priced', money: 12_345, basis: 'exact', links: { conversationId: 'conv', replyId: 'r' } }));
    table.add(row({ callId: 'unknown', at: at(0, 11), basis: 'unpriced', model: '=cmd()', modality: 'speech', route: 'speech', units: { kind: 'speech', characters: 9 } }));
    table.add(row({ callId: 'other', model: 'seedream-4-0', modality: 'image', route: 'image', units: { kind: 'image', images: 1, resolution: '2K' } }));
    const out = tempDir();
    const deps = (name: string) => ({
      table, now: () => NOW, language: () => 'en' as const,
      ports: { dataDir: out, chooseSavePath: async () => join(out, name) },
    });

    const csv = await exportLedger(deps('spend.csv'), { modality: 'text' }, 'csv');
    expect(csv).toMatchObject({ outcome: 'saved', name: 'spend.csv', count: 1 });
    const lines = parse(readFileSync(join(out, 'spend.csv'), 'utf8'), { columns: true, bom: true }) as Record<string, string>[];
    expect(lines).toEqual([expect.objectContaining({ call_id: 'priced', money_yuan: '1.2345', basis: 'exact', tokens_in: '10', conversation: 'conv' })]);

    await exportLedger(deps('all.csv'), {}, 'csv');
    const all = parse(readFileSync(join(out, 'all.csv'), 'utf8'), { columns: true, bom: true }) as Record<string, string>[];
    const unknown = all.find((r) => r.call_id === 'unknown')!;
    expect(unknown).toMatchObject({ money_yuan: '', basis: 'unpriced', characters: '9', model: "'=cmd()" });

    const json = await exportLedger(deps('spend.json'), { from: at(0, 0) }, 'json');
    expect(json).toMatchObject({ outcome: 'saved', count: 3 });
    const doc = JSON.parse(readFileSync(join(out, 'spend.json'), 'utf8'));
    expect(doc.count).toBe(3);
    // Newest first, as the view lists them.
    expect(doc.rows.map((r: { callId: string }) => r.callId)).toEqual(['unknown', 'priced', 'other']);
    expect(doc.rows.find((r: { callId: string }) => r.callId === 'unknown')).toMatchObject({ basis: 'unpriced', moneyYuan: null, model: '=cmd()' });
    expect(readdirSync(out).filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('a cancelled dialog writes nothing; a folder it may not write says so and leaves nothing', async () => {
    const { table } = openTable();
    table.add(row({ money: 1, basis: 'exact' }));
    const out = tempDir();
    const base = { table, now: () => NOW, language: () => 'en' as const };
    expect(await exportLedger({ ...base, ports: { dataDir: out, chooseSavePath: async () => undefined } }, {}, 'csv')).toEqual({ outcome: 'cancelled' });
    await expect(exportLedger({ ...base, ports: { dataDir: out, chooseSavePath: async () => join(out, 'missing', 'x.csv') } }, {}, 'csv'))
      .rejects.toThrow(/missing/);
    expect(readdirSync(out)).toEqual([]);
  });

  it('money as exact decimal yuan', () => {
    expect([yuanText(12_345), yuanText(-5), yuanText(0), yuanText(undefined)]).toEqual(['1.2345', '-0.0005', '0.0000', '']);
  });

  it('through the core: a real speech call on the sandbox comes out in the browser shell’s download', async () => {
    const offers: { path: string; name: string; type: string }[] = [];
    const c = await openCore({ ledgerTimer: manualTimer(Date.UTC(2026, 0, 1)).timer, offerDownload: (o) => (offers.push(o), '/download/once') });
    await c.value('ledger.totals', { refresh: true });
    await c.value('speech.synthesize', { model: 'tts-1', input: 'What did this cost?', voice: 'alloy' });
    const totals = await c.value('ledger.totals', { refresh: true });
    const outcome = await c.value('ledger.export', { format: 'csv', modality: 'speech' });
    expect(outcome).toMatchObject({ outcome: 'download', url: '/download/once', count: 1 });
    expect(offers[0]).toMatchObject({ type: 'text/csv; charset=utf-8' });
    expect(offers[0].name).toMatch(/^gateway-studio-spend-.*\.csv$/);
    const [line] = parse(readFileSync(offers[0].path, 'utf8'), { columns: true, bom: true }) as Record<string, string>[];
    expect(line).toMatchObject({ model: 'tts-1', modality: 'speech', characters: '19', basis: 'exact' });
    expect(Math.round(Number(line.money_yuan) * 10_000)).toBe(totals.byModel.find((m: { model: string }) => m.model === 'tts-1')!.money);
  });
});
