import { afterEach, describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { admin, call, errorOf, readSse, useSandbox } from './harness.js';

const sandbox = useSandbox();
const url = () => sandbox().url;

const WEATHER_PARAMS = {
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 3 },
    unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
    days: { type: 'integer', minimum: 1, maximum: 7 },
    alerts: { type: 'boolean' },
    options: { type: 'object', properties: { lang: { type: 'string', default: 'en' } }, required: ['lang'] },
    tags: { type: 'array', items: { type: 'string' }, minItems: 2 },
    note: { type: 'string' },
  },
  required: ['city', 'unit', 'days', 'alerts', 'options', 'tags'],
  additionalProperties: false,
};
const fn = (name: string, parameters: Record<string, unknown>) => ({ type: 'function', function: { name, description: `The ${name} tool`, parameters } });
const WEATHER = fn('get_weather', WEATHER_PARAMS);
const TIME = fn('get_time', { type: 'object', properties: { zone: { type: 'string', examples: ['Europe/Paris'] } }, required: ['zone'] });
const TOOLS = [WEATHER, TIME, { type: 'web_search' }];

const ajv = new Ajv({ strict: false, formats: { uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i } });
const validWeather = ajv.compile(WEATHER_PARAMS);

const responses = (body: Record<string, unknown>) =>
  call(url(), '/v1/responses', { body: { model: 'modela-5', tools: TOOLS, input: 'What is the weather in Paris? Use get_weather.', ...body } });
const json = async (body: Record<string, unknown>) => (await (await responses(body)).json()).data;

/** Joins chat-shaped `delta.tool_calls` pieces by index, checking each piece's form. */
function joinChatPieces(events: any[]) {
  const calls: { id: string; type: string; name: string; arguments: string; pieces: number }[] = [];
  for (const e of events) {
    for (const piece of e.choices[0].delta.tool_calls ?? []) {
      if (piece.id) {
        expect(piece).toMatchObject({ type: 'function', function: { arguments: '' } });
        calls[piece.index] = { id: piece.id, type: piece.type, name: piece.function.name, arguments: '', pieces: 0 };
      } else {
        expect(Object.keys(piece).sort()).toEqual(['function', 'index']);
        expect(Object.keys(piece.function)).toEqual(['arguments']);
        calls[piece.index].arguments += piece.function.arguments;
        calls[piece.index].pieces += 1;
      }
    }
  }
  return calls;
}

afterEach(() => admin(url(), 'faults/reset'));

describe('function calls, chat-shaped (the default)', () => {
  it('asks for a call when the last user turn names an offered function, with arguments valid against its schema', async () => {
    const d = await json({});
    const choice = d.choices[0];
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.content).toBe('');
    expect(choice.message.tool_calls).toHaveLength(1);
    const tc = choice.message.tool_calls[0];
    expect(tc).toMatchObject({ type: 'function', function: { name: 'get_weather' } });
    expect(tc.id).toMatch(/^call_/);
    const args = JSON.parse(tc.function.arguments);
    expect(validWeather(args)).toBe(true);
    // Deterministic: enum → first value, default → default, minimum → minimum, optional → left out.
    expect(args).toMatchObject({ unit: 'celsius', days: 1, options: { lang: 'en' } });
    expect(args).not.toHaveProperty('note');
    expect(d.usage.completion_tokens).toBeGreaterThan(0);
    expect(d.usage.total_tokens).toBe(d.usage.prompt_tokens + d.usage.completion_tokens);
  });

  it('answers with text as before when no function is named (a longer name does not count)', async () => {
    for (const input of ['What is the weather in Paris?', 'Use get_weather_v2 please']) {
      const choice = (await json({ input })).choices[0];
      expect(choice.finish_reason).toBe('stop');
      expect(choice.message.tool_calls).toBeUndefined();
      expect(choice.message.content).toContain('Tools offered: function get_weather, function get_time, web_search');
    }
  });

  it('streams the call as delta.tool_calls pieces that join into the whole answer\'s arguments', async () => {
    const whole = (await json({})).choices[0].message.tool_calls[0];
    const { events, done } = await readSse(await responses({ stream: true }));
    expect(done).toBe(true);
    const [streamed] = joinChatPieces(events);
    expect(streamed.name).toBe('get_weather');
    expect(streamed.pieces).toBeGreaterThan(1);
    expect(streamed.arguments).toBe(whole.function.arguments);
    expect(validWeather(JSON.parse(streamed.arguments))).toBe(true);
    const last = events.at(-1);
    expect(last.choices[0].finish_reason).toBe('tool_calls');
    expect(last.usage.completion_tokens).toBeGreaterThan(0);
  });

  it('asks for several calls in one turn, in the order they are named, whole and streamed', async () => {
    const input = 'First get_time for Paris, then get_weather there.';
    const whole = (await json({ input })).choices[0].message.tool_calls;
    expect(whole.map((c: any) => c.function.name)).toEqual(['get_time', 'get_weather']);
    expect(JSON.parse(whole[0].function.arguments)).toEqual({ zone: 'Europe/Paris' });
    expect(new Set(whole.map((c: any) => c.id)).size).toBe(2);
    const { events } = await readSse(await responses({ input, stream: true }));
    const streamed = joinChatPieces(events);
    expect(streamed.map((c) => [c.name, c.arguments])).toEqual(whole.map((c: any) => [c.function.name, c.function.arguments]));
  });

  it.each([
    ['anyOf, allOf and exclusive bounds', { type: 'object', required: ['a', 'b', 'c'], properties: {
      a: { anyOf: [{ type: 'number', exclusiveMinimum: 2, multipleOf: 0.5 }, { type: 'string' }] },
      b: { allOf: [{ type: 'object', properties: { x: { type: 'integer', maximum: -3 } }, required: ['x'] }, { required: ['y'], properties: { y: { const: 'fixed' } } }] },
      c: { type: ['null', 'string'], maxLength: 4 },
    } }],
    ['nested arrays of objects', { type: 'object', required: ['items'], properties: {
      items: { type: 'array', minItems: 2, maxItems: 3, items: { type: 'object', required: ['id', 'qty'], properties: { id: { type: 'string', format: 'uuid' }, qty: { type: 'integer', exclusiveMinimum: 0 } } } },
    } }],
    ['no required properties', { type: 'object', properties: { free: { type: 'string' } } }],
  ])('builds valid arguments for a schema with %s', async (_name, parameters) => {
    const tc = (await json({ tools: [fn('do_it', parameters)], input: 'Please do_it.' })).choices[0].message.tool_calls[0];
    expect(ajv.validate(parameters, JSON.parse(tc.function.arguments))).toBe(true);
  });
});

describe('function calls in the responses API\'s own shape (POST /_sandbox/tools/shape)', () => {
  it('is listed by GET /_sandbox/, and faults/reset sets it back to chat', async () => {
    const help = await (await fetch(`${url()}/_sandbox/`)).json();
    expect(Object.keys(help.routes)).toContain('POST /_sandbox/tools/shape');
    await admin(url(), 'tools/shape', { shape: 'responses' });
    expect((await json({})).output).toBeDefined();
    await admin(url(), 'faults/reset');
    expect((await json({})).choices[0].finish_reason).toBe('tool_calls');
  });

  it('answers output[] function_call items with call_id and usage', async () => {
    await admin(url(), 'tools/shape', { shape: 'responses' });
    const d = await json({ input: 'Use get_weather and get_time.' });
    expect(d).toMatchObject({ object: 'response', status: 'completed', model: 'modela-5' });
    expect(d.output.map((o: any) => [o.type, o.name, o.status])).toEqual([['function_call', 'get_weather', 'completed'], ['function_call', 'get_time', 'completed']]);
    expect(d.output[0].id).toMatch(/^fc_/);
    expect(d.output[0].call_id).toMatch(/^call_/);
    expect(validWeather(JSON.parse(d.output[0].arguments))).toBe(true);
    expect(d.usage.output_tokens).toBeGreaterThan(0);
    expect(d.usage.total_tokens).toBe(d.usage.input_tokens + d.usage.output_tokens);
  });

  it('streams response.* events whose argument deltas join into the done arguments', async () => {
    await admin(url(), 'tools/shape', { shape: 'responses' });
    const whole = (await json({})).output[0];
    const { events, done } = await readSse(await responses({ stream: true }));
    expect(done).toBe(false); // the responses API ends with response.completed, not [DONE]
    const types = events.map((e) => e.type);
    expect(types[0]).toBe('response.created');
    expect(types.at(-1)).toBe('response.completed');
    for (const t of ['response.output_item.added', 'response.function_call_arguments.done', 'response.output_item.done']) expect(types).toContain(t);
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_e, i) => i));
    const added = events.find((e) => e.type === 'response.output_item.added').item;
    expect(added).toMatchObject({ type: 'function_call', name: 'get_weather', arguments: '', status: 'in_progress' });
    const deltas = events.filter((e) => e.type === 'response.function_call_arguments.delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.every((e) => e.item_id === added.id)).toBe(true);
    const joined = deltas.map((e) => e.delta).join('');
    expect(joined).toBe(events.find((e) => e.type === 'response.function_call_arguments.done').arguments);
    expect(joined).toBe(whole.arguments);
    expect(validWeather(JSON.parse(joined))).toBe(true);
    expect(events.at(-1).response.usage.output_tokens).toBeGreaterThan(0);
    expect(events.at(-1).response.output[0].call_id).toBe(added.call_id);
  });

  it('answers text turns as an output message, streamed as response.output_text.delta', async () => {
    await admin(url(), 'tools/shape', { shape: 'responses' });
    const d = await json({ input: 'Hello there' });
    expect(d.output[0]).toMatchObject({ type: 'message', role: 'assistant', status: 'completed' });
    expect(d.output[0].content[0].text).toContain('Hello there');
    const { events } = await readSse(await responses({ input: 'Hello there', stream: true }));
    const text = events.filter((e) => e.type === 'response.output_text.delta').map((e) => e.delta).join('');
    expect(text).toBe(d.output[0].content[0].text);
  });
});

describe('the follow-up turn of a tool loop', () => {
  const question = { role: 'user', content: 'What is the weather in Paris? Use get_weather.' };

  it('answers function_call_output items with text that quotes the output', async () => {
    const asked = (await json({ input: [question] })).choices[0].message.tool_calls[0];
    const d = await json({ input: [
      question,
      { type: 'function_call', call_id: asked.id, name: 'get_weather', arguments: asked.function.arguments },
      { type: 'function_call_output', call_id: asked.id, output: '{"temperature":18,"sky":"sunny"}' },
    ] });
    expect(d.choices[0].finish_reason).toBe('stop');
    expect(d.choices[0].message.content).toContain('The tool get_weather returned: {"temperature":18,"sky":"sunny"}');
    expect(d.usage.prompt_tokens).toBeGreaterThan(0);
  });

  it('takes the chat form too: an assistant message with tool_calls, then role "tool" messages', async () => {
    const d = await json({ input: [
      question,
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: '18 degrees' },
    ] });
    expect(d.choices[0].message.content).toContain('The tool get_weather returned: 18 degrees');
  });

  it('calls again only the named tools whose calls are unanswered, so loops can take several rounds', async () => {
    const both = { role: 'user', content: 'Use get_weather and get_time.' };
    const call1 = { type: 'function_call', call_id: 'c1', name: 'get_weather', arguments: '{}' };
    const out1 = { type: 'function_call_output', call_id: 'c1', output: 'sunny' };
    const round2 = await json({ input: [both, call1, out1] });
    expect(round2.choices[0].message.tool_calls.map((c: any) => c.function.name)).toEqual(['get_time']);
    const call2 = { type: 'function_call', call_id: 'c2', name: 'get_time', arguments: '{}' };
    const round3 = await json({ input: [both, call1, out1, call2, { type: 'function_call_output', call_id: 'c2', output: '14:00' }] });
    expect(round3.choices[0].message.content).toMatch(/The tool get_weather returned: sunny\nThe tool get_time returned: 14:00/);
    // A new user turn naming a tool starts a new round: earlier answers no longer count.
    const again = await json({ input: [both, call1, out1, call2, { type: 'function_call_output', call_id: 'c2', output: '14:00' }, { role: 'user', content: 'And get_weather for Rome?' }] });
    expect(again.choices[0].message.tool_calls.map((c: any) => c.function.name)).toEqual(['get_weather']);
  });

  it('answers the follow-up in the responses shape when switched', async () => {
    await admin(url(), 'tools/shape', { shape: 'responses' });
    const d = await json({ input: [question, { type: 'function_call', call_id: 'c9', name: 'get_weather', arguments: '{}' }, { type: 'function_call_output', call_id: 'c9', output: 'rain' }] });
    expect(d.output[0].content[0].text).toContain('The tool get_weather returned: rain');
  });

  it.each([
    ['a function_call_output', [question, { type: 'function_call_output', call_id: 'nope', output: 'x' }], 'input.1.call_id'],
    ['a tool message', [question, { role: 'assistant', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{}' } }] }, { role: 'tool', tool_call_id: 'nope', content: 'x' }], 'input.2.tool_call_id'],
  ])('refuses %s whose call id matches no call in the input with 400', async (_n, input, param) => {
    const e = await errorOf(await responses({ input }));
    expect(e).toMatchObject({ status: 400, code: 400, type: 'invalid_request_error', param });
    expect(e.message).toContain("No function call with call_id 'nope' in the input");
  });

  it('refuses a malformed function_call item by field', async () => {
    const e = await errorOf(await responses({ input: [question, { type: 'function_call', call_id: 'c1', name: 'get_weather' }] }));
    expect(e).toMatchObject({ status: 400, param: 'input.1.arguments' });
  });
});

describe('MCP tools of the studio\'s own servers (functions named <server>__<tool>)', () => {
  const note = { type: 'object', properties: { name: { type: 'string', examples: ['lighting'] } }, required: ['name'] };
  const NOTES = [
    fn('Notes__list_notes', { type: 'object', properties: {} }),
    fn('Notes__read_note', note),
    fn('Notes__search_notes', { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] }),
    fn('Notes__count_words', note),
  ];
  const names = async (input: unknown) => {
    const choice = (await json({ tools: NOTES, input })).choices[0];
    return (choice.message.tool_calls ?? []).map((c: any) => c.function.name);
  };

  it.each([
    ['Read my lighting note, please.', ['Notes__read_note']],
    ['Which notes do I have? List them.', ['Notes__list_notes']],
    ['How many words are in the lighting note? Count them.', ['Notes__count_words']],
    ['Search my notes for "key light", then read the best note.', ['Notes__search_notes', 'Notes__read_note']],
    ['Use read_note on lighting.', ['Notes__read_note']],
    ['Notes__list_notes', ['Notes__list_notes']],
  ])('picks the tool the prompt asks for by its words: "%s"', async (prompt, expected) => {
    expect(await names(prompt)).toEqual(expected);
  });

  it('answers with text when the prompt asks for none of them', async () => {
    expect(await names('Tell me about three-point lighting.')).toEqual([]);
  });

  it('a tool picked by its words is not called again once its call has an output', async () => {
    const ask = { role: 'user', content: 'Read my lighting note, please.' };
    const d = await json({ tools: NOTES, input: [
      ask,
      { type: 'function_call', call_id: 'c1', name: 'Notes__read_note', arguments: '{"name":"lighting"}' },
      { type: 'function_call_output', call_id: 'c1', output: 'Key light at 45 degrees' },
    ] });
    expect(d.choices[0].message.content).toContain('The tool Notes__read_note returned: Key light at 45 degrees');
  });

  it('an ordinary function is still called only by its exact name', async () => {
    expect((await json({ input: 'What is the weather? Get it for Paris.' })).choices[0].message.tool_calls).toBeUndefined();
  });
});
