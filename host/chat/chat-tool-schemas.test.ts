/**
 * A creator's own function tool whose schema attacks the host (docs/robust-host.md, "Tool
 * schemas"), end to end: the real core, the real sandbox as the model. A catastrophic pattern is
 * checked in linear time, off the loop; a pattern the linear engine cannot take, or a schema far
 * larger than any real tool, is refused at save with the reason. A backtracking engine on the
 * host's loop took about 200 s for the 30-character argument below: this test's time limit fails
 * it long before.
 */
import { describe, expect, it } from 'vitest';
import { englishText } from '@shared/messages/index.js';
import { openChat } from './test/chat-harness.js';

const NO_TOOLS = { webSearch: false, fileSearch: false, functions: [], mcp: { enabled: false, url: '' } };
const tools = (...functions: unknown[]) => ({ ...NO_TOOLS, functions });
const fn = (name: string, parameters: Record<string, unknown>) => ({ name, description: `The ${name} tool`, parameters });
const callsOf = (m: any) => m.choices[m.selected ?? 0].toolCalls as any[];

/** The sandbox writes the first of `examples`: 30 a's and a "!", the audit's argument. */
const EVIL = 'a'.repeat(30) + '!';
const redos = fn('match_word', { type: 'object', properties: { word: { type: 'string', pattern: '^(a+)+$', examples: [EVIL] } }, required: ['word'] });

describe("a creator's function with a catastrophic pattern", () => {
  it('is checked at once, off the loop: the call is shown as not fitting, and the studio answers meanwhile', { timeout: 30_000 }, async () => {
    const c = await openChat();
    const conv = await c.create({ api: 'responses', tools: tools(redos) });
    const started = await c.send(conv.id, 'Please run match_word.');
    // While the reply ends and its call is checked, another contract call is answered.
    expect((await c.call('chat.get', { id: conv.id })).ok).toBe(true);
    const end = await c.ended(started.streamId);
    const [call] = callsOf(end.message);
    expect(JSON.parse(call.arguments)).toEqual({ word: EVIL });
    expect(call.problems.map(englishText)).toEqual(['/word: must match pattern "^(a+)+$"']);
    // Thirty thousand characters cost no more (the arguments come from the schema's example).
    const long = fn('match_word', { type: 'object', properties: { word: { type: 'string', pattern: '^(a+)+$', examples: ['a'.repeat(30_000) + '!'] } }, required: ['word'] });
    await c.value('chat.update', { id: conv.id, settings: { tools: tools(long) } });
    const again = await c.ask(conv.id, 'Please run match_word once more.');
    expect(callsOf(again.end.message)[0].problems.map(englishText)).toEqual(['/word: must match pattern "^(a+)+$"']);
  });
});

describe("a creator's function whose schema cannot be checked safely", () => {
  it('is refused at save with the reason, and the conversation keeps its settings', { timeout: 30_000 }, async () => {
    const c = await openChat();
    const conv = await c.create({ api: 'responses', tools: tools(fn('plain', { type: 'object', properties: { a: { type: 'string' } } })) });
    const backref = fn('twice', { type: 'object', properties: { word: { type: 'string', pattern: '^(a+)\\1$' } } });
    const refused = await c.call('chat.update', { id: conv.id, settings: { tools: tools(backref) } });
    expect(refused.error).toMatchObject({ code: 'invalid_input', text: { code: 'chat.tools.functionRefused' } });
    expect(englishText(refused.error.text)).toMatch(/^The function twice cannot be used: the pattern "\^\(a\+\)\\\\1\$" cannot be checked by the studio's linear-time engine \(.+\); backreferences and lookaround are not supported\.$/);
    expect((await c.call('chat.create', { settings: { api: 'responses', tools: tools(backref) } })).error).toMatchObject({ text: { code: 'chat.tools.functionRefused' } });

    const lookahead = fn('ahead', { type: 'object', properties: {}, patternProperties: { '^(?=x)': { type: 'string' } } });
    expect((await c.call('chat.update', { id: conv.id, settings: { tools: tools(lookahead) } })).error).toMatchObject({ text: { code: 'chat.tools.functionRefused' } });

    const saved = await c.value('chat.get', { id: conv.id });
    expect(saved.settings.tools.functions.map((f: any) => f.name)).toEqual(['plain']);
  });

  it('a 20,000-property schema is refused with a message that says why', async () => {
    const c = await openChat();
    const conv = await c.create({ api: 'responses' });
    const properties = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`p${i}`, { type: 'string' }]));
    const r = await c.call('chat.update', { id: conv.id, settings: { tools: tools(fn('huge', { type: 'object', properties })) } });
    expect(r.error).toMatchObject({ code: 'invalid_input' });
    expect(englishText(r.error.text)).toContain('at most 5000 parts');
  });
});
