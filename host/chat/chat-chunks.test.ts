/**
 * Every chat-completions and responses form docs/gateway-rules.md accepts ("Chat and responses
 * streams"), read from real Response bodies.
 */
import { describe, expect, it } from 'vitest';
import { chatEvents } from './chat-chunks.js';
import { chunk, receive, responseOf, sse, textOf } from './test/receive.js';

const usage = { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 };

describe('chat completion chunks', () => {
  it('joins `data: {chat.completion.chunk}` deltas and ends complete on finish_reason and [DONE]', async () => {
    const r = await receive(responseOf(sse(chunk(0, ''), chunk(0, 'Hel'), chunk(0, 'lo'), chunk(0, undefined, 'stop', { usage }), '[DONE]')), 'chat');
    expect(textOf(r)).toBe('Hello');
    expect(r.message.choices?.[0].finishReason).toBe('stop');
    expect(r.message.usage).toEqual({ prompt: 7, completion: 3, total: 10 });
    expect(r.settled).toEqual({ outcome: 'done', status: 'complete' });
  });

  it('accepts an enveloped chunk `{ code: 200, data: {…chunk} }`', async () => {
    const r = await receive(responseOf(sse({ code: 200, data: chunk(0, 'Hi') }, { code: 200, data: chunk(0, undefined, 'length') }, '[DONE]')), 'chat');
    expect(textOf(r)).toBe('Hi');
    expect(r.message.choices?.[0].finishReason).toBe('length');
    expect(r.settled.status).toBe('complete');
  });

  it('puts interleaved deltas of n > 1 into their own choices', async () => {
    const r = await receive(responseOf(sse(
      chunk(0, 'A1 '), chunk(1, 'B1 '), chunk(2, 'C1 '), chunk(1, 'B2'), chunk(0, 'A2'), chunk(2, 'C2'),
      chunk(0, undefined, 'stop'), chunk(1, undefined, 'stop'), chunk(2, undefined, 'length', { usage }), '[DONE]',
    )), 'chat');
    expect(r.message.choices?.map((c) => [c.text, c.finishReason])).toEqual([['A1 A2', 'stop'], ['B1 B2', 'stop'], ['C1 C2', 'length']]);
    expect(r.settled.status).toBe('complete');
  });

  it('is incomplete when one of several choices never finished', async () => {
    const r = await receive(responseOf(sse(chunk(0, 'a'), chunk(1, 'b'), chunk(0, undefined, 'stop'), '[DONE]')), 'chat');
    expect(r.settled.status).toBe('incomplete');
  });

  it('an error object inside the stream ends the reply with that error; the text so far is kept', async () => {
    const r = await receive(responseOf(sse(chunk(0, 'Partial'), { error: { code: 500, message: 'upstream model crashed', type: 'server_error' } }, chunk(0, ' never'))), 'chat');
    expect(textOf(r)).toBe('Partial');
    expect(r.settled.status).toBe('incomplete');
    expect(r.settled.error).toMatchObject({ code: 'server_error', retryable: true });
    expect(r.settled.error?.message).toMatch(/upstream model crashed.*text so far is kept/);
  });

  it('an error before any text fails the reply; an envelope with another code is an error too', async () => {
    const r = await receive(responseOf(sse({ code: 402, msg: 'insufficient balance' })), 'chat');
    expect(r.settled.status).toBe('failed');
    expect(r.settled.error).toMatchObject({ code: 'payment_required', retryable: false });
    expect(r.settled.error?.message).toMatch(/insufficient balance/);
    const typed = await receive(responseOf(sse({ error: { message: 'slow down', type: 'rate_limit_exceeded', code: 'rate_limit_exceeded' } })), 'chat');
    expect(typed.settled.error?.code).toBe('rate_limited');
  });

  it('reads a whole (non-streamed) chat.completion in its envelope, with all its choices', async () => {
    const whole = { code: 200, data: { id: 'x', object: 'chat.completion', created: 1, model: 'm', usage, choices: [
      { index: 0, message: { role: 'assistant', content: 'One' }, finish_reason: 'stop' },
      { index: 1, message: { role: 'assistant', content: 'Two' }, finish_reason: 'stop' },
    ] } };
    const r = await receive(responseOf([JSON.stringify(whole)], { contentType: 'application/json' }), 'chat', false);
    expect(r.message.choices?.map((c) => c.text)).toEqual(['One', 'Two']);
    expect(r.message.usage?.total).toBe(10);
    expect(r.settled.status).toBe('complete');
  });

  it('accepts a whole JSON answer when a stream was asked for but not given', async () => {
    const whole = { code: 200, data: { object: 'chat.completion', choices: [{ index: 0, message: { content: 'Whole' }, finish_reason: 'stop' }], usage } };
    const r = await receive(responseOf([JSON.stringify(whole)], { contentType: 'application/json; charset=utf-8' }), 'chat', true);
    expect([textOf(r), r.settled.status]).toEqual(['Whole', 'complete']);
  });

  it('a whole answer with no text at all fails clearly, and a body that is not JSON is a bad response', async () => {
    const empty = await receive(responseOf(['{"code":200,"data":{}}'], { contentType: 'application/json' }), 'chat', false);
    expect(empty.settled).toMatchObject({ status: 'failed', error: { code: 'bad_response' } });
    const html = await receive(responseOf(['<html>proxy</html>'], { contentType: 'text/html' }), 'chat', false);
    expect(html.settled).toMatchObject({ status: 'failed', error: { code: 'bad_response' } });
  });
});

describe('responses API stream', () => {
  it('accepts chat-chunk style deltas (what the sandbox sends)', async () => {
    const r = await receive(responseOf(sse({ ...chunk(0, 'Look'), object: 'response.chunk' }, { ...chunk(0, undefined, 'stop', { usage }), object: 'response.chunk' }, '[DONE]')), 'responses');
    expect([textOf(r), r.settled.status, r.message.usage?.total]).toEqual(['Look', 'complete', 10]);
  });

  it('accepts response.output_text.delta events; response.completed ends it with input_/output_tokens usage', async () => {
    const r = await receive(responseOf(sse(
      { type: 'response.created', response: { id: 'r1', status: 'in_progress' } },
      { type: 'response.output_text.delta', output_index: 0, content_index: 0, delta: 'A red ' },
      { type: 'response.output_text.delta', output_index: 0, content_index: 0, delta: 'fox' },
      { type: 'response.output_text.done', text: 'A red fox' },
      { type: 'response.completed', response: { id: 'r1', status: 'completed', usage: { input_tokens: 90, output_tokens: 4, total_tokens: 94 } } },
    )), 'responses');
    expect(textOf(r)).toBe('A red fox');
    expect(r.message.usage).toEqual({ prompt: 90, completion: 4, total: 94 });
    // response.completed is its own terminator: no [DONE] is needed.
    expect(r.settled).toEqual({ outcome: 'done', status: 'complete' });
  });

  it('reads prompt_/completion_ usage inside response.completed, and totals it when missing', async () => {
    const events = chatEvents({ type: 'response.completed', response: { usage: { prompt_tokens: 5, completion_tokens: 6 } } });
    expect(events).toContainEqual({ type: 'usage', usage: { prompt: 5, completion: 6, total: 11 } });
    expect(events).toContainEqual({ type: 'completed' });
  });

  it('without response.completed or [DONE] the reply is incomplete', async () => {
    const r = await receive(responseOf(sse({ type: 'response.output_text.delta', delta: 'Half' })), 'responses');
    expect([textOf(r), r.settled.status, r.settled.error?.retryable]).toEqual(['Half', 'incomplete', true]);
  });

  it('response.incomplete keeps its reason; response.failed and error events are errors', async () => {
    const r = await receive(responseOf(sse({ type: 'response.output_text.delta', delta: 'Cut' }, { type: 'response.incomplete', response: { incomplete_details: { reason: 'max_output_tokens' } } })), 'responses');
    expect([r.message.choices?.[0].finishReason, r.settled.status]).toEqual(['max_output_tokens', 'complete']);
    const failed = await receive(responseOf(sse({ type: 'response.failed', response: { error: { code: 'server_error', message: 'tool crashed' } } })), 'responses');
    expect(failed.settled).toMatchObject({ status: 'failed', error: { code: 'server_error' } });
    const err = chatEvents({ type: 'error', code: 'invalid_request_error', message: 'bad tool' });
    expect(err[0]).toMatchObject({ type: 'error', failure: { code: 'invalid_request' } });
  });

  it('reads a whole responses answer in the spec form and in the output[] form', async () => {
    const spec = { code: 200, data: { object: 'response', choices: [{ index: 0, message: { role: 'assistant', content: 'Spec form' }, finish_reason: 'stop' }], usage } };
    expect(textOf(await receive(responseOf([JSON.stringify(spec)], { contentType: 'application/json' }), 'responses', false))).toBe('Spec form');
    const output = { object: 'response', status: 'completed', output: [{ type: 'message', content: [{ type: 'output_text', text: 'Output ' }, { type: 'output_text', text: 'form' }] }], usage: { input_tokens: 1, output_tokens: 2 } };
    const r = await receive(responseOf([JSON.stringify(output)], { contentType: 'application/json' }), 'responses', false);
    expect([textOf(r), r.settled.status, r.message.usage?.total]).toEqual(['Output form', 'complete', 3]);
  });
});
