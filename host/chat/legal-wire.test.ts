/**
 * Legal gateway answers the studio once read wrongly, sent byte for byte by a real HTTP server on
 * 127.0.0.1 (the hop in front of the sandbox, scripted), on each text API: lone CR line endings
 * (SSE allows CR, LF or CRLF), a chat stream that ends with its finish reason and usage but no
 * `[DONE]`, one unreadable event amid a stream, and an error envelope under HTTP 200 with a
 * Retry-After (docs/gateway-rules.md, "Chat and responses streams", "Native streams", "Retries").
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openChat } from './test/chat-harness.js';

type Api = 'chat' | 'responses' | 'native';

const SETTINGS: Record<Api, Record<string, unknown>> = {
  chat: {},
  // The responses API, chosen on purpose, with a tool on as a conversation with tools has it.
  responses: { api: 'responses', tools: { webSearch: true, fileSearch: false, functions: [], mcp: { enabled: false, url: '' } } },
  native: { api: 'native', model: 'modelc-2.5-flash' },
};
const PATH: Record<Api, string> = { chat: '/v1/chat/completions', responses: '/v1/responses', native: ':streamGenerateContent' };

const chatChunk = (content: string | undefined, finish: string | null = null, extra: Record<string, unknown> = {}) => JSON.stringify({
  id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: content === undefined ? {} : { content }, finish_reason: finish }], ...extra,
});
const nativeChunk = (text: string, finish?: string) => JSON.stringify({
  candidates: [{ index: 0, content: { role: 'model', parts: [{ text }] }, ...(finish ? { finishReason: finish } : {}) }],
  ...(finish ? { usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 3, totalTokenCount: 8 } } : {}),
});
const usage = { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 };

/** The events of one reply, "Hello, " then "world.", in each API's own form (SSE `data:` payloads and event names). */
function events(api: Api, middle: string[] = []): { event?: string; data: string }[] {
  if (api === 'native') return [{ data: nativeChunk('Hello, ') }, ...middle.map((data) => ({ data })), { data: nativeChunk('world.', 'STOP') }];
  if (api === 'chat') return [{ data: chatChunk('Hello, ') }, ...middle.map((data) => ({ data })), { data: chatChunk('world.') }, { data: chatChunk(undefined, 'stop', { usage }) }, { data: '[DONE]' }];
  // The common responses API's named events, ending in response.completed and no [DONE].
  const delta = (d: string) => ({ event: 'response.output_text.delta', data: JSON.stringify({ type: 'response.output_text.delta', delta: d }) });
  return [
    { event: 'response.created', data: JSON.stringify({ type: 'response.created', response: { id: 'r1', status: 'in_progress' } }) },
    delta('Hello, '), ...middle.map((data) => ({ data })), delta('world.'),
    { event: 'response.completed', data: JSON.stringify({ type: 'response.completed', response: { id: 'r1', status: 'completed', usage: { input_tokens: 5, output_tokens: 3, total_tokens: 8 } } }) },
  ];
}

const wire = (evs: { event?: string; data: string }[], eol: string) => evs.map((e) => `${e.event ? `event: ${e.event}${eol}` : ''}data: ${e.data}${eol}${eol}`).join('');

const SSE = { 'Content-Type': 'text/event-stream; charset=utf-8' };

async function replyTo(api: Api, body: string, headers: Record<string, string> = SSE, status = 200) {
  const c = await openChat();
  const conv = await c.create(SETTINGS[api]);
  c.hop.on(PATH[api], { status, headers, body });
  const { end } = await c.ask(conv.id, 'Say hello');
  expect(c.hop.count('POST', PATH[api])).toBe(1);
  const saved = JSON.parse(readFileSync(join(c.ports.dataDir, 'conversations', `${conv.id}.json`), 'utf8')).messages[1];
  return { end, saved };
}

const APIS: Api[] = ['chat', 'responses', 'native'];

describe('lone CR line endings (legal SSE) are read to the last event', () => {
  it.each(APIS)('%s API: the whole text, its finish reason, and a complete reply', async (api) => {
    const { end, saved } = await replyTo(api, wire(events(api), '\r'));
    expect(end.message.choices[0].text).toBe('Hello, world.');
    expect(end).toMatchObject({ outcome: 'done', message: { status: 'complete', choices: [{ finishReason: api === 'native' ? 'STOP' : 'stop' }] } });
    expect(end.message.error).toBeUndefined();
    expect(saved).toMatchObject({ status: 'complete', choices: [{ text: 'Hello, world.' }] });
  });

  it('a lone CR that ends a line but not its event still leaves that event out (the stream stopped mid-event)', async () => {
    const body = `data: ${chatChunk('Hello')}\r\rdata: ${chatChunk(' there', 'stop')}\r`;
    const { end } = await replyTo('chat', body);
    expect(end.message.choices[0].text).toBe('Hello');
    expect(end.message.status).toBe('incomplete');
  });
});

describe('a chat stream that says it is finished but sends no [DONE]', () => {
  it('finish reason and usage, then the end of the body: a complete reply with its usage', async () => {
    const body = wire([{ data: chatChunk('All of it.') }, { data: chatChunk(undefined, 'stop', { usage }) }], '\n');
    const { end, saved } = await replyTo('chat', body);
    expect(end).toMatchObject({ outcome: 'done', message: { status: 'complete', choices: [{ text: 'All of it.', finishReason: 'stop' }], usage: { prompt: 5, completion: 3, total: 8 } } });
    expect(end.message.error).toBeUndefined();
    expect(saved.status).toBe('complete');
  });

  it('without a finish reason it is still cut short: incomplete, text kept', async () => {
    const { end } = await replyTo('chat', wire([{ data: chatChunk('Half of') }], '\n'));
    expect(end.message).toMatchObject({ status: 'incomplete', choices: [{ text: 'Half of' }], error: { code: 'bad_response' } });
  });
});

describe('one unreadable event amid a stream', () => {
  it.each(APIS)('%s API: the rest of the reply is kept, and the reply says part of it could not be read', async (api) => {
    const { end, saved } = await replyTo(api, wire(events(api, ['{"choices": [half an object']), '\n'));
    expect(end.message.choices[0].text).toBe('Hello, world.');
    expect(end.message.error).toMatchObject({ code: 'bad_response', text: { code: 'chat.reply.partUnreadable', params: { pieces: 1 } } });
    expect(end.message.error.message).toMatch(/part of this answer could not be read/i);
    expect(saved.error).toMatchObject({ text: { code: 'chat.reply.partUnreadable' } });
  });

  it('a stream read whole without a fault carries no such note', async () => {
    const { end } = await replyTo('chat', wire(events('chat'), '\n'));
    expect(end.message).toMatchObject({ status: 'complete' });
    expect(end.message.error).toBeUndefined();
  });
});

describe('an error envelope under HTTP 200', () => {
  it.each(APIS)('%s API: its Retry-After is honoured as for a plain 429: the reply says when to try again', async (api) => {
    const body = JSON.stringify({ code: 429, message: 'Slow down', data: null });
    const { end } = await replyTo(api, body, { 'Content-Type': 'application/json', 'Retry-After': '42' });
    expect(end).toMatchObject({ outcome: 'error', message: { status: 'failed', error: { code: 'rate_limited', status: 429, retryable: true } } });
    expect(end.message.error.message).toMatch(/try again in 42 s/);
  });

  it('the same error inside an event stream, with the header on the answer: the same words', async () => {
    const body = wire([{ data: JSON.stringify({ code: 429, message: 'Slow down', data: null }) }], '\n');
    const { end } = await replyTo('chat', body, { ...SSE, 'Retry-After': '42' });
    expect(end.message.error).toMatchObject({ code: 'rate_limited' });
    expect(end.message.error.message).toMatch(/try again in 42 s/);
  });
});
