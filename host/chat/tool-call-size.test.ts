/**
 * Function calls of hostile size (docs/robust-host.md, "Limits"): a gateway that streams a call
 * with 30 MB of arguments froze the page for seconds each time the conversation opened. The call's
 * stored arguments are capped, the page is sent only a preview of long ones, and reads the rest
 * on request. Against the real sandbox (`[big:args:N]`), over real HTTP, the file read from disk.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHAT_SETTINGS, MAX_TOOL_ARGUMENT_CHARS, TOOL_ARGUMENT_PREVIEW_CHARS } from '@shared/contract/chat.js';
import { createCore } from '../index.js';
import { testPorts } from '../test/file-ports.js';
import { openChat } from './test/chat-harness.js';
import { closeDemos, demoHttp } from '../mcp/test/demo.js';

const WEATHER = { name: 'get_weather', description: 'The weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } };
const tools = { webSearch: false, fileSearch: false, functions: [WEATHER], mcp: { enabled: false, url: '' } };
const callsOf = (m: any) => m.choices[m.selected ?? 0].toolCalls as any[];

async function asked(chars: number, stream = true) {
  const c = await openChat();
  const conv = await c.create({ api: 'responses', tools, stream });
  const { end } = await c.ask(conv.id, `${chars ? `[big:args:${chars}] ` : ''}What does get_weather say?`);
  const file = () => readFileSync(join(c.ports.dataDir, 'conversations', `${conv.id}.json`), 'utf8');
  return { c, conv, end, file };
}

describe('a function call with huge arguments', () => {
  it('over the cap (30 MB): refused with a message, nothing of it kept or sent to the page; declining it goes on', async () => {
    const { c, conv, end, file } = await asked(30_000_000);
    expect(end.outcome).toBe('done');
    // The end event is small: no 30 MB copy crosses to the page.
    expect(JSON.stringify(end).length).toBeLessThan(20_000);
    const [call] = callsOf(end.message);
    expect(call).toMatchObject({ name: 'get_weather', arguments: '', argumentsRefused: expect.any(Number) });
    expect(call.argumentsRefused).toBeGreaterThan(29_000_000);
    expect(call.problems).toEqual([expect.objectContaining({ code: 'chat.tools.argumentsTooLarge' })]);

    // On disk: the call, its size and why, never the arguments (nor a cut, invalid piece of them).
    const text = file();
    expect(text.length).toBeLessThan(MAX_TOOL_ARGUMENT_CHARS);
    const stored = callsOf(JSON.parse(text).messages[1])[0];
    expect(stored).toMatchObject({ arguments: '', argumentsRefused: call.argumentsRefused });

    const view = await c.value('chat.get', { id: conv.id });
    expect(JSON.stringify(view).length).toBeLessThan(20_000);
    expect(callsOf(view.messages[1])[0].problems).toEqual(call.problems);

    // Declining it still lets the conversation go on; the model is told it was declined.
    const r = await c.call('chat.answerToolCall', { conversationId: conv.id, messageId: end.message.id, callId: call.id, answer: { kind: 'declined' } });
    expect(r.ok).toBe(true);
    expect((await c.ended(r.value.started.streamId)).outcome).toBe('done');
    expect(JSON.stringify(c.lastBody('/v1/responses')).length).toBeLessThan(20_000);
  }, 60_000);

  it('sent whole, not streamed (10 MB): refused the same way', async () => {
    const { end, file } = await asked(10_000_000, false);
    expect(end.outcome).toBe('done');
    const [call] = callsOf(end.message);
    expect(call).toMatchObject({ arguments: '', argumentsRefused: expect.any(Number), problems: [expect.objectContaining({ code: 'chat.tools.argumentsTooLarge' })] });
    expect(file().length).toBeLessThan(MAX_TOOL_ARGUMENT_CHARS);
  }, 60_000);

  it('under the cap (2 MB): kept whole on disk, the page gets a preview, the whole reads on request and goes back to the model', async () => {
    const { c, conv, end, file } = await asked(2_000_000);
    expect(end.outcome).toBe('done');
    expect(JSON.stringify(end).length).toBeLessThan(20_000);
    const stored = callsOf(JSON.parse(file()).messages[1])[0];
    expect(stored.arguments.length).toBeGreaterThan(1_990_000);
    expect(stored.arguments.length).toBeLessThanOrEqual(MAX_TOOL_ARGUMENT_CHARS);
    expect(JSON.parse(stored.arguments)).toEqual({ city: expect.stringMatching(/^abcdefghij/) });
    expect(stored.argumentsChars).toBeUndefined();
    // Kept whole, but past what the schema check reads (schema-limits.ts): the card says it was not checked.
    expect(stored.problems).toEqual([expect.objectContaining({ code: 'chat.tools.argumentsNotChecked' })]);

    const view = await c.value('chat.get', { id: conv.id });
    expect(JSON.stringify(view).length).toBeLessThan(20_000);
    const shown = callsOf(view.messages[1])[0];
    expect(shown.arguments).toBe(stored.arguments.slice(0, TOOL_ARGUMENT_PREVIEW_CHARS));
    expect(shown.argumentsChars).toBe(stored.arguments.length);
    expect(callsOf(end.message)[0]).toMatchObject({ arguments: shown.arguments, argumentsChars: shown.argumentsChars });

    const whole = await c.value('chat.toolCallArguments', { conversationId: conv.id, messageId: end.message.id, callId: shown.id });
    expect(whole).toEqual({ arguments: stored.arguments });
    // A call that is not there, or a forged message id, reads nothing.
    const gone = await c.call('chat.toolCallArguments', { conversationId: conv.id, messageId: end.message.id, callId: 'no-such-call' });
    expect(gone.error).toMatchObject({ code: 'not_found', param: 'callId' });
    const user = await c.call('chat.toolCallArguments', { conversationId: conv.id, messageId: view.messages[0].id, callId: shown.id });
    expect(user.error).toMatchObject({ code: 'not_found' });

    // Answered by hand: the model gets the call as it made it, whole, not the preview.
    const r = await c.call('chat.answerToolCall', { conversationId: conv.id, messageId: end.message.id, callId: shown.id, answer: { kind: 'result', text: 'Sunny' } });
    expect((await c.ended(r.value.started.streamId)).outcome).toBe('done');
    const sentCall = c.lastBody('/v1/responses').input.find((i: any) => i.type === 'function_call');
    expect(sentCall.arguments).toBe(stored.arguments);
    // The markdown export keeps the whole call too (it is the creator's file, written by the host).
    expect((await c.value('chat.exportMarkdown', { id: conv.id })).markdown.length).toBeGreaterThan(2_000_000);
  }, 60_000);

  it('a 1 MB result (the most an answer may hold): the page is sent its start, the whole reads on request and went to the model', async () => {
    const { c, conv, end } = await asked(0);
    const [call] = callsOf(end.message);
    const text = `${'Sunny, 21 °C. '.repeat(71_428)}end`.slice(0, 1_000_000);
    const r = await c.call('chat.answerToolCall', { conversationId: conv.id, messageId: end.message.id, callId: call.id, answer: { kind: 'result', text } });
    expect((await c.ended(r.value.started.streamId)).outcome).toBe('done');
    expect(c.lastBody('/v1/responses').input.find((i: any) => i.type === 'function_call_output').output).toBe(text);

    const view = await c.value('chat.get', { id: conv.id });
    expect(JSON.stringify(view).length).toBeLessThan(20_000);
    const shown = callsOf(view.messages[1])[0];
    expect(shown.answer).toEqual({ kind: 'result', text: text.slice(0, TOOL_ARGUMENT_PREVIEW_CHARS) });
    expect(shown.answerChars).toBe(text.length);
    expect(await c.value('chat.toolCallResult', { conversationId: conv.id, messageId: end.message.id, callId: call.id })).toEqual({ text });
    const gone = await c.call('chat.toolCallResult', { conversationId: conv.id, messageId: end.message.id, callId: 'no-such-call' });
    expect(gone.error).toMatchObject({ code: 'not_found', param: 'callId' });
  }, 60_000);

  it('a conversation file that already holds a 30 MB call (an older studio\'s, or crafted) opens with the preview', async () => {
    const ports = testPorts();
    const args = JSON.stringify({ city: 'q'.repeat(30_000_000) });
    const file = {
      version: 1, id: 'crafted-1', title: 'Crafted', titleSet: true, createdAt: 1, updatedAt: 2, settings: DEFAULT_CHAT_SETTINGS,
      messages: [
        { id: 'u1', role: 'user', createdAt: 1, text: 'get_weather?' },
        { id: 'a1', role: 'assistant', createdAt: 2, status: 'complete', choices: [{ text: '', toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: args }], finishReason: 'tool_calls' }] },
      ],
    };
    mkdirSync(join(ports.dataDir, 'conversations'), { recursive: true });
    writeFileSync(join(ports.dataDir, 'conversations', 'crafted-1.json'), JSON.stringify(file));
    const core = await createCore(ports);
    try {
      const r = (await core.dispatch('chat.get', { id: 'crafted-1' })) as any;
      expect(r.ok).toBe(true);
      expect(JSON.stringify(r.value).length).toBeLessThan(20_000);
      expect(callsOf(r.value.messages[1])[0]).toMatchObject({ argumentsChars: args.length });
    } finally {
      await core.close();
      ports.cleanup();
    }
  }, 60_000);

  it('an MCP call over the cap in a crafted or older conversation file is never run', async () => {
    const ports = testPorts();
    const demo = await demoHttp();
    const first = await createCore(ports);
    const server = ((await first.dispatch('mcp.add', { spec: { transport: 'http', name: 'Notes', url: demo.url } })) as any).value;
    await first.close();
    const args = JSON.stringify({ name: 'lighting', pad: 'q'.repeat(MAX_TOOL_ARGUMENT_CHARS) });
    const call = { id: 'call_1', name: 'Notes__read_note', arguments: args, mcp: { serverId: server.id, serverName: 'Notes', tool: 'read_note' } };
    const file = {
      version: 1, id: 'crafted-2', title: 'Crafted', titleSet: true, createdAt: 1, updatedAt: 2, settings: DEFAULT_CHAT_SETTINGS,
      messages: [
        { id: 'u1', role: 'user', createdAt: 1, text: 'read a note' },
        { id: 'a1', role: 'assistant', createdAt: 2, status: 'complete', choices: [{ text: '', toolCalls: [call], finishReason: 'tool_calls' }] },
      ],
    };
    mkdirSync(join(ports.dataDir, 'conversations'), { recursive: true });
    writeFileSync(join(ports.dataDir, 'conversations', 'crafted-2.json'), JSON.stringify(file));
    const core = await createCore(ports);
    try {
      expect(((await core.dispatch('mcp.connect', { id: server.id })) as any).value.state).toBe('connected');
      expect(((await core.dispatch('chat.get', { id: 'crafted-2' })) as any).ok).toBe(true);
      const r = (await core.dispatch('chat.runToolCall', { conversationId: 'crafted-2', messageId: 'a1', callId: 'call_1', always: false })) as any;
      expect(r.error).toMatchObject({ code: 'invalid_request', text: { code: 'chat.tools.argumentsTooLarge' } });
    } finally {
      await core.close();
      await closeDemos();
      ports.cleanup();
    }
  }, 60_000);
});
