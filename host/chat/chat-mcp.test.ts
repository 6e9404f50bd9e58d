/**
 * A conversation that offers an MCP server's tools, end to end: the real core and sandbox, the
 * demo MCP server as a real process (docs/mcp.md). The model's call is run only after approval,
 * its result goes back to the model, a running call can be stopped, and "Always allow" lets the
 * host run the tool's next calls by itself.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { closeDemos, demoHttp, demoStdio } from '../mcp/test/demo.js';
import { openChat } from './test/chat-harness.js';

afterEach(closeDemos);

type Chat = Awaited<ReturnType<typeof openChat>>;
const callsOf = (m: any) => m.choices[m.selected ?? 0].toolCalls as any[];
const NO_TOOLS = { webSearch: false, fileSearch: false, functions: [], mcp: { enabled: false, url: '' } };

async function withDemo(shape: 'chat' | 'responses' = 'chat', stream = true) {
  const c = await openChat({ mcpLimits: { callMs: 20_000 } });
  if (shape === 'responses') await c.admin('tools/shape', { shape: 'responses' });
  const server = await c.value('mcp.add', { spec: demoStdio('Notes') });
  expect((await c.value('mcp.connect', { id: server.id })).state).toBe('connected');
  const conv = await c.create({ api: 'responses', stream, tools: { ...NO_TOOLS, mcpServers: [server.id] } });
  return { c, conv, server };
}

const run = (c: Chat, conversationId: string, messageId: string, callId: string, always = false) =>
  c.call('chat.runToolCall', { conversationId, messageId, callId, always });

describe.each([['chat', true], ['responses', false]] as const)('an MCP tool the model calls (%s shape, streamed: %s)', (shape, stream) => {
  it('is offered as a function, waits for approval, runs, and its result continues the reply', async () => {
    const { c, conv, server } = await withDemo(shape, stream);
    const { end } = await c.ask(conv.id, 'Please read my lighting notes with Notes__read_note.');
    const offered = c.lastBody('/v1/responses').tools.map((t: any) => t.function.name);
    expect(offered).toEqual(['Notes__list_notes', 'Notes__read_note', 'Notes__search_notes', 'Notes__count_words', 'Notes__wait', 'Notes__repeat']);
    const [call] = callsOf(end.message);
    expect(call).toMatchObject({ name: 'Notes__read_note', arguments: '{"name":"lighting"}', mcp: { serverId: server.id, serverName: 'Notes', tool: 'read_note' } });
    expect(call.problems).toBeUndefined();
    expect(call.answer).toBeUndefined();

    const r = await run(c, conv.id, end.message.id, call.id);
    expect(r.ok).toBe(true);
    expect(r.value.answer).toMatchObject({ kind: 'result', text: expect.stringContaining('Key light') });
    const next = await c.ended(r.value.started.streamId);
    expect(next).toMatchObject({ outcome: 'done', message: { status: 'complete' } });
    expect(next.message.choices[0].text).toContain('The tool Notes__read_note returned:');
    const sentBack = c.lastBody('/v1/responses').input.find((i: any) => i.type === 'function_call_output');
    expect(sentBack).toEqual({ type: 'function_call_output', call_id: call.id, output: r.value.answer.text });

    // Kept: a reload shows the answer, and the tool was asked once, with approval.
    const saved = await c.value('chat.get', { id: conv.id });
    expect(callsOf(saved.messages[1])[0]).toMatchObject({ answer: { kind: 'result' }, answeredAt: expect.any(Number) });
    const ends = c.events.filter((e) => e.event === 'chat.onToolRun' && e.payload.state === 'ended');
    expect(ends).toHaveLength(1);
    expect(ends[0].payload.answer).toEqual(r.value.answer);
  });
});

describe('a running MCP call', () => {
  it('stops when the creator presses Stop; the reason is kept, and the call can still be answered by hand', async () => {
    const { c, conv } = await withDemo();
    const { end } = await c.ask(conv.id, 'Use Notes__wait for a while.');
    const [call] = callsOf(end.message);
    expect(JSON.parse(call.arguments)).toEqual({ seconds: 30 });
    const running = run(c, conv.id, end.message.id, call.id);
    await c.until(async () => c.events.some((e) => e.event === 'chat.onToolRun' && e.payload.state === 'running'));
    // While it runs, the conversation takes no new message.
    expect((await c.call('chat.send', { conversationId: conv.id, text: 'hello?' })).error).toMatchObject({ code: 'conflict' });
    expect((await c.call('chat.answerToolCall', { conversationId: conv.id, messageId: end.message.id, callId: call.id, answer: { kind: 'declined' } })).error)
      .toMatchObject({ code: 'conflict', text: { code: 'mcp.call.running' } });
    expect((await c.call('chat.stopTools', { conversationId: conv.id })).ok).toBe(true);
    expect((await running).error).toMatchObject({ code: 'aborted', text: { code: 'mcp.call.stopped' } });

    const saved = callsOf((await c.value('chat.get', { id: conv.id })).messages[1])[0];
    expect(saved).toMatchObject({ runError: { code: 'aborted' } });
    expect(saved.answer).toBeUndefined();
    const by = await c.call('chat.answerToolCall', { conversationId: conv.id, messageId: end.message.id, callId: call.id, answer: { kind: 'result', text: 'waited enough' } });
    expect((await c.ended(by.value.started.streamId)).message.status).toBe('complete');
    expect(callsOf((await c.value('chat.get', { id: conv.id })).messages[1])[0].runError).toBeUndefined();
  });

  it('of a server that went away fails with a reason, not a hang', async () => {
    const c = await openChat();
    const demo = await demoHttp();
    const server = await c.value('mcp.add', { spec: { transport: 'http', name: 'Remote', url: demo.url } });
    await c.value('mcp.connect', { id: server.id });
    const conv = await c.create({ api: 'responses', tools: { ...NO_TOOLS, mcpServers: [server.id] } });
    const { end } = await c.ask(conv.id, 'Call Remote__list_notes please.');
    await c.value('mcp.disable', { id: server.id });
    const r = await run(c, conv.id, end.message.id, callsOf(end.message)[0].id);
    expect(r.error).toMatchObject({ code: 'unreachable', text: { code: 'mcp.call.notConnected', params: { name: 'Remote' } } });
  });

  it('cannot be run when it is not a call to an MCP tool', async () => {
    const { c, conv } = await withDemo();
    await c.value('chat.update', { id: conv.id, settings: { tools: { ...NO_TOOLS, functions: [{ name: 'by_hand', description: '', parameters: { type: 'object', properties: {} } }], mcpServers: [] } } });
    const { end } = await c.ask(conv.id, 'Call by_hand.');
    const r = await run(c, conv.id, end.message.id, callsOf(end.message)[0].id);
    expect(r.error).toMatchObject({ code: 'invalid_request', text: { code: 'mcp.call.notMcp' } });
  });
});

describe('Always allow', () => {
  it('runs the tool’s later calls in the host, and the reply goes on by itself', async () => {
    const { c, conv, server } = await withDemo();
    const first = await c.ask(conv.id, 'Run Notes__list_notes.');
    const r = await run(c, conv.id, first.end.message.id, callsOf(first.end.message)[0].id, true);
    expect(r.ok).toBe(true);
    await c.ended(r.value.started.streamId);
    expect((await c.value('mcp.list'))[0].alwaysAllowed).toEqual(['list_notes']);

    const second = await c.ask(conv.id, 'Once more: Notes__list_notes.');
    await c.until(async () => c.events.some((e) => e.event === 'chat.onDidStart'));
    const started = c.events.find((e) => e.event === 'chat.onDidStart')!.payload;
    const done = await c.ended(started.streamId);
    expect(done.message.status).toBe('complete');
    const saved = (await c.value('chat.get', { id: conv.id })).messages;
    expect(callsOf(saved.find((m: any) => m.id === second.end.message.id))[0].answer).toMatchObject({ kind: 'result', text: expect.stringContaining('lighting') });

    // Taken back: the next call waits for the creator again.
    await c.value('mcp.setAlwaysAllow', { id: server.id, tool: 'list_notes', allowed: false });
    const third = await c.ask(conv.id, 'And again: Notes__list_notes.');
    await new Promise((resolve) => setImmediate(resolve));
    expect(c.events.filter((e) => e.event === 'chat.onDidStart')).toHaveLength(1);
    expect(callsOf((await c.value('chat.get', { id: conv.id })).messages.find((m: any) => m.id === third.end.message.id))[0].answer).toBeUndefined();
  });
});
