import { describe, expect, it } from 'vitest';
import { CashBalance, envelope, TokenBalance } from '@shared/gateway/index.js';
import { admin, BROKE, call, data, errorOf, useSandbox } from './harness.js';

const sandbox = useSandbox();
const url = () => sandbox().url;

const balances = async (key: string) => ({
  tokens: TokenBalance.parse(await data(url(), '/v1/account/token-balance', { key })),
  cash: CashBalance.parse(await data(url(), '/v1/account/balance', { key })),
});

describe('balances (spec 4.1, 4.2)', () => {
  it('wraps both balances in the envelope with the spec fields', async () => {
    const res = await call(url(), '/v1/account/token-balance');
    expect(envelope(TokenBalance).parse(await res.json())).toMatchObject({ code: 200, data: { currency: 'tokens' } });
    const cash = envelope(CashBalance).parse(await (await call(url(), '/v1/account/balance')).json());
    expect(cash.data.currency).toBe('CNY');
    expect(cash.data.balance).toBeGreaterThan(0);
  });

  it('bills a chat call by its token usage and keeps token_total = balance + used', async () => {
    await admin(url(), 'keys/sk-billing/balances', { token_balance: 5000, token_used: 0, balance: 10 });
    const before = await balances('sk-billing');
    const reply = await data(url(), '/v1/chat/completions', { key: 'sk-billing', body: { model: 'modela-5', messages: [{ role: 'user', content: 'Count my tokens please' }] } });
    const after = await balances('sk-billing');
    expect(after.tokens.token_used - before.tokens.token_used).toBe(reply.usage.total_tokens);
    expect(after.tokens.token_balance).toBe(before.tokens.token_balance - reply.usage.total_tokens);
    expect(after.tokens.token_total).toBe(after.tokens.token_balance + after.tokens.token_used);
  });

  it('bills media in cash: total_used grows and balance falls by the same amount', async () => {
    await admin(url(), 'keys/sk-cash/balances', { balance: 10, total_used: 0 });
    const before = await balances('sk-cash');
    await data(url(), '/v1/images/generations', { key: 'sk-cash', body: { model: 'seedream-4-0', prompt: 'a kite', n: 2, resolution: '1K' } });
    const after = await balances('sk-cash');
    const spent = after.cash.total_used - before.cash.total_used;
    expect(spent).toBeCloseTo(0.2, 6);
    expect(after.cash.balance).toBeCloseTo(before.cash.balance - spent, 6);
  });
});

describe('the broke key (spec §7.1)', () => {
  const billed: [string, unknown][] = [
    ['/v1/chat/completions', { model: 'modela-5', messages: [{ role: 'user', content: 'hi' }] }],
    ['/v1/responses', { model: 'modela-5', input: 'hi' }],
    ['/v1beta/models/modelc-2.5-flash:generateContent', { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }],
    ['/v1beta/models/modelc-3-pro-image-preview:generateContent', { contents: [{ parts: [{ text: 'a cat' }] }], generationConfig: { responseModalities: ['IMAGE', 'TEXT'] } }],
    ['/v1/images/generations', { model: 'seedream-4-5', prompt: 'a cat' }],
    ['/v1/videos/generations', { model: 'modelg3', prompt: 'a cat' }],
    ['/v1/audio/speech', { model: 'tts-1', input: 'hi', voice: 'alloy' }],
  ];

  it.each(billed)('%s fails with 402 payment_required asking for a top-up', async (path, body) => {
    const e = await errorOf(await call(url(), path, { key: BROKE, body }));
    expect(e).toMatchObject({ status: 402, code: 402, type: 'payment_required' });
    expect(e.message).toMatch(/insufficient/i);
    expect(e.message).toMatch(/top up/i);
  });

  it('the multipart video route fails with 402 too', async () => {
    const form = new FormData();
    form.set('model', 'wan2.5-t2v-preview');
    form.set('prompt', 'a cat');
    const res = await fetch(`${url()}/v1/videos`, { method: 'POST', headers: { Authorization: `Bearer ${BROKE}` }, body: form });
    expect((await errorOf(res)).status).toBe(402);
  });

  it('still reads its (empty) balances', async () => {
    const b = await balances(BROKE);
    expect(b.tokens.token_balance).toBe(0);
    expect(b.cash.balance).toBe(0);
  });
});
