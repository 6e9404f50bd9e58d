/**
 * An MCP server whose tool schemas attack the host (docs/robust-host.md, "Tool schemas"), end to
 * end: a hostile server on a real loopback listener, the real core, the real sandbox as the
 * model. A catastrophic pattern in a tool's input or output schema costs what any pattern costs;
 * a schema too large, too deep, or with a pattern the linear-time engine cannot take is listed as
 * not offered, with the reason, and never reaches the model. On a backtracking engine on the
 * host's loop, the 30-character argument took about 200 s: these tests' time limit fails that
 * long before.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { englishText } from '@shared/messages/index.js';
import { openChat } from '../chat/test/chat-harness.js';
import { EVIL, startHostileMcp } from './test/hostile-schemas.js';

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const NO_TOOLS = { webSearch: false, fileSearch: false, functions: [], mcp: { enabled: false, url: '' } };
const callsOf = (m: any) => m.choices[m.selected ?? 0].toolCalls as any[];

async function withHostile() {
  const hostile = await startHostileMcp();
  servers.push(hostile);
  const c = await openChat({ mcpLimits: { callMs: 20_000 } });
  const server = await c.value('mcp.add', { spec: { transport: 'http', name: 'Hostile', url: hostile.url } });
  // A URL server connects once confirmed outside the page (docs/mcp.md, "Adding a URL server").
  await c.value('mcp.connect', { id: server.id });
  await c.until(async () => (await c.value('mcp.list', {})).find((s: any) => s.id === server.id)?.state === 'connected');
  const view = (await c.value('mcp.list', {})).find((s: any) => s.id === server.id);
  const conv = await c.create({ api: 'responses', tools: { ...NO_TOOLS, mcpServers: [server.id] } });
  return { c, conv, view };
}

describe('an MCP server whose tool schemas attack the host', () => {
  it('lists the tools it cannot check safely as not offered, with the reason, and offers the rest', { timeout: 60_000 }, async () => {
    const { c, conv, view } = await withHostile();
    const reasons = Object.fromEntries(view.tools.map((t: any) => [t.name, t.unusable ? englishText(t.unusable) : undefined]));
    expect(reasons).toEqual({
      match_word: undefined,
      echo_fine: undefined,
      huge: 'the schema has more than 5000 parts (properties, subschemas and values).',
      twice: expect.stringMatching(/^the pattern "\^\(a\+\)\\\\1\$" cannot be checked by the studio's linear-time engine/),
      deep: 'the schema is nested more than 32 levels deep.',
    });
    // An oversized schema never crosses to the page.
    expect(view.tools.find((t: any) => t.name === 'huge').inputSchema).toEqual({});

    await c.ask(conv.id, 'Hello there.');
    expect(c.lastBody('/v1/responses').tools.map((t: any) => t.function.name)).toEqual(['Hostile__match_word', 'Hostile__echo_fine']);
  });

  it('checks a call against a catastrophic pattern at once, and the studio answers meanwhile', { timeout: 60_000 }, async () => {
    const { c, conv } = await withHostile();
    const started = await c.send(conv.id, 'Please match this word.');
    expect((await c.call('mcp.list', {})).ok).toBe(true);
    const end = await c.ended(started.streamId);
    const [call] = callsOf(end.message);
    expect(call).toMatchObject({ name: 'Hostile__match_word', arguments: JSON.stringify({ word: EVIL }) });
    expect(call.problems.map(englishText)).toEqual(['/word: must match pattern "^(a+)+$"']);
  });

  it('runs a tool whose output schema has a catastrophic pattern without running that pattern', { timeout: 60_000 }, async () => {
    const { c, conv } = await withHostile();
    const { end } = await c.ask(conv.id, 'Echo this, fine?');
    const [call] = callsOf(end.message);
    expect(call).toMatchObject({ name: 'Hostile__echo_fine' });
    expect(call.problems).toBeUndefined();
    const r = await c.call('chat.runToolCall', { conversationId: conv.id, messageId: end.message.id, callId: call.id, always: false });
    expect(r.ok).toBe(true);
    expect(r.value.answer).toMatchObject({ kind: 'result', text: `echo: ${EVIL}` });
  });
});
