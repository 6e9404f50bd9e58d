import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, useSandbox } from './harness.js';
import { startTinyMcp, type TinyMcp } from './mcp-server.js';

const sandbox = useSandbox();
const url = () => sandbox().url;
const TOKEN = 'mcp-test-token';

let mcp: TinyMcp;
beforeAll(async () => { mcp = await startTinyMcp(TOKEN); });
afterAll(() => mcp?.close());

const answer = async (input: string, tools: unknown[]) => {
  const res = await call(url(), '/v1/responses', { body: { model: 'modela-5', input, tools } });
  expect(res.status).toBe(200);
  return (await res.json()).data;
};
const text = async (input: string, tools: unknown[]) => (await answer(input, tools)).choices[0].message.content as string;
const remote = (mcpUrl: string, token = TOKEN) => ({ type: 'remote_mcp', remote_mcp: { url: mcpUrl, auth_token: token } });

describe('web_search (spec 4.4 tool shapes)', () => {
  it('answers citing its sources as markdown links on example.com, the same for the same question', async () => {
    const first = await text('Search the web: tallest tree on Earth', [{ type: 'web_search' }]);
    const links = [...first.matchAll(/\[([^\]]+)\]\((https:\/\/example\.com\/[^)]+)\)/g)].map((m) => m[2]);
    expect(links).toHaveLength(3);
    expect(new Set(links).size).toBe(3);
    expect(first).toContain('Searched the web (web_search) for "Search the web: tallest tree on Earth"');
    expect(await text('Search the web: tallest tree on Earth', [{ type: 'web_search' }])).toBe(first);
  });

  it('is not used when the last user turn does not ask for a search', async () => {
    expect(await text('Hello there', [{ type: 'web_search' }])).not.toContain('example.com');
  });

  it('bills what the search found as prompt tokens', async () => {
    const used = await answer('Use web_search for cats', [{ type: 'web_search' }]);
    const unused = await answer('Tell me about cats!!', [{ type: 'web_search' }]);
    expect(used.usage.prompt_tokens).toBeGreaterThan(unused.usage.prompt_tokens + 20);
  });
});

describe('remote_mcp', () => {
  it('calls a loopback MCP server for real (tools/list, then tools/call of the named tool) with the bearer token', async () => {
    const before = mcp.calls.length;
    const reply = await text('Ask the MCP server: echo something back', [remote(mcp.url)]);
    expect(mcp.calls.slice(before)).toEqual([{ name: 'echo', args: { text: 'sandbox-text' } }]);
    expect(reply).toContain('The MCP tool `echo` on the remote MCP server at 127.0.0.1');
    expect(reply).toContain('returned: echo: sandbox-text');
    expect(mcp.requests.at(-1)?.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('calls the first listed tool when the prompt names none, with arguments valid against its schema', async () => {
    const before = mcp.calls.length;
    const reply = await text('Use remote_mcp to find my parcel', [remote(mcp.url)]);
    expect(mcp.calls.slice(before)).toEqual([{ name: 'lookup_order', args: { order: 1000, region: 'eu' } }]);
    expect(reply).toContain('returned: Order 1000 (eu) shipped on 2025-01-02');
  });

  it('says clearly that the call failed when the server refuses the token', async () => {
    const before = { calls: mcp.calls.length, requests: mcp.requests.length };
    const reply = await text('Use mcp please', [remote(mcp.url, 'wrong-token')]);
    expect(reply).toMatch(/The call failed: the remote MCP server at 127\.0\.0\.1:\d+ could not be used \(HTTP 401, the server refused the auth_token/);
    expect(mcp.requests.length).toBeGreaterThan(before.requests);
    expect(mcp.requests.at(-1)?.authorization).toBe('Bearer wrong-token');
    expect(mcp.calls.length).toBe(before.calls);
  });

  it('never contacts a server that is not on a loopback address', async () => {
    const fetches = vi.spyOn(globalThis, 'fetch');
    try {
      const reply = await text('Use mcp to look it up', [remote('https://mcp.example.org/mcp')]);
      expect(reply).toContain('The remote MCP server at mcp.example.org was not contacted');
      expect(fetches.mock.calls.map(([target]) => String(target instanceof Request ? target.url : target)).filter((u) => !u.startsWith(url()))).toEqual([]);
    } finally {
      fetches.mockRestore();
    }
  });

  it('is not used when the last user turn does not mention it', async () => {
    const before = mcp.requests.length;
    expect(await text('Hello there', [remote(mcp.url)])).not.toContain('MCP tool');
    expect(mcp.requests.length).toBe(before);
  });
});

describe('file_search: the account\'s own files, never the web', () => {
  const FILES = [{ type: 'file_search' }];
  const BOTH = [{ type: 'web_search' }, { type: 'file_search' }];

  it('finds the file whose words the prompt uses, quotes its line and cites it by name and id', async () => {
    const reply = await text('Search my files: at what angle does the key light go?', FILES);
    expect(reply).toContain('Searched the files on this gateway account (file_search)');
    expect(reply).toMatch(/- lighting-setup\.md \(file-sandbox-lighting-setup\): ".*[Kk]ey light.*45.*"/);
    expect(reply).not.toContain('example.com');
    expect(await text('Search my files: at what angle does the key light go?', FILES)).toBe(reply);
  });

  it('with web search on too, a search of the files stays in the files', async () => {
    const reply = await text('Search my files for the brand colours', BOTH);
    expect(reply).toMatch(/- brand-guide\.md \(file-sandbox-brand-guide\): ".*colour.*"/i);
    expect(reply).not.toContain('Searched the web');
    expect(reply).not.toContain('example.com');
  });

  it('a search that names no files still goes to the web when web search is on, and not to the files', async () => {
    const reply = await text('Search for the tallest tree on Earth', BOTH);
    expect(reply).toContain('Searched the web (web_search)');
    expect(reply).not.toContain('file_search)');
  });

  it('says when no file matches, and which files the account holds', async () => {
    const reply = await text('Search my documents for submarines', FILES);
    expect(reply).toContain('no file matched');
    for (const name of ['brand-guide.md', 'lighting-setup.md', 'shot-list.md', 'client-brief.md']) expect(reply).toContain(name);
  });

  it('is not used when the last user turn does not ask for files', async () => {
    expect(await text('Tell me about the key light', FILES)).not.toContain('file_search)');
  });

  it('bills what the search found as prompt tokens', async () => {
    const used = await answer('Search my files for the key light', FILES);
    const unused = await answer('Tell me about the key light!!', FILES);
    expect(used.usage.prompt_tokens).toBeGreaterThan(unused.usage.prompt_tokens + 20);
  });
});
