/**
 * The engine against the real sandbox gateway over real HTTP (docs/ledger.md): calls one at a time
 * (chat, responses, a stream, native text with thinking, native images, image jobs, both video
 * routes, speech) teach it the sandbox's private prices from `total_used` alone, to within 1 % of
 * the admin route's truth; then a burst of overlapping calls, a refunded job and a model it never saw is
 * attributed with entries plus remainder equal to the balance change to the ten-thousandth, and
 * each estimate close to what the sandbox really charged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '@sandbox/server.js';
import { BalanceReads } from './balance-reads.js';
import { PriceLearner } from './price-learner.js';
import { moneyFromYuan, type Money } from './money.js';
import { unitsOf, type BilledUnits } from './units.js';
import type { Attribution } from './attribution.js';
import { manualTimer } from './test/manual-timer.js';
import { sandboxAdmin, sandboxClient, type SentCall } from './test/sandbox-calls.js';
import { spendKey, unitsKey, type SpendRow } from './test/sandbox-spend.js';

interface Prices {
  text: Record<string, { prompt_per_1k: number; completion_per_1k: number; thinking_per_1k: number }>;
  images: Record<string, Record<string, number>>;
  native_images: Record<string, number>;
  video_per_second: Record<string, number | Record<string, number>>;
  speech_per_1k_chars: Record<string, number>;
}

let sandbox: Sandbox;
let simulated = Date.UTC(2026, 0, 1);
const KEY = 'sk-ledger-reckoning';
beforeAll(async () => {
  // The sandbox's clock moves only when the test moves it: a job fails at the time the test sets.
  sandbox = await startSandbox({ streamPaceMs: 0, clock: { speed: 1, now: () => simulated, realMs: (ms) => ms } });
  await sandboxAdmin(sandbox.url, `keys/${KEY}`.concat('/balances'), { token_balance: 500_000_000, token_used: 0, balance: 100_000, total_used: 0, credit_balance: 0 });
});
afterAll(async () => { await sandbox?.close(); });

const spend = async (): Promise<SpendRow[]> => ((await (await fetch(`${sandbox.url}/_sandbox/spend?key=${KEY}`)).json()) as { rows: SpendRow[] }).rows;

/** A prompt of about `words` × 4 tokens, different for each call. */
const prose = (words: number, seed: number) => Array.from({ length: words }, (_, i) => ['kite', 'wind', 'string', 'tail', 'sky', 'field'][(i * 7 + seed) % 6]).join(' ');
const chatBody = (model: string, words: number, tokens: number, seed: number) => ({ model, messages: [{ role: 'user', content: `${prose(words, seed)} [tokens:${tokens}]` }] });
const sentence = 'The quick brown fox jumps over the lazy dog. ';

describe('the ledger engine against the sandbox', () => {
  const client = () => sandboxClient(sandbox.url, KEY);
  const clock = manualTimer();
  const learner = new PriceLearner();
  const attributions: Attribution[] = [];
  let reads: BalanceReads;
  const INTERVAL = 3000;
  let n = 0;

  /** Tells the engine of a billed call, as the host's `billed` event will. */
  const billed = (c: SentCall) => {
    const units = unitsOf(c);
    if (!units) throw new Error(`no units for ${c.route} ${c.model}`);
    const id = `call-${++n}`;
    reads.billed({ id, model: c.model, units });
    return { id, model: c.model, units };
  };
  const readAfterInterval = async () => {
    clock.advance(INTERVAL);
    await reads.settled();
  };

  beforeAll(async () => {
    reads = new BalanceReads({
      read: async (): Promise<Money> => moneyFromYuan(await client().totalUsed()),
      intervalMs: INTERVAL, timer: clock.timer,
      pricing: () => ({ quote: (m, u) => learner.quote(m, u) }),
      learn: (m, u, money) => learner.observe(m, u, money),
      onAttributed: (a) => attributions.push(a),
    });
    await reads.start();
  });
  afterAll(() => reads.close());

  it('learns each price from exact attributions to within 1 % of the sandbox\'s list, even past another client\'s spend', async () => {
    const c = client();
    const one: (() => Promise<SentCall>)[] = [];
    for (let i = 0; i < 10; i++) {
      const body = chatBody('modela-5', 300 + 170 * i, 200 + ((i * 137) % 900), i);
      one.push(() => (i % 3 === 2 ? c.responses({ model: 'modela-5', input: body.messages[0].content }) : c.chat(body)));
    }
    for (let i = 0; i < 8; i++) {
      const body = chatBody('modela-5-mini', 1200 - 110 * i, 300 + ((i * 211) % 1400), i + 20);
      one.push(() => (i === 3 ? c.streamedChat(body) : c.chat(body)));
    }
    for (let i = 0; i < 6; i++) {
      const text = `${prose(1100 - 150 * i, i + 40)} [tokens:${250 + ((i * 313) % 1100)}]`;
      one.push(() => c.native('modelc-2.5-flash', { contents: [{ role: 'user', parts: [{ text }] }] }));
    }
    for (let i = 0; i < 8; i++) {
      const text = `${prose(200 + 140 * i, i + 60)} [tokens:${1500 - ((i * 389) % 1400)}]`;
      one.push(() => c.native('modelc-2.5-pro-thinking', { contents: [{ role: 'user', parts: [{ text }] }] }));
    }
    for (const [resolution, count] of [['1K', 1], ['1K', 3], ['1K', 2], ['2K', 2], ['2K', 4], ['2K', 1], ['4K', 1], ['4K', 2], ['4K', 3]] as const) {
      one.push(() => c.image({ model: 'seedream-4-0', prompt: `kites at ${resolution}`, resolution, n: count }));
    }
    for (const duration of [5, 9, 15]) one.push(() => c.video({ model: 'modelg3', prompt: 'waves', duration }));
    for (const seconds of ['3', '10', '5']) one.push(() => c.multipartVideo({ model: 'wan2.6-t2v-preview', prompt: 'a pan', seconds, size: '1920*1080' }));
    for (const reps of [3, 11, 25]) one.push(() => c.speech({ model: 'tts-1', input: sentence.repeat(reps), voice: 'alloy' }));
    for (let i = 0; i < 3; i++) one.push(() => c.native('modelc-2.5-flash-image-preview', { contents: [{ parts: [{ text: `kite ${i}` }] }], generationConfig: { responseModalities: ['IMAGE', 'TEXT'] } }));

    const announced: string[] = [];
    for (const [i, send] of one.entries()) {
      const call = billed(await send());
      announced.push(unitsKey(call.model, call.units));
      // Another client on the same key spends in the middle of one call's window: an outlier.
      if (i === 6) await c.image({ model: 'modela-4o-image', prompt: 'someone else', resolution: '2K', n: 2 });
      await readAfterInterval();
    }
    expect(one.length).toBeGreaterThanOrEqual(20);

    // Every call's units, as the engine read them from the answers, are what the sandbox billed.
    const rows = await spend();
    expect(rows.filter((r) => r.model !== 'modela-4o-image').map(spendKey)).toEqual(announced);
    expect(attributions.every((a) => a.entries.length === 1 && a.entries[0].basis === 'exact')).toBe(true);

    const truth = (await (await fetch(`${sandbox.url}/_sandbox/prices`)).json()) as Prices;
    const near = (learned: number | undefined, yuan: number) => {
      expect(learned).toBeDefined();
      expect(Math.abs(learned! / 10_000 - yuan) / yuan).toBeLessThanOrEqual(0.01);
    };
    // The thinking model reports thoughtsTokenCount: its third price is learned too.
    const thinking = learner.learned('modelc-2.5-pro-thinking', { kind: 'text', input: 1, output: 1, thinking: 1 })!;
    near(thinking.rates.input?.price, truth.text['modelc-2.5-pro-thinking'].prompt_per_1k);
    near(thinking.rates.output?.price, truth.text['modelc-2.5-pro-thinking'].completion_per_1k);
    near(thinking.rates.thinking?.price, truth.text['modelc-2.5-pro-thinking'].thinking_per_1k);
    for (const model of ['modela-5', 'modela-5-mini', 'modelc-2.5-flash']) {
      const p = learner.learned(model, { kind: 'text', input: 1, output: 1, thinking: 0 })!;
      near(p.rates.input?.price, truth.text[model].prompt_per_1k);
      near(p.rates.output?.price, truth.text[model].completion_per_1k);
    }
    expect(learner.learned('modela-5', { kind: 'text', input: 1, output: 1, thinking: 0 })!.outliers).toBe(1);
    for (const r of ['1K', '2K', '4K'] as const) near(learner.learned('seedream-4-0', { kind: 'image', images: 1, resolution: r })!.rates.image?.price, truth.images['seedream-4-0'][r]);
    near(learner.learned('modelg3', { kind: 'video', seconds: 1, size: '720p' })!.rates.second?.price, truth.video_per_second.modelg3 as number);
    near(learner.learned('wan2.6-t2v-preview', { kind: 'video', seconds: 1, size: '1080p' })!.rates.second?.price, (truth.video_per_second['wan2.6-t2v-preview'] as Record<string, number>)['1080p']);
    near(learner.learned('tts-1', { kind: 'speech', characters: 1 })!.rates.character?.price, truth.speech_per_1k_chars['tts-1']);
    near(learner.learned('modelc-2.5-flash-image-preview', { kind: 'native-image', images: 1 })!.rates.image?.price, truth.native_images['modelc-2.5-flash-image-preview']);
  });

  it('attributes a burst of overlapping calls, a refunded job and an unknown model: exact to the ten-thousandth, estimates near the truth', async () => {
    const c = client();
    const before = moneyFromYuan(await c.totalUsed());
    const lastSeq = (await spend()).at(-1)?.seq ?? 0;
    const seen = attributions.length;

    // A job the gateway fails: charged, then refunded when its failure is seen, all in this window.
    await sandboxAdmin(sandbox.url, 'faults/task', { message: 'fell over' });
    const failing = await c.image({ model: 'seedream-4-0', prompt: 'refund me', resolution: '4K', n: 2 });
    const job = billed(failing);
    simulated += 120_000;
    expect((await c.json(`/v1/tasks/${failing.taskId}`)).status).toBe('failed');
    reads.refunded({ ...job });

    const burst = await Promise.all([
      c.chat(chatBody('modela-5', 900, 700, 91)), c.chat(chatBody('modela-5', 400, 1200, 92)), c.chat(chatBody('modela-5-mini', 1500, 900, 93)),
      c.image({ model: 'seedream-4-0', prompt: 'burst', resolution: '2K', n: 3 }), c.image({ model: 'seedream-4-0', prompt: 'burst 2', resolution: '1K' }),
      c.speech({ model: 'tts-1', input: sentence.repeat(17), voice: 'echo' }), c.video({ model: 'modelg3', prompt: 'surf', duration: 7 }),
      c.native('modelc-2.5-flash-image-preview', { contents: [{ parts: [{ text: 'burst kite' }] }], generationConfig: { responseModalities: ['IMAGE'] } }),
      c.native('modelc-2.5-pro-thinking', { contents: [{ role: 'user', parts: [{ text: `${prose(700, 95)} [tokens:800]` }] }] }),
      // Never seen one at a time: unpriced, its money left in the remainder.
      c.chat(chatBody('modela-5-nano', 200, 300, 94)),
    ]);
    const calls = burst.map(billed);
    await readAfterInterval();

    expect(attributions.length).toBe(seen + 1);
    const a = attributions.at(-1)!;
    const rows = (await spend()).filter((r) => r.seq > lastSeq);
    const change = moneyFromYuan(await c.totalUsed()) - before;
    expect(a.change).toBe(change);
    expect(rows.reduce((s, r) => s + r.amount_units, 0)).toBe(change);
    expect(a.entries.reduce((s, e) => s + (e.money ?? 0), 0) + a.remainder).toBe(change);

    const byId = new Map(a.entries.filter((e) => e.kind === 'charge').map((e) => [e.callId, e]));
    const trueMoney = (k: string) => rows.find((r) => r.kind === 'charge' && spendKey(r) === k)!.amount_units;
    let error = 0;
    for (const call of calls) {
      const entry = byId.get(call.id)!;
      const truth = trueMoney(unitsKey(call.model, call.units));
      if (call.model === 'modela-5-nano') {
        expect(entry).toEqual({ callId: call.id, kind: 'charge', basis: 'unpriced' });
        continue;
      }
      expect(entry.basis).toBe('estimated');
      expect(Math.abs(entry.money! - truth)).toBeLessThanOrEqual(Math.max(2, truth * 0.01));
      expect(entry.range!.low - 1).toBeLessThanOrEqual(truth);
      expect(entry.range!.high + 1).toBeGreaterThanOrEqual(truth);
      error += entry.money! - truth;
    }
    // The refunded job nets to nothing; the remainder is the unknown model's true charge, less the estimates' small errors.
    const refund = a.entries.filter((e) => e.callId === job.id);
    expect(refund.map((e) => e.kind)).toEqual(['charge', 'refund']);
    expect(refund[0].money! + refund[1].money!).toBe(0);
    const nano = calls.find((x) => x.model === 'modela-5-nano')!;
    expect(a.remainder).toBe(trueMoney(unitsKey(nano.model, nano.units)) - error);
  });
  it('a job refunded after its exact window comes back exactly beside a new exact call; a job that fails but stays billed is an ordinary charge', async () => {
    const c = client();
    const chargeOf = async (model: string, u: BilledUnits) => (await spend()).findLast((r) => r.kind === 'charge' && spendKey(r) === unitsKey(model, u))!.amount_units;

    await sandboxAdmin(sandbox.url, 'faults/task', { message: 'fell over later' });
    const failing = await c.image({ model: 'seedream-4-0', prompt: 'refund me later', resolution: '2K', n: 2 });
    const job = billed(failing);
    await readAfterInterval();
    const charged = attributions.at(-1)!.entries[0];
    expect(charged).toEqual({ callId: job.id, kind: 'charge', basis: 'exact', money: await chargeOf(job.model, job.units) });

    simulated += 120_000;
    expect((await c.json(`/v1/tasks/${failing.taskId}`)).status).toBe('failed');
    reads.refunded({ ...job, charged: { basis: charged.basis, money: charged.money } });
    const voice = billed(await c.speech({ model: 'tts-1', input: sentence.repeat(5), voice: 'alloy' }));
    await readAfterInterval();
    expect(attributions.at(-1)).toMatchObject({
      entries: [
        { callId: voice.id, kind: 'charge', basis: 'exact', money: await chargeOf(voice.model, voice.units) },
        { callId: job.id, kind: 'refund', basis: 'exact', money: -charged.money! },
      ],
      remainder: 0,
    });

    await sandboxAdmin(sandbox.url, 'faults/billed-failure', { count: 1 });
    const lost = await c.video({ model: 'modelg3', prompt: 'rendered and lost', duration: 6 });
    const kept = billed(lost);
    simulated += 600_000;
    expect((await c.json(`/v1/tasks/${(lost.answer as { task_id: string }).task_id}`)).status).toBe('failed');
    await readAfterInterval();
    expect(attributions.at(-1)).toMatchObject({ entries: [{ callId: kept.id, basis: 'exact', money: await chargeOf(kept.model, kept.units) }], remainder: 0 });
  });
});
