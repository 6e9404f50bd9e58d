/**
 * The hard stop through the real core against the real sandbox (docs/ledger.md, "Budgets"): once
 * a budget is spent, every kind of paid submission is refused in the host before anything reaches
 * the gateway (the sandbox's true spend does not move), with a message naming the budget; a
 * one-time override lets exactly one through. Balance reads move on a manual clock: the refusal
 * reads the balance itself when a call waits for its money.
 */
import { describe, expect, it } from 'vitest';
import { openCore } from '../test/open-core.js';
import { dataDirCores } from '../test/data-dir-cores.js';
import { manualTimer } from './test/manual-timer.js';
import type { SpendRow } from './test/sandbox-spend.js';

async function openBudgetCore() {
  const c = await openCore({ ledgerTimer: manualTimer(Date.UTC(2026, 0, 1)).timer });
  const url = (await c.value('app.info')).sandboxUrl as string;
  const charges = async () => ((await (await fetch(`${url}/_sandbox/spend?key=sk-sandbox`)).json()) as { rows: SpendRow[] }).rows.length;
  const warnings = () => c.events.filter((e) => e.event === 'budgets.onChange').flatMap((e) => e.payload.warnings.map((w: { kind: string; level: number }) => `${w.kind} ${w.level}`));
  return { ...c, charges, warnings };
}

const speech = (input: string) => ({ model: 'tts-1', input, voice: 'alloy' });

describe('budgets through the core, against the sandbox', () => {
  const cores = dataDirCores('budgets-');

  it('a spent budget refuses every paid submission before it is sent; an override lets one through', async () => {
    const c = await openBudgetCore();
    await c.value('ledger.totals', { refresh: true });
    // tts-1 costs one ten-thousandth of a yuan per character in the sandbox's private list.
    await c.value('budgets.set', { limits: { dailyMoney: 20 }, hardStop: true });
    await c.value('speech.synthesize', speech('twenty characters!!!'));
    const paid = await c.charges();

    const conv = await c.value('chat.create', { settings: { model: 'modela-5' } });
    const attempts: [string, unknown][] = [
      ['tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'a kite', resolution: '1K' } }],
      ['tasks.submitBatch', { requests: [{ route: 'image', request: { model: 'seedream-4-0', prompt: 'a kite', resolution: '1K' } }] }],
      ['batches.create', { name: 'kites', kind: 'image', axes: ['prompt'], cells: [{ coords: { prompt: 'a kite' }, request: { route: 'image', request: { model: 'seedream-4-0', prompt: 'a kite', resolution: '1K' } } }] }],
      ['speech.synthesize', speech('more')],
      ['images.generateNative', { model: 'modelc-2.5-flash-image-preview', prompt: 'a red kite' }],
      ['chat.send', { conversationId: conv.id, text: 'hello' }],
    ];
    for (const [method, input] of attempts) {
      const r = await c.call(method, input);
      expect(r.ok, method).toBe(false);
      expect(r.error.code).toBe('budget_exceeded');
      expect(r.error.text.code).toBe('budgets.refused');
      expect(r.error.message).toContain('daily spending budget of ¥0.002 is spent (¥0.002 so far)');
    }
    expect(await c.charges()).toBe(paid);
    expect((await c.value('tasks.list')).length).toBe(0);
    await c.until(async () => c.warnings().includes('dailyMoney 100'));

    expect(await c.value('budgets.override')).toMatchObject({ overrideArmed: true, blocked: false });
    await c.value('speech.synthesize', speech('one more'));
    expect(await c.charges()).toBe(paid + 1);
    expect((await c.call('speech.synthesize', speech('and another'))).ok).toBe(false);
    expect(await c.charges()).toBe(paid + 1);
    // What only reads or continues is never held.
    expect((await c.call('tasks.list', {})).ok).toBe(true);
    expect(c.warnings().filter((w) => w === 'dailyMoney 100')).toHaveLength(1);
  });

  it('a budget is kept in the studio database, per profile, and comes back at the next start', async () => {
    const dir = cores.freshDir();
    const first = await cores.start(dir);
    await first.value('budgets.set', { limits: { monthlyTokens: 5000, dailyMoney: 1_000_000 }, hardStop: true });
    const refused = await first.call('budgets.set', { limits: { dailyMoney: -5 }, hardStop: false });
    expect(refused.ok).toBe(false);
    expect(refused.error.code).toBe('invalid_input');
    await first.close();

    const second = await cores.start(dir);
    expect(await second.value('budgets.get')).toEqual({ profileId: 'sandbox', limits: { monthlyTokens: 5000, dailyMoney: 1_000_000 }, hardStop: true });
    expect((await second.value('budgets.status')).budgets.map((b: { kind: string }) => b.kind)).toEqual(['dailyMoney', 'monthlyTokens']);
    expect(await second.value('budgets.get', { profileId: 'another' })).toEqual({ profileId: 'another', limits: {}, hardStop: false });
  });
  it('says before a run starts which budgets its estimate would cross, without spending anything', async () => {
    const c = await openBudgetCore();
    await c.value('ledger.totals', { refresh: true });
    await c.value('budgets.set', { limits: { dailyMoney: 100, monthlyTokens: 1000 }, hardStop: false });
    await c.value('speech.synthesize', speech('forty characters, spent before the run!'));
    await c.value('ledger.totals', { refresh: true });
    const paid = await c.charges();

    expect(await c.value('budgets.check', { estimate: { money: 50 } })).toEqual({ crosses: [], blocked: false });
    expect(await c.value('budgets.check', { estimate: { money: 70 } })).toEqual({
      crosses: [{ kind: 'dailyMoney', limit: 100, spent: 39, after: 109 }], blocked: false,
    });
    expect((await c.value('budgets.check', { estimate: { tokens: 5000 } })).crosses.map((x: { kind: string }) => x.kind)).toEqual(['monthlyTokens']);
    // A negative or fractional estimate is refused at the contract.
    expect((await c.call('budgets.check', { estimate: { money: -1 } })).ok).toBe(false);
    expect((await c.call('budgets.check', { estimate: { money: 1.5 } })).ok).toBe(false);
    expect(await c.charges(), 'a check buys nothing').toBe(paid);
  });
});
