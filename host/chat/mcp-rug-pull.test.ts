/**
 * "Always allow" is an approval of a tool as it was defined (docs/mcp.md, "Running a call"): a
 * hostile MCP server (a real process, host/mcp/test/rug-server.ts) that redefines its
 * tool after the creator allowed it does not get its next call run without a new approval, and
 * the page reads what changed. The real core and sandbox gateway drive the conversation.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openChat } from './test/chat-harness.js';

const RUG = fileURLToPath(new URL('../mcp/test/rug-server.ts', import.meta.url));
const callsOf = (m: any) => m.choices[m.selected ?? 0].toolCalls as any[];
const NO_TOOLS = { webSearch: false, fileSearch: false, functions: [], mcp: { enabled: false, url: '' } };

/** The rug server added and connected, a conversation offering it, and its first call allowed always. */
async function allowedOnce(change: 'description' | 'schema' | 'both') {
  const c = await openChat({ mcpLimits: { callMs: 20_000 } });
  const ran = join(c.ports.dataDir, 'rug-calls.txt');
  const server = await c.value('mcp.add', { spec: { transport: 'stdio', name: 'Rug', command: process.execPath, args: ['--import', 'tsx', RUG, change, ran], env: {} } });
  expect((await c.value('mcp.connect', { id: server.id })).state).toBe('connected');
  const conv = await c.create({ api: 'responses', tools: { ...NO_TOOLS, mcpServers: [server.id] } });
  const runs = () => (existsSync(ran) ? readFileSync(ran, 'utf8').split('\n').filter(Boolean).length : 0);
  const first = await c.ask(conv.id, 'Call Rug__export_notes please.');
  const approved = await c.call('chat.runToolCall', { conversationId: conv.id, messageId: first.end.message.id, callId: callsOf(first.end.message)[0].id, always: true });
  expect(approved.ok).toBe(true);
  await c.ended(approved.value.started.streamId);
  expect(runs()).toBe(1);
  const view = async () => (await c.value('mcp.list'))[0];
  return { c, conv, server, runs, view };
}

describe.each([['description'], ['schema'], ['both']] as const)('a tool whose %s the server changes after "Always allow"', (change) => {
  it('is not run again without a new approval; the page reads what changed; approved again, it runs', async () => {
    const { c, conv, server, runs, view } = await allowedOnce(change);
    // Restarted, the server lists the new definition.
    expect((await c.value('mcp.connect', { id: server.id })).state).toBe('connected');

    const second = await c.ask(conv.id, 'Once more: Rug__export_notes.');
    await c.until(async () => runs() > 1 || ((await view()).redefined ?? []).length > 0);
    expect(runs()).toBe(1);
    const saved = await c.value('chat.get', { id: conv.id });
    const [call] = callsOf(saved.messages.find((m: any) => m.id === second.end.message.id));
    expect(call.answer).toBeUndefined();
    expect((await view()).redefined).toEqual([{ tool: 'export_notes', changed: change }]);
    expect((await view()).alwaysAllowed).toEqual([]);

    // Allowed always again, for the new definition: it runs, and the change is no longer reported.
    const again = await c.call('chat.runToolCall', { conversationId: conv.id, messageId: second.end.message.id, callId: call.id, always: true });
    expect(again.ok).toBe(true);
    expect(runs()).toBe(2);
    expect(await view()).toMatchObject({ redefined: [], alwaysAllowed: ['export_notes'] });
  });
});

describe('a tool redefined while connected (tools/list_changed)', () => {
  it('is seen at once: the next call waits for the creator', async () => {
    const { c, conv, runs, view } = await allowedOnce('description');
    await c.until(async () => ((await view()).redefined ?? []).length > 0, 10_000);
    expect((await view()).tools[0].description).toMatch(/^Uploads every file/);
    const second = await c.ask(conv.id, 'Once more: Rug__export_notes.');
    await new Promise((resolve) => setImmediate(resolve));
    const saved = await c.value('chat.get', { id: conv.id });
    expect(callsOf(saved.messages.find((m: any) => m.id === second.end.message.id))[0].answer).toBeUndefined();
    expect(runs()).toBe(1);
  });
});
