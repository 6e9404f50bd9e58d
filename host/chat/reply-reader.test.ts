/** The wire under the parsers: byte splits, line endings, bad lines, and streams that break. */
import { describe, expect, it } from 'vitest';
import { JsonObjectSplitter } from './json-array-stream.js';
import { chunk, everySplit, receive, responseOf, sse, textOf } from './test/receive.js';

describe('SSE bytes as the network delivers them', () => {
  const body = sse(chunk(0, 'Ça va? '), chunk(0, '日本語 👋🏽'), chunk(0, undefined, 'stop'), '[DONE]').join('');

  it('keeps every character when a chunk boundary falls inside a UTF-8 sequence (every split)', async () => {
    for (const chunks of everySplit(body)) {
      const r = await receive(responseOf(chunks), 'chat');
      expect(textOf(r)).toBe('Ça va? 日本語 👋🏽');
      expect(r.settled.status).toBe('complete');
    }
  });

  it('reads CRLF line endings, and data split over several `data:` lines of one event', async () => {
    const crlf = body.replace(/\n/g, '\r\n');
    expect(textOf(await receive(responseOf([crlf]), 'chat'))).toBe('Ça va? 日本語 👋🏽');
    const multiline = `data: {"choices":[{"index":0,\r\ndata: "delta":{"content":"joined"},"finish_reason":"stop"}]}\r\n\r\ndata: [DONE]\r\n\r\n`;
    const r = await receive(responseOf([multiline]), 'chat');
    expect([textOf(r), r.settled.status]).toEqual(['joined', 'complete']);
  });

  it('reads lone CR line endings to the last event, wherever the network splits them', async () => {
    // The last event carries text and the finish reason: losing it would show.
    const cr = sse(chunk(0, 'Ça va? '), chunk(0, '日本語 👋🏽', 'stop')).join('').replace(/\n/g, '\r');
    for (const chunks of everySplit(cr)) {
      const r = await receive(responseOf(chunks), 'chat');
      expect([textOf(r), r.settled.status]).toEqual(['Ça va? 日本語 👋🏽', 'complete']);
      expect(r.end?.terminated).toBe(true);
    }
  });

  it('ignores comments, event names and ids that some gateways add', async () => {
    const decorated = `: keep-alive\n\nevent: message\nid: 1\ndata: ${JSON.stringify(chunk(0, 'ok', 'stop'))}\n\ndata: [DONE]\n\n`;
    expect((await receive(responseOf([decorated]), 'chat')).settled.status).toBe('complete');
  });

  it('skips a malformed line, logs it without its content, and the stream continues to a complete reply', async () => {
    const r = await receive(responseOf([...sse(chunk(0, 'Before ')), 'data: {"choices": [secret words\n\n', ...sse(chunk(0, 'after', 'stop'), '[DONE]')]), 'chat');
    expect([textOf(r), r.settled.status]).toEqual(['Before after', 'complete']);
    // Counted, so the reply can say part of it could not be read (legal-wire.test.ts).
    expect(r.end?.unreadable).toBe(1);
    expect(r.logs).toHaveLength(1);
    expect(r.logs[0]).toMatch(/skipped a malformed chat stream event/);
    expect(r.logs[0]).not.toMatch(/secret/);
  });
});

describe('streams that break', () => {
  it('a connection cut mid-reply: incomplete, partial text kept, the error says so and is retryable', async () => {
    const r = await receive(responseOf(sse(chunk(0, 'The first '), chunk(0, 'half')), { cut: true }), 'chat');
    expect(textOf(r)).toBe('The first half');
    expect(r.settled.status).toBe('incomplete');
    expect(r.settled.outcome).toBe('error');
    expect(r.settled.error).toMatchObject({ code: 'unreachable', retryable: true });
    expect(r.settled.error?.message).toMatch(/connection dropped.*text so far is kept/i);
  });

  it('a cut before any text fails the reply', async () => {
    const r = await receive(responseOf([], { cut: true }), 'chat');
    expect(r.settled).toMatchObject({ status: 'failed', outcome: 'error', error: { code: 'unreachable' } });
  });

  it('a stream that ends after every choice gave its finish reason, without [DONE], has ended', async () => {
    const r = await receive(responseOf(sse(chunk(0, 'All'), chunk(1, 'Both'), chunk(0, undefined, 'stop'), chunk(1, undefined, 'length'))), 'chat');
    expect(r.end).toEqual({ terminated: true, whole: false, unreadable: 0 });
    expect([textOf(r), textOf(r, 1), r.settled.status]).toEqual(['All', 'Both', 'complete']);
  });

  it('a stream that ends while one choice has no finish reason, without [DONE], is incomplete', async () => {
    const r = await receive(responseOf(sse(chunk(0, 'All'), chunk(1, 'Half'), chunk(0, undefined, 'stop'))), 'chat');
    expect(r.end).toEqual({ terminated: false, whole: false, unreadable: 0 });
    expect(r.settled.status).toBe('incomplete');
    expect(r.settled.error?.message).toMatch(/before the gateway said it was finished/);
  });

  it('a stream that ends with [DONE] but no finish_reason is incomplete', async () => {
    const r = await receive(responseOf(sse(chunk(0, 'No reason'), '[DONE]')), 'chat');
    expect(r.settled.status).toBe('incomplete');
  });

  it('a continued reply appends to the chosen alternative and adds its usage', async () => {
    const message = { id: 'm', role: 'assistant' as const, createdAt: 0, choices: [{ text: 'other' }, { text: 'Once upon' }], selected: 1, usage: { prompt: 10, completion: 2, total: 12 } };
    const r = await receive(responseOf(sse(chunk(0, ' a time'), chunk(0, undefined, 'stop', { usage: { prompt_tokens: 14, completion_tokens: 3, total_tokens: 17 } }), '[DONE]')), 'chat', true, message, 1);
    expect(r.message.choices?.map((c) => c.text)).toEqual(['other', 'Once upon a time']);
    expect(r.message.usage).toEqual({ prompt: 24, completion: 5, total: 29 });
    expect(r.settled.status).toBe('complete');
  });
});

describe('JsonObjectSplitter', () => {
  it('returns each top-level element, tracking strings and escapes', () => {
    const s = new JsonObjectSplitter();
    expect(s.push('[{"a":"}{"},')).toEqual(['{"a":"}{"}']);
    expect(s.push('{"b":{"c":["\\"]"]}}')).toEqual(['{"b":{"c":["\\"]"]}}']);
    expect(s.closed).toBe(false);
    expect(s.push(']')).toEqual([]);
    expect(s.closed).toBe(true);
  });

  it('reads objects one after another when the body is not an array', () => {
    const s = new JsonObjectSplitter();
    expect(s.push('{"x":1}\n{"y"')).toEqual(['{"x":1}']);
    expect(s.atRest).toBe(false);
    expect(s.push(':2}')).toEqual(['{"y":2}']);
    expect(s.atRest).toBe(true);
  });
});
