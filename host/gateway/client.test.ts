import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CashBalance, ChatChunk, NativeResponse } from '@shared/gateway/wire.js';
import { startSandbox, type Sandbox } from '@sandbox/server.js';
import { GatewayClient, type GatewayAnswer } from './client.js';
import { sseData } from './sse.js';
import { failureOf } from '../test/failure-of.js';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await startSandbox({ speed: 100, streamPaceMs: 0 }); });
afterAll(async () => { await sandbox.close(); });

const fault = (path: string, body: unknown, url = sandbox.url) =>
  fetch(`${url}/_sandbox/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
/**
 * A sandbox of its own for a call the client gives up on: the sandbox still finishes that call
 * later, and would then take a fault meant for the next test (a flake on a busy machine).
 */
async function aside(run: (url: string) => Promise<void>) {
  const own = await startSandbox({ speed: 100, streamPaceMs: 0 });
  try {
    await run(own.url);
  } finally {
    await own.close();
  }
}

function client(apiKey = 'sk-sandbox', delays: number[] = []) {
  return new GatewayClient({
    baseUrl: `${sandbox.url}/`, apiKey,
    retry: { baseDelayMs: 5, random: () => 0.5 },
    sleep: async (ms) => { delays.push(ms); },
  });
}
const balance = (c: GatewayClient) => c.json({ method: 'GET', path: '/v1/account/balance' }, CashBalance);

describe('gateway client: bodies and auth', () => {
  it('unwraps the envelope and checks the payload against the wire schema', async () => {
    expect((await balance(client())).currency).toBe('CNY');
  });

  it('reads the bare 2.9 object of the native image models, sending x-goog-api-key', async () => {
    const r = await client().json({
      method: 'POST', path: '/v1beta/models/modelc-2.5-flash-image-preview:generateContent', auth: 'goog',
      json: { contents: [{ parts: [{ text: 'a kite' }] }] },
    }, NativeResponse, 'bare');
    expect(r.candidates[0].content.role).toBe('model');
  });

  it('explains a rejected key (401) and a missing balance (402) in plain words', async () => {
    const unauthorized = await failureOf(balance(client('sk-wrong-key')));
    expect(unauthorized).toMatchObject({ code: 'unauthorized', status: 401, retryable: false });
    expect(unauthorized.message).toMatch(/rejected the API key/);
    const broke = await failureOf(client('sk-sandbox-broke').json({ method: 'POST', path: '/v1/chat/completions', json: { model: 'modela-5', messages: [{ role: 'user', content: 'hi' }] } }, CashBalance));
    expect(broke).toMatchObject({ code: 'payment_required', status: 402 });
    expect(broke.message).toMatch(/top up/);
  });

  it('names the parameter of a 400', async () => {
    const f = await failureOf(client().json({ method: 'POST', path: '/v1/chat/completions', json: { model: 'modela-5', messages: [{ role: 'user', content: 'x' }], n: '2' } }, CashBalance));
    expect(f).toMatchObject({ code: 'invalid_request', param: 'n' });
  });

  it.each([
    ['an envelope with code ≠ 200', 'envelope', 502, 'server_error'],
    ['plain text', 'text', 500, 'server_error'],
    ['a proxy HTML page', 'html', 503, 'server_error'],
  ])('understands a failure sent as %s', async (_n, format, status, code) => {
    await fault('faults/fail', { status, format, count: 4 });
    const f = await failureOf(balance(client()));
    expect(f.code).toBe(code);
    await fault('faults/reset', {});
  });

  it('says what is wrong when a non-gateway answers', async () => {
    const other = new GatewayClient({ baseUrl: `${sandbox.url}/_sandbox`, apiKey: 'x' });
    const f = await failureOf(other.json({ method: 'GET', path: '/' }, CashBalance));
    expect(f.code).toBe('bad_response');
    expect(f.message).toMatch(/Unified AI Generation Gateway/);
  });

  it('reports an unreachable address and a timeout distinctly', async () => {
    const down = new GatewayClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'x', retry: { retries: 0 } });
    expect((await failureOf(balance(down))).code).toBe('unreachable');
    await aside(async (url) => {
      // The answer is held far beyond the client's limit, so only the timeout can end the call.
      await fault('faults/latency', { ms: 20_000, count: 1 }, url);
      const slow = new GatewayClient({ baseUrl: url, apiKey: 'sk-sandbox', timeoutMs: 100, retry: { retries: 0 } });
      expect((await failureOf(balance(slow))).code).toBe('timeout');
    });
  });

  it('cancels on request', async () => {
    await aside(async (url) => {
      // Held far beyond the abort, so only the abort can end the call.
      await fault('faults/latency', { ms: 20_000, count: 1 }, url);
      const abort = new AbortController();
      setTimeout(() => abort.abort(), 20);
      const c = new GatewayClient({ baseUrl: url, apiKey: 'sk-sandbox' });
      expect((await failureOf(c.json({ method: 'GET', path: '/v1/account/balance', signal: abort.signal }, CashBalance))).code).toBe('aborted');
    });
  });
});

describe('gateway client: retries (docs/gateway-rules.md, Retries)', () => {
  it('retries a GET on 5xx with growing jittered delays, then succeeds', async () => {
    await fault('faults/fail', { status: 503, count: 2 });
    const delays: number[] = [];
    expect((await balance(client('sk-sandbox', delays))).currency).toBe('CNY');
    expect(delays).toEqual([4, 8]); // 5 ms · 2^n, jittered to 75 %
  });

  it('honours Retry-After on 429', async () => {
    await fault('faults/fail', { status: 429, retry_after: 2 });
    const delays: number[] = [];
    await balance(client('sk-sandbox', delays));
    expect(delays).toEqual([2000]);
  });

  it('gives up after its limit', async () => {
    await fault('faults/fail', { status: 500, count: 10 });
    const delays: number[] = [];
    expect((await failureOf(balance(client('sk-sandbox', delays)))).code).toBe('server_error');
    expect(delays).toHaveLength(3);
    await fault('faults/reset', {});
  });

  it('never retries a job-submitting POST, nor a 402', async () => {
    await fault('faults/fail', { status: 503, count: 1, match: '/v1/images' });
    const delays: number[] = [];
    const f = await failureOf(client('sk-sandbox', delays).json({ method: 'POST', path: '/v1/images/generations', json: { model: 'seedream-4-0', prompt: 'x' } }, CashBalance));
    expect(f.code).toBe('server_error');
    expect(delays).toEqual([]);
    await fault('faults/fail', { status: 402, count: 1 });
    expect((await failureOf(balance(client('sk-sandbox', delays)))).code).toBe('payment_required');
    expect(delays).toEqual([]);
  });
});

describe('gateway client: SSE through eventsource-parser', () => {
  const stream = (c: GatewayClient) => c.send({ method: 'POST', path: '/v1/chat/completions', json: { model: 'modela-5', stream: true, messages: [{ role: 'user', content: '[tokens:40]' }] } });
  const readAll = async (res: GatewayAnswer) => {
    const it = sseData(res);
    const chunks: string[] = [];
    for (;;) {
      const next = await it.next();
      if (next.done) return { chunks, end: next.value };
      expect(next.value.length).toBeGreaterThan(0);
      chunks.push(...next.value);
    }
  };

  it('yields each chunk and says the stream ended with [DONE]', async () => {
    const { chunks, end } = await readAll(await stream(client()));
    expect(end.terminated).toBe(true);
    const text = chunks.map((c) => ChatChunk.parse(JSON.parse(c)).choices[0].delta.content ?? '').join('');
    expect(text.length).toBeGreaterThan(20);
  });

  it('tells a stream that ended without its terminator from one that was cut', async () => {
    await fault('faults/stream', { mode: 'no-terminator', after_chunks: 5 });
    const { chunks, end } = await readAll(await stream(client()));
    expect([chunks.length, end.terminated]).toEqual([5, false]);
    await fault('faults/stream', { mode: 'cut', after_chunks: 5 });
    const f = await failureOf(readAll(await stream(client())));
    expect(f.code).toBe('unreachable');
  });
});
