/**
 * Multi-turn input on the responses route (spec 4.4 takes the conversation as context): the usual
 * pattern of passing back the previous reply as an assistant message item, in the common
 * responses API's form, is read; an item that cannot be read is refused by a 400 that names it.
 */
import { describe, expect, it } from 'vitest';
import { call, errorOf, useSandbox } from './harness.js';

const sandbox = useSandbox();
const responses = (input: unknown, extra: Record<string, unknown> = {}) => call(sandbox().url, '/v1/responses', { body: { model: 'modela-5', input, ...extra } });

const first = { role: 'user', content: 'Name a colour.' };
const next = { role: 'user', content: 'And one more?' };

describe('the previous reply passed back as an assistant message item', () => {
  it.each([
    ['an output message item, as the responses API returned it', { type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Teal.', annotations: [] }] }],
    ['output_text parts without the item type', { role: 'assistant', content: [{ type: 'output_text', text: 'Teal.' }] }],
    ['plain text parts', { role: 'assistant', content: [{ type: 'text', text: 'Te' }, { type: 'text', text: 'al.' }] }],
    ['a refusal part', { type: 'message', role: 'assistant', content: [{ type: 'refusal', refusal: 'I would rather not.' }] }],
  ])('accepts %s: the reply answers the last user turn and counts three turns', async (_n, reply) => {
    const res = await responses([first, reply, next]);
    expect(res.status).toBe(200);
    const text: string = (await res.json()).data.choices[0].message.content;
    expect(text).toContain('And one more?');
    expect(text).toContain('Conversation turns received: 3');
  });

  it('bills the passed-back reply as prompt text', async () => {
    const usage = async (input: unknown) => (await (await responses(input)).json()).data.usage.prompt_tokens as number;
    const long = { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'teal '.repeat(200) }] };
    expect(await usage([first, long, next])).toBeGreaterThan(await usage([first, next]) + 150);
  });
});

describe('an item that cannot be read: a 400 that names it', () => {
  it.each([
    ['not an object', [first, 5], 'input.1', /input item 1\b/],
    ['an unknown role', [first, { role: 'bot', content: 'x' }], 'input.1.role', /input item 1 \(role bot\)/],
    ['output_text in a user message', [first, { role: 'user', content: [{ type: 'output_text', text: 'x' }] }], 'input.1.content.0.type', /input item 1 \(user message\)/],
    ['an assistant part of no known kind', [first, { type: 'message', role: 'assistant', content: [{ type: 'output_audio', data: 'x' }] }], 'input.1.content.0.type', /input item 1 \(assistant message\)/],
    ['an item type the sandbox does not read', [first, { type: 'reasoning', id: 'rs_1', summary: [] }], 'input.1.type', /input item 1 \(type reasoning\)/],
    ['a text part without its text', [first, { role: 'assistant', content: [{ type: 'output_text' }] }, next], 'input.1.content.0.text', /input item 1 \(assistant message\)/],
    ['a function_call without its arguments', [first, { type: 'function_call', call_id: 'c1', name: 'get_weather' }], 'input.1.arguments', /input item 1 \(type function_call\)/],
  ])('%s', async (_n, input, param, names) => {
    const e = await errorOf(await responses(input));
    expect(e).toMatchObject({ status: 400, type: 'invalid_request_error', param });
    expect(e.message).toMatch(names);
    expect(e.message).not.toMatch(/^'input' must be a string/);
  });

  it('a good item before a bad one is not blamed', async () => {
    const e = await errorOf(await responses([first, { role: 'assistant', content: [{ type: 'output_text', text: 'Teal.' }] }, { role: 'user' }]));
    expect(e.param).toBe('input.2.content');
    expect(e.message).toMatch(/input item 2 \(user message\)/);
  });

  it('an empty input is still refused as a whole', async () => {
    const e = await errorOf(await responses([]));
    expect(e).toMatchObject({ status: 400, param: 'input' });
  });
});
