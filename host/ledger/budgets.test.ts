/**
 * Budgets on a real SQLite file and a fake clock (docs/ledger.md, "Budgets"): the warnings at 80,
 * 90 and 100 % come once each per period, also across a restart; a new period (local midnight, a
 * month's first day) starts them again; the hard stop refuses with the budget's name until a
 * one-time override lets exactly one submission through; an estimate says what it would cross.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { BudgetStatus, BudgetWarning } from '@shared/contract/budgets.js';
import { GatewayFailure } from '../gateway/failure.js';
import { periodOf } from './budget-periods.js';
import { BudgetsService } from './budgets-service.js';
import { BudgetsTable, budgetsMigrations, spendReader } from './budgets-table.js';
import { LedgerTable, ledgerMigrations, type LedgerRow } from './ledger-table.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** 2026-03-10 22:00 local time. */
const EVENING = new Date(2026, 2, 10, 22, 0, 0).getTime();

function openDb(path?: string) {
  const file = path ?? join((dirs.push(mkdtempSync(join(tmpdir(), 'budgets-'))), dirs[dirs.length - 1]), 'studio.db');
  const db = new Database(file);
  if (!path) for (const m of [...ledgerMigrations.migrations, ...budgetsMigrations.migrations]) m.up(db);
  return { db, file, ledger: new LedgerTable(db) };
}

function budgets(db: Database.Database, clock: { t: number }, flushLedger: () => Promise<void> = async () => undefined) {
  const told: { status: BudgetStatus; warnings: BudgetWarning[] }[] = [];
  const service = new BudgetsService({
    table: new BudgetsTable(db), spend: spendReader(db), now: () => clock.t, profileName: (id) => `Profile ${id}`, flushLedger,
    onChange: (status, warnings) => told.push({ status, warnings }),
  });
  const warnings = () => told.flatMap((c) => c.warnings.map((w) => `${w.kind} ${w.level}`));
  return { service, told, warnings };
}

let n = 0;
/** A speech call of `money` at `at`, priced (`money` undefined: waiting for its balance read). */
function call(ledger: LedgerTable, at: number, money: number | undefined, extra: Partial<LedgerRow> = {}): string {
  const callId = `c${++n}`;
  ledger.add({
    callId, kind: 'call', at, profileId: 'p', route: 'speech', model: 'tts-1', modality: 'speech', units: { kind: 'speech', characters: 10 },
    outcome: 'succeeded', links: {}, ...(money !== undefined ? { money, basis: 'exact' as const } : {}), ...extra,
  });
  return callId;
}

const textCall = (ledger: LedgerTable, at: number, input: number, output: number) =>
  call(ledger, at, 5, { route: 'chat', model: 'modela-5', modality: 'text', units: { kind: 'text', input, output, thinking: 0 } });

describe('budget warnings', () => {
  it('warns at 80, 90 and 100 % once each, however often the spend is measured', () => {
    const { db, ledger } = openDb();
    const clock = { t: EVENING };
    const b = budgets(db, clock);
    b.service.set('p', { dailyMoney: 1000 }, false);
    call(ledger, EVENING, 790);
    b.service.evaluate('p');
    expect(b.warnings()).toEqual([]);
    call(ledger, EVENING, 10);
    b.service.evaluate('p');
    b.service.evaluate('p');
    expect(b.warnings()).toEqual(['dailyMoney 80']);
    call(ledger, EVENING, 100);
    b.service.evaluate('p');
    call(ledger, EVENING, 100);
    b.service.evaluate('p');
    call(ledger, EVENING, 500);
    b.service.evaluate('p');
    expect(b.warnings()).toEqual(['dailyMoney 80', 'dailyMoney 90', 'dailyMoney 100']);
    expect(b.service.status('p').budgets[0]).toMatchObject({ kind: 'dailyMoney', limit: 1000, spent: 1500, warned: [80, 90, 100] });
  });

  it('a spend that passes several levels at once tells the highest, and notes the others as given', () => {
    const { db, ledger } = openDb();
    const b = budgets(db, { t: EVENING });
    b.service.set('p', { dailyMoney: 1000 }, false);
    call(ledger, EVENING, 950);
    b.service.evaluate('p');
    expect(b.told.flatMap((c) => c.warnings)).toEqual([{ profileId: 'p', profileName: 'Profile p', kind: 'dailyMoney', level: 90, spent: 950, limit: 1000 }]);
    call(ledger, EVENING, 50);
    b.service.evaluate('p');
    expect(b.warnings()).toEqual(['dailyMoney 90', 'dailyMoney 100']);
  });

  it('a restart does not repeat a warning already given this period', () => {
    const { db, file, ledger } = openDb();
    const clock = { t: EVENING };
    budgets(db, clock).service.set('p', { dailyMoney: 1000, monthlyTokens: 100 }, false);
    call(ledger, EVENING, 850);
    textCall(ledger, EVENING, 60, 35);
    const first = budgets(db, clock);
    first.service.evaluate('p');
    expect(first.warnings()).toEqual(['dailyMoney 80', 'monthlyTokens 90']);
    db.close();

    const again = openDb(file);
    const second = budgets(again.db, clock);
    second.service.evaluate('p');
    expect(second.warnings()).toEqual([]);
    textCall(again.ledger, EVENING, 5, 0);
    second.service.evaluate('p');
    expect(second.warnings()).toEqual(['monthlyTokens 100']);
  });

  it('a new day from local midnight starts the daily warnings again, the monthly ones go on', () => {
    const { db, ledger } = openDb();
    const clock = { t: EVENING };
    const b = budgets(db, clock);
    b.service.set('p', { dailyMoney: 1000, monthlyMoney: 10_000 }, false);
    call(ledger, EVENING, 900);
    b.service.evaluate('p');
    expect(b.warnings()).toEqual(['dailyMoney 90']);

    // One millisecond before midnight is still the same day.
    const midnight = new Date(2026, 2, 11).getTime();
    clock.t = midnight - 1;
    call(ledger, clock.t, 50);
    b.service.evaluate('p');
    expect(b.warnings()).toEqual(['dailyMoney 90']);

    clock.t = midnight;
    expect(b.service.status('p').budgets.find((x) => x.kind === 'dailyMoney')).toMatchObject({ spent: 0, warned: [], periodStart: midnight });
    call(ledger, midnight + 60_000, 800);
    b.service.evaluate('p');
    expect(b.warnings()).toEqual(['dailyMoney 90', 'dailyMoney 80']);
    expect(b.service.status('p').budgets.find((x) => x.kind === 'monthlyMoney')).toMatchObject({ spent: 1750, warned: [] });
  });

  it('a new month starts the monthly warnings again on its first day, at local midnight', () => {
    const { db, ledger } = openDb();
    const lastDay = new Date(2026, 0, 31, 23, 30).getTime();
    const clock = { t: lastDay };
    const b = budgets(db, clock);
    b.service.set('p', { monthlyTokens: 1000 }, false);
    textCall(ledger, lastDay, 700, 200);
    b.service.evaluate('p');
    expect(b.warnings()).toEqual(['monthlyTokens 90']);

    const february = new Date(2026, 1, 1).getTime();
    expect(periodOf('monthlyTokens', february)).toEqual({ start: february, end: new Date(2026, 2, 1).getTime() });
    clock.t = february + 1000;
    textCall(ledger, clock.t, 850, 0);
    b.service.evaluate('p');
    expect(b.warnings()).toEqual(['monthlyTokens 90', 'monthlyTokens 80']);
    expect(b.service.status('p').budgets[0]).toMatchObject({ spent: 850, periodStart: february });
  });

  it('counts a refund back and a call not priced yet as unknown, never as spent', () => {
    const { db, ledger } = openDb();
    const b = budgets(db, { t: EVENING });
    b.service.set('p', { dailyMoney: 1000 }, false);
    const refunded = call(ledger, EVENING, 900);
    ledger.refund(refunded, -900, 'exact');
    call(ledger, EVENING, undefined);
    b.service.evaluate('p');
    expect(b.warnings()).toEqual([]);
    expect(b.service.status('p').budgets[0]).toMatchObject({ spent: 0, unpriced: 1 });
  });

  it('a changed limit starts its warnings again; a budget of another profile is its own', () => {
    const { db, ledger } = openDb();
    const b = budgets(db, { t: EVENING });
    b.service.set('p', { dailyMoney: 1000 }, false);
    call(ledger, EVENING, 850);
    b.service.evaluate('p');
    b.service.set('p', { dailyMoney: 2000 }, false);
    expect(b.service.status('p').budgets[0].warned).toEqual([]);
    b.service.set('p', { dailyMoney: 1000 }, false);
    expect(b.warnings()).toEqual(['dailyMoney 80', 'dailyMoney 80']);
    expect(b.service.status('q').budgets).toEqual([]);
  });
});

describe('the hard stop', () => {
  const refusal = async (p: Promise<void>) => {
    const err = await p.then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayFailure);
    return (err as GatewayFailure).toData();
  };

  it('refuses once a budget is spent, naming it; an override lets exactly the next one through', async () => {
    const { db, ledger } = openDb();
    const b = budgets(db, { t: EVENING });
    b.service.set('p', { dailyMoney: 1000 }, true);
    call(ledger, EVENING, 999);
    await b.service.gate('p');
    call(ledger, EVENING, 1);
    const refused = await refusal(b.service.gate('p'));
    expect(refused.code).toBe('budget_exceeded');
    expect(refused.message).toContain('daily spending budget of ¥0.10 is spent (¥0.10 so far)');
    expect(refused.message).toContain('Allow the next one');
    expect(b.service.status('p')).toMatchObject({ blocked: true, overrideArmed: false });

    expect(b.service.override('p')).toMatchObject({ blocked: false, overrideArmed: true });
    await b.service.gate('p');
    expect(b.service.status('p')).toMatchObject({ blocked: true, overrideArmed: false });
    await refusal(b.service.gate('p'));
  });

  it('without the hard stop, a spent budget warns but refuses nothing', async () => {
    const { db, ledger } = openDb();
    const b = budgets(db, { t: EVENING });
    b.service.set('p', { dailyTokens: 10 }, false);
    textCall(ledger, EVENING, 20, 20);
    await b.service.gate('p');
    expect(b.service.status('p').blocked).toBe(false);
  });

  it('reads the balance first when calls wait for their money, so a just-spent budget is not missed', async () => {
    const { db, ledger } = openDb();
    let flushed = 0;
    const waiting = call(ledger, EVENING, undefined);
    const b = budgets(db, { t: EVENING }, async () => {
      flushed++;
      ledger.money(waiting, 1200, 'exact');
    });
    b.service.set('p', { dailyMoney: 1000 }, true);
    const refused = await refusal(b.service.gate('p'));
    expect(flushed).toBe(1);
    expect(refused.message).toContain('(¥0.12 so far)');
  });

  it('a tokens budget is refused in tokens', async () => {
    const { db, ledger } = openDb();
    const b = budgets(db, { t: EVENING });
    b.service.set('p', { monthlyTokens: 1000 }, true);
    textCall(ledger, EVENING, 600, 400);
    expect((await refusal(b.service.gate('p'))).message).toContain('monthly token budget of 1000 tokens is spent (1000 tokens so far)');
  });

  it('an estimate says which budgets it would cross before it starts', () => {
    const { db, ledger } = openDb();
    const b = budgets(db, { t: EVENING });
    b.service.set('p', { dailyMoney: 1000, monthlyTokens: 5000 }, true);
    call(ledger, EVENING, 600);
    expect(b.service.check({ profileId: 'p', estimate: { money: 400 } })).toEqual({ crosses: [], blocked: false });
    expect(b.service.check({ profileId: 'p', estimate: { money: 401, tokens: 100 } })).toEqual({ crosses: [{ kind: 'dailyMoney', limit: 1000, spent: 600, after: 1001 }], blocked: false });
  });
});
