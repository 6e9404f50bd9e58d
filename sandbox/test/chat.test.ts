import { describe, expect, it } from 'vitest';
import { countTokens } from 'gpt-tokenizer';
import { ChatChunk, ChatCompletion, envelope } from '@shared/gateway/index.js';
import { admin, call, data, errorOf, readSse, useSandbox } from './harness.js';

const sandbox = useSandbox();
const url = () => sandbox().url;
const chat = (body: Record<string, unknown>) => call(url(), '/v1/chat/completions', { body: { model: 'modela-5', messages: [{ role: 'user', content: 'Describe a lighthouse' }], ...body } });

describe('chat completions (spec 4.3)', () => {
  it('answers in the envelope with a 2.5 result that reflects the request', async () => {
    const res = await call(url(), '/v1/chat/completions', {
      body: { model: 'modelb-opus-4-1-20250805', messages: [{ role: 'system', content: 'Be brief' }, { role: 'user', content: 'Paint me a harbour' }, { role: 'assistant', content: 'Done' }, { role: 'user', content: 'Now at night' }] },
    });
    const { data: d } = envelope(ChatCompletion).parse(await res.json());
    expect(d.model).toBe('modelb-opus-4-1-20250805');
    const text = d.choices[0].message.content;
    expect(text).toContain('Now at night');
    expect(text).toContain('modelb-opus-4-1-20250805');
    expect(text).toContain('Be brief');
    expect(text).toMatch(/turns received: 4/);
    expect(d.choices[0].finish_reason).toBe('stop');
    expect(d.usage.completion_tokens).toBe(countTokens(text));
    expect(d.usage.total_tokens).toBe(d.usage.prompt_tokens + d.usage.completion_tokens);
  });

  it('is deterministic and accepts any model id (the list is open-ended)', async () => {
    const a = await data(url(), '/v1/chat/completions', { body: { model: 'my-custom-model', messages: [{ role: 'user', content: 'x' }] } });
    const b = await data(url(), '/v1/chat/completions', { body: { model: 'my-custom-model', messages: [{ role: 'user', content: 'x' }] } });
    expect(a.choices[0].message.content).toBe(b.choices[0].message.content);
  });

  it('honours max_tokens with finish_reason "length"', async () => {
    const d = (await (await chat({ max_tokens: 7 })).json()).data;
    expect(d.choices[0].finish_reason).toBe('length');
    expect(d.usage.completion_tokens).toBe(7);
  });

  it('honours stop sequences (cut before the first one)', async () => {
    const d = (await (await chat({ stop: ['lighthouse', 'zzz'] })).json()).data;
    expect(d.choices[0].message.content).not.toContain('lighthouse');
    expect(d.choices[0].message.content.length).toBeGreaterThan(0);
  });

  it('returns n alternatives', async () => {
    const d = (await (await chat({ n: 3 })).json()).data;
    expect(d.choices.map((c: { index: number }) => c.index)).toEqual([0, 1, 2]);
    expect(new Set(d.choices.map((c: { message: { content: string } }) => c.message.content)).size).toBe(3);
  });

  it('makes a reply of exactly N tokens on request ([tokens:N])', async () => {
    const d = (await (await chat({ messages: [{ role: 'user', content: 'Long please [tokens:1500]' }] })).json()).data;
    expect(d.usage.completion_tokens).toBe(1500);
  });
});

describe('chat validation: every rule names its parameter', () => {
  const refused: [string, Record<string, unknown>, string][] = [
    ['temperature above 2', { temperature: 2.5 }, 'temperature'],
    ['temperature below 0', { temperature: -0.1 }, 'temperature'],
    ['temperature as a string', { temperature: '1' }, 'temperature'],
    ['top_p above 1', { top_p: 1.2 }, 'top_p'],
    ['frequency_penalty below -2', { frequency_penalty: -2.5 }, 'frequency_penalty'],
    ['presence_penalty above 2', { presence_penalty: 3 }, 'presence_penalty'],
    ['five stop sequences', { stop: ['a', 'b', 'c', 'd', 'e'] }, 'stop'],
    ['n as a string', { n: '2' }, 'n'],
    ['n as a fraction', { n: 1.5 }, 'n'],
    ['max_tokens of 0', { max_tokens: 0 }, 'max_tokens'],
    ['stream as a string', { stream: 'yes' }, 'stream'],
    ['an unknown role', { messages: [{ role: 'robot', content: 'x' }] }, 'messages.0.role'],
    ['no messages', { messages: [] }, 'messages'],
    ['no model', { model: '' }, 'model'],
  ];
  it.each(refused)('refuses %s with 400', async (_name, body, param) => {
    const e = await errorOf(await chat(body));
    expect(e).toMatchObject({ status: 400, code: 400, type: 'invalid_request_error', param });
    expect(e.message).toContain(`'${param.split('.').pop()}'`);
  });

  it('says what values are allowed', async () => {
    expect((await errorOf(await chat({ temperature: 9 }))).message).toMatch(/from 0 to 2/);
    expect((await errorOf(await chat({ n: '2' }))).message).toMatch(/integer/);
  });

  const accepted: [string, Record<string, unknown>][] = [
    ['the range edges', { temperature: 0, top_p: 1, frequency_penalty: -2, presence_penalty: 2 }],
    ['temperature 2', { temperature: 2 }],
    ['four stop sequences', { stop: ['w', 'x', 'y', 'z'] }],
    ['a single stop string', { stop: 'zzz' }],
    ['n as an integer', { n: 2 }],
  ];
  it.each(accepted)('accepts %s', async (_name, body) => {
    expect((await chat(body)).status).toBe(200);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await call(url(), '/v1/chat/completions', { body: '{not json' });
    expect((await errorOf(res)).status).toBe(400);
  });
});

describe('chat streaming (docs/gateway-rules.md, Chat and responses streams)', () => {
  it('streams chat.completion.chunk events ending in [DONE], adding up to the whole reply', async () => {
    const whole = (await (await chat({})).json()).data;
    const { events, done } = await readSse(await chat({ stream: true }));
    expect(done).toBe(true);
    for (const e of events) ChatChunk.parse(e);
    const text = events.map((e) => e.choices[0].delta.content ?? '').join('');
    expect(text).toBe(whole.choices[0].message.content);
    const last = events.at(-1);
    expect(last.choices[0].finish_reason).toBe('stop');
    expect(last.usage.total_tokens).toBe(whole.usage.total_tokens);
  });

  it('streams n alternatives interleaved by index', async () => {
    const { events } = await readSse(await chat({ stream: true, n: 2 }));
    const by = [0, 1].map((i) => events.filter((e) => e.choices[0].index === i).map((e) => e.choices[0].delta.content ?? '').join(''));
    expect(by[0]).not.toBe(by[1]);
    expect(by[1]).toMatch(/^Alternative 2/);
  });

  it('streams thousands of chunks a second with pacing off', async () => {
    const { events } = await readSse(await chat({ stream: true, messages: [{ role: 'user', content: '[tokens:20000]' }] }));
    expect(events.length).toBeGreaterThanOrEqual(20_000);
  });

  it('paces chunks when asked (settable pace)', async () => {
    await admin(url(), 'pace', { ms: 20_000 }); // simulated ms; at speed 1000 this is 20 real ms
    const start = Date.now();
    const { events } = await readSse(await chat({ stream: true, messages: [{ role: 'user', content: '[tokens:20]' }] }));
    await admin(url(), 'pace', { ms: 0 });
    expect(events.length).toBeGreaterThanOrEqual(20);
    expect(Date.now() - start).toBeGreaterThanOrEqual(20 * 20);
  });
});
