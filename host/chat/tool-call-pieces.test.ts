/**
 * A model's function calls, streamed in pieces as gateways send them, in both shapes
 * (docs/gateway-rules.md, "Tool calls"): whatever the split, of the arguments between events or of
 * the bytes between network reads, the studio keeps the call the model made.
 */
import { describe, expect, it } from 'vitest';
import { MAX_TOOL_ARGUMENT_CHARS } from '@shared/contract/chat.js';
import { MAX_CALLS_PER_CHOICE, ToolCallAssembler } from './tool-call-pieces.js';
import { everySplit, receive, responseOf, sse } from './test/receive.js';

const ARGS = '{"city":"Zürich","days":3,"units":"metric","note":"\\"quoted\\" 雪"}';

/** Chat shape: the first piece names the call, the others carry argument fragments. */
function chatStream(fragments: string[], id = 'call_1', name = 'get_weather', index = 0) {
  const piece = (tool: Record<string, unknown>, finish: string | null = null) =>
    ({ object: 'chat.completion.chunk', choices: [{ index: 0, delta: { tool_calls: [{ index, ...tool }] }, finish_reason: finish }] });
  return [
    piece({ id, type: 'function', function: { name, arguments: '' } }),
    ...fragments.map((f) => piece({ function: { arguments: f } })),
    { object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] },
  ];
}

/** The responses API's own shape: an output item, argument deltas, then the whole arguments. */
function responsesStream(fragments: string[], whole = fragments.join('')) {
  const item = { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'get_weather', arguments: '' };
  return [
    { type: 'response.created', response: { id: 'resp_1', status: 'in_progress' } },
    { type: 'response.output_item.added', output_index: 0, item },
    ...fragments.map((delta) => ({ type: 'response.function_call_arguments.delta', output_index: 0, item_id: 'fc_1', delta })),
    { type: 'response.function_call_arguments.done', output_index: 0, item_id: 'fc_1', arguments: whole },
    { type: 'response.output_item.done', output_index: 0, item: { ...item, arguments: whole, status: 'completed' } },
    { type: 'response.completed', response: { id: 'resp_1', status: 'completed', output: [{ ...item, arguments: whole }], usage: { input_tokens: 9, output_tokens: 12 } } },
  ];
}

const SHAPES = [
  ['chat', (f: string[]) => chatStream(f)],
  ['responses', (f: string[]) => responsesStream(f)],
] as const;

describe.each(SHAPES)('a function call streamed in the %s shape', (_shape, stream) => {
  it('is whole whatever position splits its arguments between two events', async () => {
    for (let at = 0; at <= ARGS.length; at++) {
      const r = await receive(responseOf(sse(...stream([ARGS.slice(0, at), ARGS.slice(at)]), '[DONE]')), 'chat');
      expect(r.message.choices?.[0].toolCalls).toEqual([{ id: 'call_1', name: 'get_weather', arguments: ARGS }]);
      expect(r.settled.status).toBe('complete');
    }
  });

  it('is whole whatever byte the network splits the stream at, inside characters too', async () => {
    const body = sse(...stream([ARGS.slice(0, 7), ARGS.slice(7, 30), ARGS.slice(30)]), '[DONE]').join('');
    for (const reads of everySplit(body)) {
      const r = await receive(responseOf(reads), 'chat');
      expect(r.message.choices?.[0].toolCalls?.[0].arguments).toBe(ARGS);
      expect(r.message.choices?.[0].finishReason).toBe('tool_calls');
    }
  });

  it('is whole when every character comes in an event of its own', async () => {
    const r = await receive(responseOf(sse(...stream([...ARGS]), '[DONE]')), 'chat');
    expect(JSON.parse(r.message.choices![0].toolCalls![0].arguments)).toEqual({ city: 'Zürich', days: 3, units: 'metric', note: '"quoted" 雪' });
  });
});

describe('function calls in whole answers and several at once', () => {
  it('reads the calls of a whole chat answer', async () => {
    const answer = { object: 'chat.completion', choices: [{ index: 0, finish_reason: 'tool_calls', message: { role: 'assistant', content: null, tool_calls: [
      { id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: ARGS } },
      { id: 'call_b', type: 'function', function: { name: 'get_time', arguments: '{"zone":"CET"}' } },
    ] } }] };
    const r = await receive(responseOf([JSON.stringify(answer)], { contentType: 'application/json' }), 'chat', false);
    expect(r.message.choices?.[0].toolCalls?.map((c) => [c.id, c.name, c.arguments])).toEqual([['call_a', 'get_weather', ARGS], ['call_b', 'get_time', '{"zone":"CET"}']]);
    expect(r.settled.status).toBe('complete');
  });

  it('reads the calls of a whole responses answer, and its finish says a tool is wanted', async () => {
    const answer = { object: 'response', status: 'completed', output: [
      { type: 'function_call', id: 'fc_1', call_id: 'call_a', name: 'get_weather', arguments: ARGS, status: 'completed' },
    ], usage: { input_tokens: 5, output_tokens: 7 } };
    const r = await receive(responseOf([JSON.stringify({ code: 200, data: answer })], { contentType: 'application/json' }), 'responses', false);
    expect(r.message.choices?.[0]).toMatchObject({ finishReason: 'tool_calls', toolCalls: [{ id: 'call_a', name: 'get_weather', arguments: ARGS }] });
    expect(r.message.usage).toMatchObject({ prompt: 5, completion: 7 });
  });

  it('keeps two calls apart when their pieces arrive interleaved, in the order the model made them', async () => {
    const a = chatStream(['{"city":', '"Oslo"}'], 'call_a', 'get_weather', 0);
    const b = chatStream(['{"zone"', ':"CET"}'], 'call_b', 'get_time', 1);
    const interleaved = [b[0], a[0], a[1], b[1], b[2], a[2], a[3]];
    const r = await receive(responseOf(sse(...interleaved, '[DONE]')), 'chat');
    expect(r.message.choices?.[0].toolCalls).toEqual([
      { id: 'call_a', name: 'get_weather', arguments: '{"city":"Oslo"}' },
      { id: 'call_b', name: 'get_time', arguments: '{"zone":"CET"}' },
    ]);
  });

  it('takes the whole arguments of `.done` over fragments that disagree with them', async () => {
    const r = await receive(responseOf(sse(...responsesStream(['{"city":"Ber'], '{"city":"Bern"}'), '[DONE]')), 'chat');
    expect(r.message.choices?.[0].toolCalls?.[0].arguments).toBe('{"city":"Bern"}');
  });
});

describe('a gateway that floods the reply with call pieces', () => {
  it('keeps the first calls of a stream that names thousands, each whole', async () => {
    const pieces = Array.from({ length: 10_000 }, (_, i) => ({ object: 'chat.completion.chunk', choices: [{ index: 0, delta: { tool_calls: [{ index: i, id: `call_${i}`, type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }] }, finish_reason: null }] }));
    const r = await receive(responseOf([sse(...pieces, { object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] }, '[DONE]').join('')]), 'chat');
    const calls = r.message.choices?.[0].toolCalls ?? [];
    expect(calls).toHaveLength(MAX_CALLS_PER_CHOICE);
    expect(calls.map((c) => c.id)).toEqual(Array.from({ length: MAX_CALLS_PER_CHOICE }, (_, i) => `call_${i}`));
    expect(calls.every((c) => c.arguments === '{"city":"Oslo"}')).toBe(true);
    expect(r.settled.status).toBe('complete');
  });

  it('joins arguments sent a character per event, even when one network read holds megabytes of events', async () => {
    const args = JSON.stringify({ text: 'x'.repeat(60_000) });
    const r = await receive(responseOf([sse(...chatStream([...args]), '[DONE]').join('')]), 'chat');
    expect(r.settled.status).toBe('complete');
    expect(r.message.choices?.[0].toolCalls?.[0].arguments).toBe(args);
  });
});

describe('arguments past the cap', () => {
  const chunk = 'x'.repeat(1024 * 1024);

  it('are counted, not joined, and the call keeps their size instead of a cut piece', () => {
    const a = new ToolCallAssembler();
    a.add({ choice: 0, index: 0, id: 'call_1', name: 'get_weather' });
    for (let i = 0; i < 5; i++) a.add({ choice: 0, index: 0, args: chunk });
    expect(a.result(0)).toEqual([{ id: 'call_1', name: 'get_weather', arguments: '', refused: 5 * chunk.length }]);
  });

  it('a whole that replaces long fragments decides: kept when it fits, refused when it does not', () => {
    const a = new ToolCallAssembler();
    for (let i = 0; i < 5; i++) a.add({ choice: 0, index: 0, args: chunk });
    a.add({ choice: 0, index: 0, whole: '{"city":"Oslo"}' });
    expect(a.result(0)[0]).toMatchObject({ arguments: '{"city":"Oslo"}' });
    expect(a.result(0)[0].refused).toBeUndefined();
    a.add({ choice: 0, index: 0, whole: 'y'.repeat(MAX_TOOL_ARGUMENT_CHARS + 1) });
    expect(a.result(0)[0]).toMatchObject({ arguments: '', refused: MAX_TOOL_ARGUMENT_CHARS + 1 });
  });

  it('exactly at the cap is kept whole', () => {
    const a = new ToolCallAssembler();
    a.add({ choice: 0, index: 0, args: 'z'.repeat(MAX_TOOL_ARGUMENT_CHARS) });
    expect(a.result(0)[0].arguments).toHaveLength(MAX_TOOL_ARGUMENT_CHARS);
  });
});
