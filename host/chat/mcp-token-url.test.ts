/**
 * A conversation's remote MCP token is bound to the URL it was entered for (docs/mcp.md, "Remote
 * MCP in a conversation"): a settings change that points the URL elsewhere, forged by a script in
 * the page, must not carry the token there. The gateway (the sandbox) really connects to the
 * URL it is given, so the other address is a real listener recording every header.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { listen, type Listener } from '../test/listener.js';
import { openChat } from './test/chat-harness.js';

const listeners: Listener[] = [];
afterEach(async () => {
  await Promise.all(listeners.splice(0).map((l) => l.close()));
});

async function recording(): Promise<Listener> {
  const l = await listen((_req, res) => {
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('nothing here');
  });
  listeners.push(l);
  return l;
}

const TOKEN = 'conv-mcp-token-4242';
const toolsAt = (url: string) => ({ webSearch: false, fileSearch: false, functions: [], mcp: { enabled: true, url }, mcpServers: [] });

describe("a conversation's remote MCP token", () => {
  it('does not follow a forged URL change to another local listener', async () => {
    const c = await openChat();
    const own = await recording();
    const other = await recording();
    const conv = await c.create({ api: 'responses', tools: toolsAt(`${own.url}/mcp`) });
    expect(await c.value('chat.setMcpToken', { conversationId: conv.id, token: TOKEN })).toEqual({ tokenTail: '4242' });

    // A script in the page moves the URL to another port: the token stays behind.
    const moved = await c.value('chat.update', { id: conv.id, settings: { tools: toolsAt(`${other.url}/mcp`) } });
    await c.ask(conv.id, 'Use the remote mcp tool please.');
    expect(other.heard.length).toBeGreaterThan(0);
    expect(JSON.stringify(other.heard)).not.toContain(TOKEN);
    expect(moved.mcpTokenTail).toBeUndefined();
    expect(JSON.stringify(c.lastBody('/v1/responses').tools)).not.toContain(TOKEN);
    expect(c.ports.secrets.get(`mcp:${conv.id}`)).toBeUndefined();
  });

  it('is dropped by a change of scheme, host or path too, and kept when the URL stays the same', async () => {
    const c = await openChat();
    const own = await recording();
    const conv = await c.create({ api: 'responses', tools: toolsAt(`${own.url}/mcp`) });
    const changes = [`${own.url}/elsewhere`, `${own.url.replace('http:', 'https:')}/mcp`, `http://localhost:${own.port}/mcp`];
    for (const url of changes) {
      await c.value('chat.update', { id: conv.id, settings: { tools: toolsAt(`${own.url}/mcp`) } });
      await c.value('chat.setMcpToken', { conversationId: conv.id, token: TOKEN });
      expect((await c.value('chat.update', { id: conv.id, settings: { tools: toolsAt(url) } })).mcpTokenTail, url).toBeUndefined();
    }

    // The same address written the same way, other settings changed, the tool turned off: kept.
    await c.value('chat.update', { id: conv.id, settings: { tools: toolsAt(`${own.url}/mcp`) } });
    await c.value('chat.setMcpToken', { conversationId: conv.id, token: TOKEN });
    expect((await c.value('chat.update', { id: conv.id, settings: { temperature: 0.4 } })).mcpTokenTail).toBe('4242');
    expect((await c.value('chat.update', { id: conv.id, settings: { tools: { ...toolsAt(''), mcp: { enabled: false, url: ` ${own.url}/mcp ` } } } })).mcpTokenTail).toBe('4242');
    const back = await c.value('chat.update', { id: conv.id, settings: { tools: toolsAt(`${own.url}/mcp`) } });
    expect(back.mcpTokenTail).toBe('4242');
    await c.ask(conv.id, 'Use the remote mcp tool please.');
    expect(own.heard.some((h) => h.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });

  it('entered before any URL, goes with the first URL the creator gives, and not with a later one', async () => {
    const c = await openChat();
    const own = await recording();
    const conv = await c.create({ api: 'responses', tools: toolsAt('') });
    await c.value('chat.setMcpToken', { conversationId: conv.id, token: TOKEN });
    expect((await c.value('chat.update', { id: conv.id, settings: { tools: toolsAt(`${own.url}/mcp`) } })).mcpTokenTail).toBe('4242');
    expect((await c.value('chat.update', { id: conv.id, settings: { tools: toolsAt(`${own.url}/other`) } })).mcpTokenTail).toBeUndefined();
  });
});
