/**
 * The retry rules (docs/gateway-rules.md, "Retries"), counted where it matters: at a real HTTP hop
 * in front of the sandbox, which sees every request that left the studio. GETs are retried on
 * 408/409/429/5xx and dropped connections; nothing else is; Retry-After is honoured in both of
 * its forms; the backoff is jittered within its bounds.
 */
import { msg } from '@shared/messages/index.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CashBalance, ChatCompletion, ImageSubmission } from '@shared/gateway/wire.js';
import { startSandbox, type Sandbox } from '@sandbox/server.js';
import { failureOf } from '../test/failure-of.js';
import { startHop, type GatewayHop } from '../test/gateway-hop.js';
import { GatewayClient, type GatewayConfig } from './client.js';
import { GatewayFailure } from './failure.js';
import { DEFAULT_RETRY, retryDelayMs } from './retry.js';

let sandbox: Sandbox;
let hop: GatewayHop;
beforeAll(async () => { sandbox = await startSandbox({ speed: 100, streamPaceMs: 0 }); });
afterAll(async () => { await sandbox.close(); });
beforeEach(async () => { hop = await startHop(sandbox.url); });
afterEach(async () => {
  await hop.close();
  await admin('faults/reset', {});
});

/** A sandbox admin call; one the sandbox refused fails the test here, not as a missing fault later. */
async function admin(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${sandbox.url}/_sandbox/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`sandbox ${path}: HTTP ${res.status} ${await res.text()}`);
}

const NOW = Date.parse('2025-03-01T12:00:00Z');

/** A client through the hop whose sleeps are recorded instead of slept. */
function client(config: Partial<GatewayConfig> = {}) {
  const delays: number[] = [];
  const c = new GatewayClient({
    baseUrl: hop.url, apiKey: 'sk-sandbox', now: () => NOW,
    retry: { baseDelayMs: 5, random: () => 0.5 },
    sleep: async (ms) => { delays.push(ms); },
    ...config,
  });
  return { c, delays };
}

const BALANCE = '/v1/account/balance';
const balance = (c: GatewayClient) => c.json({ method: 'GET', path: BALANCE }, CashBalance);
const chat = (c: GatewayClient) => c.json({ method: 'POST', path: '/v1/chat/completions', json: { model: 'modela-5', messages: [{ role: 'user', content: 'hi' }] } }, ChatCompletion);
const submitImage = (c: GatewayClient, prompt = 'a lantern') =>
  c.json({ method: 'POST', path: '/v1/images/generations', json: { model: 'seedream-4-0', prompt, resolution: '1K' }, idempotent: false }, ImageSubmission);


describe('which failures a GET retries', () => {
  it.each([408, 409, 429, 500, 502, 503, 504])('retries a GET after %i, and the third request succeeds', async (status) => {
    await admin('faults/fail', { status, count: 2, match: BALANCE });
    const { c, delays } = client();
    expect((await balance(c)).currency).toBe('CNY');
    expect(hop.count('GET', BALANCE)).toBe(3);
    expect(delays).toHaveLength(2);
  });

  it.each([400, 401, 402, 403, 404, 410, 418, 422])('never retries a GET after %i', async (status) => {
    await admin('faults/fail', { status, count: 3, match: BALANCE });
    const { c, delays } = client();
    const f = await failureOf(balance(c));
    expect(f).toMatchObject({ status, retryable: false });
    expect(hop.count('GET', BALANCE)).toBe(1);
    expect(delays).toEqual([]);
  });

  it('a connection dropped before any answer is retried on a GET', async () => {
    hop.on(BALANCE, 'drop', 2);
    const { c, delays } = client();
    expect((await balance(c)).currency).toBe('CNY');
    expect(hop.count('GET', BALANCE)).toBe(3);
    expect(delays).toHaveLength(2);
  });

  it('a GET that times out is asked again', async () => {
    // The first answer never comes in time (held 30 s): only the limit ends that attempt.
    await admin('faults/latency', { ms: 30_000, count: 1, match: BALANCE });
    const { c, delays } = client({ timeoutMs: 200 });
    expect((await balance(c)).currency).toBe('CNY');
    expect(hop.count('GET', BALANCE)).toBe(2);
    expect(delays).toHaveLength(1);
  });

  it('an address where nothing listens is tried as often as the limit allows, then named', async () => {
    const delays: number[] = [];
    const down = new GatewayClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'x', retry: { baseDelayMs: 5, random: () => 0.5 }, sleep: async (ms) => { delays.push(ms); } });
    const f = await failureOf(balance(down));
    expect(f.code).toBe('unreachable');
    expect(f.message).toMatch(/nothing is listening/);
    expect(delays).toHaveLength(DEFAULT_RETRY.retries);
  });
});

describe('the limit on attempts', () => {
  it('a GET that keeps failing is sent 1 + retries times, then the last failure is shown', async () => {
    await admin('faults/fail', { status: 503, count: 50, match: BALANCE });
    const { c } = client();
    expect((await failureOf(balance(c))).code).toBe('server_error');
    expect(hop.count('GET', BALANCE)).toBe(1 + DEFAULT_RETRY.retries);
    const { c: once } = client({ retry: { retries: 1, baseDelayMs: 5, random: () => 0.5 } });
    await failureOf(balance(once));
    expect(hop.count('GET', BALANCE)).toBe(1 + DEFAULT_RETRY.retries + 2);
  });
});

describe('POSTs are never retried', () => {
  it.each([408, 409, 429, 500, 503])('a chat POST and a job-submitting POST answered %i are sent once', async (status) => {
    await admin('faults/fail', { status, count: 4, retry_after: 0 });
    const { c, delays } = client();
    expect((await failureOf(chat(c))).status).toBe(status);
    expect((await failureOf(submitImage(c))).status).toBe(status);
    expect([hop.count('POST', '/v1/chat/completions'), hop.count('POST', '/v1/images/generations')]).toEqual([1, 1]);
    expect(delays).toEqual([]);
  });

  it('402 is never retried, on a GET or a POST, even with a Retry-After', async () => {
    await admin('faults/fail', { status: 402, count: 4, retry_after: 1 });
    const { c, delays } = client();
    expect((await failureOf(balance(c))).code).toBe('payment_required');
    expect((await failureOf(submitImage(c))).code).toBe('payment_required');
    expect([hop.count('GET', BALANCE), hop.count('POST', '/v1/images')]).toEqual([1, 1]);
    expect(delays).toEqual([]);
  });

  it('a job POST whose connection drops after the gateway took it is not sent again', async () => {
    hop.on('/v1/images/generations', 'drop-after');
    const before = sandbox.state.tasks.list().length;
    const { c, delays } = client();
    const f = await failureOf(submitImage(c, 'dropped after sending'));
    expect(f).toMatchObject({ code: 'unreachable', maybeReceived: true });
    expect(hop.count('POST', '/v1/images/generations')).toBe(1);
    // The gateway did take it: a resubmission would have made a second, billed job.
    expect(sandbox.state.tasks.list().length).toBe(before + 1);
    expect(delays).toEqual([]);
  });

  it('a job POST that times out is not sent again, though the gateway answers later', async () => {
    // Held 30 s, so only the timeout can end the call.
    await admin('faults/latency', { ms: 30_000, count: 1, match: '/v1/images' });
    const { c, delays } = client({ timeoutMs: 100 });
    const f = await failureOf(submitImage(c, 'too slow'));
    expect(f).toMatchObject({ code: 'timeout', maybeReceived: true });
    expect(hop.count('POST', '/v1/images/generations')).toBe(1);
    expect(delays).toEqual([]);
  });
});

describe('Retry-After', () => {
  it('in seconds: waits exactly that long before the one retry', async () => {
    await admin('faults/fail', { status: 429, retry_after: 3, match: BALANCE });
    const { c, delays } = client();
    await balance(c);
    expect(delays).toEqual([3000]);
    expect(hop.count('GET', BALANCE)).toBe(2);
  });

  it('on a 503 too', async () => {
    await admin('faults/fail', { status: 503, retry_after: 2, match: BALANCE });
    const { c, delays } = client();
    await balance(c);
    expect(delays).toEqual([2000]);
  });

  it('as an HTTP date, waits until then (a date already past: at once)', async () => {
    const at = (ms: number) => ({ status: 503, headers: { 'Retry-After': new Date(NOW + ms).toUTCString(), 'Content-Type': 'text/plain' }, body: 'busy' });
    hop.on(BALANCE, at(7000));
    hop.on(BALANCE, at(-60_000));
    const { c, delays } = client();
    expect((await balance(c)).currency).toBe('CNY');
    expect(delays).toEqual([7000, 0]);
    expect(hop.count('GET', BALANCE)).toBe(3);
  });

  it('longer than the client would wait: not asked again early; the message says when to retry', async () => {
    await admin('faults/fail', { status: 429, retry_after: 120, count: 2, match: BALANCE });
    const { c, delays } = client();
    const f = await failureOf(balance(c));
    expect(f).toMatchObject({ code: 'rate_limited', retryAfterMs: 120_000 });
    expect(f.message).toMatch(/try again in 120 s/);
    expect(hop.count('GET', BALANCE)).toBe(1);
    expect(delays).toEqual([]);
  });
});

describe('Retry-After on an error envelope under HTTP 200 (docs/gateway-rules.md, "Error bodies")', () => {
  it('a GET waits exactly that long, as after a plain 429, then asks again', async () => {
    await admin('faults/fail', { status: 429, retry_after: 3, match: BALANCE, format: 'envelope' });
    const { c, delays } = client();
    expect((await balance(c)).currency).toBe('CNY');
    expect(delays).toEqual([3000]);
    expect(hop.count('GET', BALANCE)).toBe(2);
  });

  it('a wait longer than the client takes: not asked again early, and the message says when to retry', async () => {
    await admin('faults/fail', { status: 429, retry_after: 120, count: 2, match: BALANCE, format: 'envelope' });
    const { c, delays } = client();
    const f = await failureOf(balance(c));
    expect(f).toMatchObject({ code: 'rate_limited', status: 429, retryAfterMs: 120_000 });
    expect(f.message).toMatch(/try again in 120 s/);
    expect(hop.count('GET', BALANCE)).toBe(1);
    expect(delays).toEqual([]);
  });

  it('a job POST is still sent once, and its message says when to retry', async () => {
    await admin('faults/fail', { status: 429, retry_after: 20, match: '/v1/images', format: 'envelope' });
    const { c, delays } = client();
    const f = await failureOf(submitImage(c, 'enveloped 429'));
    expect(f).toMatchObject({ code: 'rate_limited', retryAfterMs: 20_000 });
    expect(f.message).toMatch(/try again in 20 s/);
    expect(hop.count('POST', '/v1/images/generations')).toBe(1);
    expect(delays).toEqual([]);
  });
});

describe('backoff with jitter', () => {
  const retryable = new GatewayFailure('server_error', msg('gateway.failure.serverError', { status: 503, said: '' }), true, 503);

  it('every delay lies between half and all of min(max, base · 2^attempt) (fast-check, 2,000 cases)', () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 20 }), fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: 120_000 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
      (attempt, base, max, r) => {
        const ceiling = Math.min(max, base * 2 ** attempt);
        const d = retryDelayMs(retryable, attempt, { retries: 3, baseDelayMs: base, maxDelayMs: max, random: () => r });
        return d >= Math.floor(ceiling / 2) && d <= ceiling;
      },
    ), { seed: 90421, numRuns: 2_000 });
  });

  it('a real run draws a fresh jitter for each retry and grows its ceiling: 500, 1000, 2000 ms at most', async () => {
    await admin('faults/fail', { status: 500, count: 50, match: BALANCE });
    const draws = [0, 0.999, 0.25];
    const { c, delays } = client({ retry: { random: () => draws.shift()! } });
    await failureOf(balance(c));
    expect(delays).toEqual([250, 1000, 1250]);
    const ceilings = [500, 1000, 2000];
    delays.forEach((d, i) => expect(d).toBeGreaterThanOrEqual(ceilings[i] / 2));
    delays.forEach((d, i) => expect(d).toBeLessThanOrEqual(ceilings[i]));
  });
});
