/**
 * Cost where the work is, through the real core against the real sandbox (docs/ledger.md, "Cost
 * where the work is", "Prices you set"): a task, a chat reply and a gallery item read their cost
 * in one call; a form's quote is "unpriced" until something is known, then the learned price with
 * its range, then the creator's own price; a price the creator sets prices the calls after it.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { LedgerRowView } from '@shared/contract/ledger.js';
import { openCore } from '../test/open-core.js';
import { dataDirCores } from '../test/data-dir-cores.js';
import { manualTimer } from './test/manual-timer.js';

/** The sandbox's private price of a 1K seedream-4-0 image, read from its admin route only to check. */
async function truePrice(url: string): Promise<number> {
  const prices = (await (await fetch(`${url}/_sandbox/prices`)).json()) as { images: Record<string, Record<string, number>> };
  return Math.round(prices.images['seedream-4-0']['1K'] * 10_000);
}

async function openCostCore() {
  const c = await openCore({ ledgerTimer: manualTimer(Date.UTC(2026, 0, 1)).timer });
  const url = (await c.value('app.info')).sandboxUrl as string;
  const fresh = () => c.value('ledger.totals', { refresh: true });
  const rows = async (): Promise<LedgerRowView[]> => (await c.value('ledger.rows', { limit: 1000 })).rows;
  const image = async (request: Record<string, unknown>) => {
    const job = await c.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'a kite', ...request } });
    await c.until(async () => (await c.value('tasks.list')).some((t: { id: string; state: string }) => t.id === job.id && t.state === 'saved'));
    await c.until(async () => (await rows()).some((r) => r.callId === job.id && (r.links.libraryIds?.length ?? 0) > 0));
    await fresh();
    return job as { id: string };
  };
  return { ...c, url, fresh, rows, image };
}

const imageQuote = (request: Record<string, unknown>) => ({ route: 'image', request: { model: 'seedream-4-0', prompt: 'x', ...request } });

describe('cost where the work is', () => {
  it('a task, its gallery items and a chat reply read their cost in one call, with the tokens', async () => {
    const c = await openCostCore();
    await c.fresh();
    const conv = await c.value('chat.create', { settings: { model: 'modela-5' } });
    const started = await c.value('chat.send', { conversationId: conv.id, text: 'what does this cost?' });
    await c.until(async () => c.events.some((e) => e.event === 'chat.onDidEnd' && e.payload.streamId === started.streamId));
    await c.until(async () => (await c.rows()).some((r) => r.route === 'chat'));
    await c.fresh();
    const job = await c.image({ resolution: '1K', n: 2 });

    const reply = (await c.rows()).find((r) => r.route === 'chat')!;
    const items = (await c.rows()).find((r) => r.callId === job.id)!.links.libraryIds!;
    const costs = await c.value('ledger.costs', { jobIds: [job.id, 'no-such-job'], replyIds: [reply.links.replyId], libraryIds: [...items, 'no-such-item'] });

    expect(costs.jobs[job.id]).toEqual({ calls: 1, basis: 'exact', money: 2 * (await truePrice(c.url)), refunded: false });
    expect(costs.jobs['no-such-job']).toBeUndefined();
    for (const id of items) expect(costs.items[id]).toEqual(costs.jobs[job.id]);
    expect(costs.items['no-such-item']).toBeUndefined();
    const replyCost = costs.replies[reply.links.replyId!];
    expect(replyCost).toMatchObject({ calls: 1, basis: 'exact', money: reply.money, tokens: { input: expect.any(Number), output: expect.any(Number), thinking: 0 } });
    expect(replyCost.money).toBeGreaterThan(0);
    expect(replyCost.tokens.input).toBe(reply.units?.kind === 'text' ? reply.units.input : -1);
  });

  it('a row still waiting for its balance read, or unpriced, is never shown as 0', async () => {
    const c = await openCostCore();
    await c.fresh();
    // Two jobs read together and nothing learned yet: unpriced.
    const [a, b] = await Promise.all([
      c.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'one', resolution: '1K' } }),
      c.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'two', resolution: '1K' } }),
    ]);
    await c.until(async () => (await c.rows()).filter((r) => r.kind === 'call').length === 2);
    const waiting = await c.value('ledger.costs', { jobIds: [a.id, b.id] });
    expect(waiting.jobs[a.id]).toMatchObject({ basis: 'pending' });
    expect(waiting.jobs[a.id].money).toBeUndefined();
    await c.fresh();
    const read = await c.value('ledger.costs', { jobIds: [a.id, b.id] });
    expect(read.jobs[a.id]).toMatchObject({ basis: 'unpriced' });
    expect(read.jobs[a.id].money).toBeUndefined();
  });

  it('asks for at most 500 ids of a kind at once', async () => {
    const c = await openCostCore();
    const r = await c.call('ledger.costs', { jobIds: Array.from({ length: 501 }, (_, i) => `job-${i}`) });
    expect(r.ok).toBe(false);
  });
});

describe('the expected cost before Generate', () => {
  it('is unpriced until learned, then the learned price with its range, changing with resolution and n', async () => {
    const c = await openCostCore();
    await c.fresh();
    expect(await c.value('ledger.quote', imageQuote({ resolution: '1K', n: 2 }))).toEqual({ basis: 'unpriced', units: { kind: 'image', images: 2, resolution: '1K' } });
    // A request the form cannot send (no such model) has no units: unpriced, not 0.
    expect(await c.value('ledger.quote', imageQuote({ model: 'no-such-model' }))).toEqual({ basis: 'unpriced' });

    for (const n of [1, 2, 3]) await c.image({ resolution: '1K', n });
    const price = await truePrice(c.url);
    const two = await c.value('ledger.quote', imageQuote({ resolution: '1K', n: 2 }));
    expect(two).toMatchObject({ basis: 'estimated', money: 2 * price });
    expect(two.range.low).toBeLessThanOrEqual(2 * price);
    expect(two.range.high).toBeGreaterThanOrEqual(2 * price);
    expect((await c.value('ledger.quote', imageQuote({ resolution: '1K', n: 4 }))).money).toBe(4 * price);
    // Not learned at 2K yet: unpriced, whatever 1K costs.
    expect(await c.value('ledger.quote', imageQuote({ resolution: '2K', n: 2 }))).toMatchObject({ basis: 'unpriced' });
  });

  it('speech is quoted by its characters', async () => {
    const c = await openCostCore();
    await c.value('ledger.setPrices', { entries: [{ kind: 'speech', model: 'tts-1', price: 500 }] });
    expect(await c.value('ledger.quote', { route: 'speech', model: 'tts-1', characters: 3000 })).toEqual({ basis: 'user', money: 1500, units: { kind: 'speech', characters: 3000 } });
    expect((await c.value('ledger.quote', { route: 'speech', model: 'tts-1-hd', characters: 3000 })).basis).toBe('unpriced');
  });
});

describe('prices you set', () => {
  it('override the learned price in quotes, and price the calls after them as "set by you"', async () => {
    const c = await openCostCore();
    await c.fresh();
    const before = await c.image({ resolution: '1K', n: 1 });
    const saved = await c.value('ledger.setPrices', { entries: [{ kind: 'image', model: ' seedream-4-0 ', unitClass: '1K', price: 1234.5 }] });
    expect(saved.entries).toEqual([{ kind: 'image', model: 'seedream-4-0', unitClass: '1K', price: 1234.5 }]);
    expect(c.events.some((e) => e.event === 'ledger.onPricesChange')).toBe(true);
    expect(await c.value('ledger.quote', imageQuote({ resolution: '1K', n: 3 }))).toMatchObject({ basis: 'user', money: 3704 });

    const after = await c.image({ resolution: '1K', n: 2 });
    const costs = await c.value('ledger.costs', { jobIds: [before.id, after.id] });
    expect(costs.jobs[after.id]).toMatchObject({ basis: 'user', money: 2469 });
    // The row before keeps the basis it was attributed with.
    expect(costs.jobs[before.id]).toMatchObject({ basis: 'exact' });
    // What the set price leaves of the balance's change is shown, not lost: the totals still equal it.
    const rows = await c.rows();
    const remainder = rows.filter((r) => r.kind === 'remainder').reduce((n, r) => n + (r.money ?? 0), 0);
    expect(remainder).toBe(2 * (await truePrice(c.url)) - 2469);
  });

  it('refuses a negative price, an empty model or the same price twice, and keeps the table as it was', async () => {
    const c = await openCostCore();
    await c.value('ledger.setPrices', { entries: [{ kind: 'text', model: 'modela-5', input: 10, output: 20 }] });
    for (const entries of [
      [{ kind: 'speech', model: 'tts-1', price: -1 }],
      [{ kind: 'speech', model: '  ', price: 1 }],
      [{ kind: 'video', model: 'modelg3', unitClass: '720p', price: 1 }, { kind: 'video', model: 'modelg3 ', unitClass: '720p', price: 2 }],
      [{ kind: 'speech', model: 'tts-1', price: Number.NaN }],
    ]) {
      const r = await c.call('ledger.setPrices', { entries });
      expect(r.ok).toBe(false);
    }
    expect(await c.value('ledger.prices')).toEqual({ entries: [{ kind: 'text', model: 'modela-5', input: 10, output: 20 }] });
  });
});

describe('prices you set, across restarts', () => {
  const cores = dataDirCores('ledger-prices-');
  it('are kept in the studio database', async () => {
    const dir = cores.freshDir();
    const first = await cores.start(dir);
    await first.value('ledger.setPrices', { entries: [{ kind: 'video', model: 'modelg3', unitClass: '720p', price: 300 }] });
    await first.close();
    const second = await cores.start(dir);
    expect(await second.value('ledger.prices')).toEqual({ entries: [{ kind: 'video', model: 'modelg3', unitClass: '720p', price: 300 }] });
    expect(await second.value('ledger.quote', { route: 'video-generations', request: { model: 'modelg3', prompt: 'x', duration: 5 } })).toMatchObject({ basis: 'user', money: 1500 });
  });
});

describe('a gallery item\'s cost, across a kill', () => {
  const cores = dataDirCores('ledger-links-');
  it('is found again from the job\'s record when the kill lost its link', async () => {
    const dir = cores.freshDir();
    const first = await cores.start(dir);
    first.resume();
    const job = await first.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'a heron', resolution: '1K', n: 2 } });
    const rowOf = async () => (await first.value('ledger.rows', {})).rows.find((r: LedgerRowView) => r.callId === job.id) as LedgerRowView | undefined;
    for (let i = 0; !((await rowOf())?.links.libraryIds?.length); i++) {
      if (i > 1500) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
    const items = (await rowOf())!.links.libraryIds!;
    await first.close();
    // As if killed between the job's end and the links' write.
    const db = new Database(join(dir, 'studio.db'));
    db.prepare('DELETE FROM ledger_item_links').run();
    db.close();

    const second = await cores.start(dir);
    const costs = await second.value('ledger.costs', { libraryIds: items });
    expect(Object.keys(costs.items).sort()).toEqual([...items].sort());
    expect(costs.items[items[0]]).toMatchObject({ calls: 1 });
  });
});
