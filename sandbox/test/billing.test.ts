/**
 * The sandbox bills like a real gateway whose price list the studio cannot see (docs/sandbox.md):
 * each route charges its model's own price for the units sent, failures the gateway causes are
 * refunded, and `/_sandbox/spend` is the true record a test compares the studio's ledger with.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { admin, call, data, errorOf, pollUntilDone, readSse, useSandbox } from './harness.js';

const sandbox = useSandbox();
/** A sandbox with no other job in it: a media fault takes the next render, whichever job's it is. */
const quiet = useSandbox();
let current = sandbox;
const url = () => current().url;

interface SpendRow {
  seq: number; time: string; route: string; model: string; kind: 'charge' | 'refund';
  units: Record<string, number | string>; amount: number; amount_units: number; task_id?: string; refund_of?: number;
}
interface Spend { key: string; currency: string; rows: SpendRow[]; total: number; total_units: number }
interface Prices {
  currency: string;
  text: Record<string, { prompt_per_1k: number; completion_per_1k: number; thinking_per_1k: number }>;
  text_default: { prompt_per_1k: number; completion_per_1k: number; thinking_per_1k: number };
  images: Record<string, Record<string, number>>;
  native_images: Record<string, number>;
  video_per_second: Record<string, number | Record<string, number>>;
  speech_per_1k_chars: Record<string, number>;
}

const spend = async (key: string): Promise<Spend> => {
  const res = await fetch(`${url()}/_sandbox/spend?key=${encodeURIComponent(key)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Spend;
};
const prices = async (): Promise<Prices> => (await fetch(`${url()}/_sandbox/prices`)).json() as Promise<Prices>;
const totalUsed = async (key: string) => (await data(url(), '/v1/account/balance', { key })).total_used as number;
const tokenUsed = async (key: string) => (await data(url(), '/v1/account/token-balance', { key })).token_used as number;
const UNIT = 10_000;
const units = (yuan: number) => Math.round(yuan * UNIT);
/** A text call's price in ten-thousandths of a yuan, as docs/sandbox.md states the rule. */
const textCost = (p: { prompt_per_1k: number; completion_per_1k: number; thinking_per_1k: number }, prompt: number, completion: number, thinking = 0) =>
  Math.max(1, Math.round((units(p.prompt_per_1k) * prompt + units(p.completion_per_1k) * completion + units(p.thinking_per_1k) * thinking) / 1000));

let keys = 0;
async function freshKey(balance = 100): Promise<string> {
  const key = `sk-bill-${++keys}-${Date.now()}`;
  await admin(url(), `keys/${key}/balances`, { token_balance: 5_000_000, token_used: 0, balance, total_used: 0, credit_balance: 0 });
  return key;
}

/** Runs `act` on a fresh key; returns the one new spend row and checks total_used moved by its amount. */
async function billedOnce(act: (key: string) => Promise<unknown>): Promise<{ row: SpendRow; result: any }> {
  const key = await freshKey();
  const before = await totalUsed(key);
  const result = await act(key);
  const record = await spend(key);
  expect(record.rows).toHaveLength(1);
  expect(units((await totalUsed(key)) - before)).toBe(record.rows[0].amount_units);
  return { row: record.rows[0], result };
}

describe('the price list stays private', () => {
  it('lists per-model prices on the admin route, different across models', async () => {
    const p = await prices();
    expect(p.currency).toBe('CNY');
    expect(p.text['modela-5'].completion_per_1k).not.toBe(p.text['modela-5-mini'].completion_per_1k);
    expect(p.images['seedream-4-0']['2K']).not.toBe(p.images['modela-4o-image']['2K']);
    expect(p.native_images['modelc-2.5-flash-image-preview']).not.toBe(p.native_images['modelc-3-pro-image-preview']);
    expect(p.speech_per_1k_chars['tts-1']).not.toBe(p.speech_per_1k_chars['tts-1-hd']);
    expect(p.video_per_second.modelg3).not.toBe(p.video_per_second['modelf-hailuo-02']);
  });

  it('shows no price on any public route', async () => {
    for (const path of ['/v1/prices', '/v1/pricing', '/v1/models/prices', '/v1/spend']) {
      expect((await call(url(), path)).status).toBe(404);
    }
    const p = await prices();
    const needle = String(p.text['modela-5'].completion_per_1k);
    for (const path of ['/v1/account/balance', '/v1/account/token-balance']) {
      const body = await (await call(url(), path)).text();
      expect(body).not.toMatch(/price|spend/i);
      expect(body).not.toContain(needle);
    }
    const reply = await (await call(url(), '/v1/chat/completions', { body: { model: 'modela-5', messages: [{ role: 'user', content: 'what does this cost?' }] } })).text();
    expect(reply).not.toMatch(/price|amount|"cost/i);
  });
});

describe('each route bills its model\'s price for the units sent', () => {
  it.each(['modela-5', 'modela-5-mini'])('chat completions on %s, in cash and tokens', async (model) => {
    const p = (await prices()).text[model];
    const { row, result } = await billedOnce(async (key) => {
      const before = await tokenUsed(key);
      const r = await data(url(), '/v1/chat/completions', { key, body: { model, messages: [{ role: 'user', content: 'Tell me about kites and wind' }] } });
      expect((await tokenUsed(key)) - before).toBe(r.usage.total_tokens);
      return r;
    });
    expect(row).toMatchObject({ kind: 'charge', model, route: 'POST /v1/chat/completions' });
    expect(row.units).toEqual({ prompt_tokens: result.usage.prompt_tokens, completion_tokens: result.usage.completion_tokens, thinking_tokens: 0 });
    expect(row.amount_units).toBe(textCost(p, result.usage.prompt_tokens, result.usage.completion_tokens));
  });

  it('two models at different prices: the same chat costs differently', async () => {
    const body = (model: string) => ({ model, messages: [{ role: 'user', content: 'Same words for both models' }] });
    const a = await billedOnce((key) => data(url(), '/v1/chat/completions', { key, body: body('modela-5') }));
    const b = await billedOnce((key) => data(url(), '/v1/chat/completions', { key, body: body('modela-5-pro') }));
    expect(a.row.amount_units).not.toBe(b.row.amount_units);
  });

  it('a streamed chat: the stream\'s usage and the charge agree', async () => {
    const p = (await prices()).text['modelb-haiku-4-5-20251001'];
    const { row, result } = await billedOnce(async (key) => {
      const res = await call(url(), '/v1/chat/completions', { key, body: { model: 'modelb-haiku-4-5-20251001', stream: true, messages: [{ role: 'user', content: 'Stream a short poem' }] } });
      const { events } = await readSse(res);
      return events.findLast((e) => e.usage).usage;
    });
    expect(row.units).toEqual({ prompt_tokens: result.prompt_tokens, completion_tokens: result.completion_tokens, thinking_tokens: 0 });
    expect(row.amount_units).toBe(textCost(p, result.prompt_tokens, result.completion_tokens));
  });

  it('the responses route', async () => {
    const p = (await prices()).text['modela-4-vision'];
    const { row, result } = await billedOnce((key) => data(url(), '/v1/responses', { key, body: { model: 'modela-4-vision', input: 'Describe a lighthouse' } }));
    expect(row).toMatchObject({ model: 'modela-4-vision', route: 'POST /v1/responses' });
    expect(row.amount_units).toBe(textCost(p, result.usage.prompt_tokens, result.usage.completion_tokens));
  });

  it.each(['modelc-2.5-flash', 'modelc-2.5-pro-thinking'])('native text on %s bills thinking tokens too', async (model) => {
    const p = (await prices()).text[model];
    const { row, result } = await billedOnce((key) => data(url(), `/v1beta/models/${model}:generateContent`, { key, body: { contents: [{ role: 'user', parts: [{ text: 'Think about tides' }] }] } }));
    const u = result.usageMetadata;
    expect(row.units).toEqual({ prompt_tokens: u.promptTokenCount, completion_tokens: u.candidatesTokenCount, thinking_tokens: u.thoughtsTokenCount ?? 0 });
    expect(row.amount_units).toBe(textCost(p, u.promptTokenCount, u.candidatesTokenCount, u.thoughtsTokenCount ?? 0));
    if (model.endsWith('thinking')) expect(u.thoughtsTokenCount).toBeGreaterThan(0);
  });

  it.each(['modelc-2.5-flash-image-preview', 'modelc-3-pro-image-preview'])('a native image on %s is billed per image', async (model) => {
    const price = (await prices()).native_images[model];
    const { row } = await billedOnce(async (key) => {
      const res = await call(url(), `/v1beta/models/${model}:generateContent`, { key, body: { contents: [{ parts: [{ text: 'a red kite' }] }], generationConfig: { responseModalities: ['IMAGE', 'TEXT'] } } });
      expect(res.status).toBe(200);
      return res.json();
    });
    expect(row.units).toEqual({ images: 1 });
    expect(row.amount_units).toBe(units(price));
  });

  it.each([['seedream-4-0', '2K', 3], ['modela-4o-image', '2K', 2], ['seedream-4-5', '4K', 1]] as const)('image jobs on %s (%s × %i)', async (model, resolution, n) => {
    const price = (await prices()).images[model][resolution];
    const { row, result } = await billedOnce((key) => data(url(), '/v1/images/generations', { key, body: { model, prompt: 'a kite', n, resolution } }));
    expect(row.units).toEqual({ images: n, resolution });
    expect(row.amount_units).toBe(units(price) * n);
    expect(row.task_id).toBe(result[0].task_id);
  });

  it.each([['modelf-hailuo-02', 6], ['modelg3', 10]] as const)('video generations on %s (%i s)', async (model, duration) => {
    const price = (await prices()).video_per_second[model] as number;
    const { row } = await billedOnce((key) => data(url(), '/v1/videos/generations', { key, body: { model, prompt: 'waves', duration } }));
    expect(row.units).toEqual({ seconds: duration, size: '720p' });
    expect(row.amount_units).toBe(units(price) * duration);
  });

  it.each([['wan2.5-t2v-preview', '1920*1080', '1080p'], ['wan2.6-t2v-preview', '1280*720', '720p'], ['wan2.6-t2v-preview', '1920*1080', '1080p']] as const)(
    'multipart video on %s at %s', async (model, size, sizeClass) => {
      const price = ((await prices()).video_per_second[model] as Record<string, number>)[sizeClass];
      const { row } = await billedOnce(async (key) => {
        const form = new FormData();
        for (const [k, v] of Object.entries({ model, prompt: 'a slow pan', seconds: '5', size })) form.append(k, v);
        const res = await fetch(`${url()}/v1/videos`, { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: form });
        expect(res.status).toBe(200);
        return res.json();
      });
      expect(row.units).toEqual({ seconds: 5, size: sizeClass });
      expect(row.amount_units).toBe(units(price) * 5);
    });

  it.each(['tts-1', 'tts-1-hd'])('speech on %s by the character', async (model) => {
    const price = (await prices()).speech_per_1k_chars[model];
    const input = 'The quick brown fox jumps over the lazy dog. '.repeat(9);
    const { row } = await billedOnce(async (key) => {
      const res = await call(url(), '/v1/audio/speech', { key, body: { model, input, voice: 'alloy' } });
      expect(res.status).toBe(200);
      return res.arrayBuffer();
    });
    expect(row.units).toEqual({ characters: input.length });
    expect(row.amount_units).toBe(Math.max(1, Math.round((units(price) * input.length) / 1000)));
  });
});

describe('outcomes', () => {
  it('total_used changes by exactly the sum of the spend rows over mixed calls', async () => {
    const key = await freshKey();
    await data(url(), '/v1/chat/completions', { key, body: { model: 'modeld-v3.1-250821', messages: [{ role: 'user', content: 'one' }] } });
    await data(url(), '/v1/images/generations', { key, body: { model: 'seedream-4-0', prompt: 'two', resolution: '1K' } });
    await data(url(), '/v1beta/models/modelc-2.5-pro:generateContent', { key, body: { contents: [{ role: 'user', parts: [{ text: 'three' }] }] } });
    const record = await spend(key);
    expect(record.rows.map((r) => r.seq)).toEqual([...record.rows.map((r) => r.seq)].sort((x, y) => x - y));
    const sum = record.rows.reduce((n, r) => n + r.amount_units, 0);
    expect(record.total_units).toBe(sum);
    expect(units(await totalUsed(key))).toBe(sum);
  });

  it('a job the gateway fails is refunded: total_used goes back down', async () => {
    const key = await freshKey();
    await admin(url(), 'faults/task', { message: 'the model fell over' });
    const [{ task_id }] = await data(url(), '/v1/images/generations', { key, body: { model: 'seedream-4-0', prompt: 'refund me', resolution: '4K' } });
    expect(await totalUsed(key)).toBeGreaterThan(0);
    const { final } = await pollUntilDone(url(), `/v1/tasks/${task_id}`, key);
    expect(final.status).toBe('failed');
    const record = await spend(key);
    expect(record.rows.map((r) => r.kind)).toEqual(['charge', 'refund']);
    expect(record.rows[1]).toMatchObject({ task_id, refund_of: record.rows[0].seq, amount_units: -record.rows[0].amount_units });
    expect(await totalUsed(key)).toBe(0);
    expect(record.total_units).toBe(0);
    // Asking again refunds nothing more.
    await pollUntilDone(url(), `/v1/tasks/${task_id}`, key);
    expect((await spend(key)).rows).toHaveLength(2);
  });

  it('a job whose render crashed is refunded, and a speech call that crashed is never charged', async () => {
    // The other tests' jobs render when polled; one of them could take the crash meant for this one.
    current = quiet;
    onTestFinished(() => void (current = sandbox));
    const key = await freshKey();
    await admin(url(), 'faults/media', { mode: 'crash', count: 1 });
    const [{ task_id }] = await data(url(), '/v1/images/generations', { key, body: { model: 'modela-4o-image', prompt: 'a crash', resolution: '1K' } });
    expect((await pollUntilDone(url(), `/v1/tasks/${task_id}`, key)).final.status).toBe('failed');
    expect((await spend(key)).rows.map((r) => r.kind)).toEqual(['charge', 'refund']);
    await admin(url(), 'faults/media', { mode: 'crash', count: 1 });
    const speech = await call(url(), '/v1/audio/speech', { key, body: { model: 'tts-1', input: 'never spoken', voice: 'echo' } });
    expect(speech.status).toBeGreaterThanOrEqual(500);
    expect((await spend(key)).rows).toHaveLength(2);
    expect(await totalUsed(key)).toBe(0);
  });

  it('the "fails but stays billed" fault: the next N jobs fail and keep their charge', async () => {
    const key = await freshKey();
    await admin(url(), 'faults/billed-failure', { count: 2, message: 'failed after rendering' });
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) ids.push((await data(url(), '/v1/videos/generations', { key, body: { model: 'modelg3', prompt: `kept ${i}` } })).task_id);
    const charged = await totalUsed(key);
    for (const id of ids) {
      const { final } = await pollUntilDone(url(), `/v1/tasks/${id}`, key);
      expect(final.status).toBe('failed');
      expect(final.error.message).toBe('failed after rendering');
    }
    expect(await totalUsed(key)).toBe(charged);
    expect((await spend(key)).rows.map((r) => r.kind)).toEqual(['charge', 'charge']);
    // Only two: the third job is an ordinary one.
    const third = await data(url(), '/v1/videos/generations', { key, body: { model: 'modelg3', prompt: 'ordinary' } });
    expect(sandbox().state.tasks.get(third.task_id)?.failMessage).toBeUndefined();
  });

  it('a 402 charges nothing, in cash or tokens', async () => {
    const key = await freshKey(0);
    const before = { cash: await totalUsed(key), tokens: await tokenUsed(key) };
    const chat = await errorOf(await call(url(), '/v1/chat/completions', { key, body: { model: 'modela-5', messages: [{ role: 'user', content: 'hi' }] } }));
    expect(chat).toMatchObject({ status: 402, type: 'payment_required' });
    expect(chat.message).toMatch(/Insufficient balance: this request costs ¥.* top up/);
    const image = await errorOf(await call(url(), '/v1/images/generations', { key, body: { model: 'seedream-4-0', prompt: 'no money' } }));
    expect(image.status).toBe(402);
    expect(await totalUsed(key)).toBe(before.cash);
    expect(await tokenUsed(key)).toBe(before.tokens);
    expect((await spend(key)).rows).toEqual([]);
  });

  it('concurrent calls are each charged exactly once', async () => {
    const key = await freshKey();
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) =>
      data(url(), '/v1/chat/completions', { key, body: { model: i % 2 ? 'modela-5' : 'modela-5-nano', stream: false, messages: [{ role: 'user', content: `call ${i}` }] } })));
    const record = await spend(key);
    expect(record.rows).toHaveLength(12);
    expect(new Set(record.rows.map((r) => r.seq)).size).toBe(12);
    expect(record.rows.reduce((n, r) => n + Number(r.units.completion_tokens), 0)).toBe(replies.reduce((n, r) => n + r.usage.completion_tokens, 0));
    expect(units(await totalUsed(key))).toBe(record.total_units);
  });

  it('spend needs a known key', async () => {
    expect((await fetch(`${url()}/_sandbox/spend`)).status).toBe(400);
    expect((await fetch(`${url()}/_sandbox/spend?key=sk-nobody`)).status).toBe(404);
  });
});
