/**
 * The tools the gateway runs itself (spec 4.4 "Tool shapes"): `web_search` and `remote_mcp`.
 * The sandbox answers as if it had used them (sandbox/README.md, "Tool use"): a web search cites
 * made-up sources on example.com (a reserved domain); a remote MCP server on a loopback address
 * is really called over Streamable HTTP with the official MCP client, and any other address is
 * never contacted, because the offline sandbox must not reach the network.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { namedAt, type RemoteMcpTool } from './tool-plan.js';
import { sampleValue } from './schema-sample.js';

/** Real milliseconds one MCP request may take: a hung local server fails the call, not the reply. */
const MCP_TIMEOUT_MS = 15_000;
const RESULT_CHARS = 2000;

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

function hash(s: string): string {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** Three cited sources for the query, the same for the same query. */
export function webSearchLines(query: string): string[] {
  const q = clip(oneLine(query), 80);
  const slug = q.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 48) || hash(q);
  const label = q.replace(/[[\]]/g, '');
  return [
    `Searched the web (web_search) for "${q}". Sources:`,
    ...[1, 2, 3].map((i) => `- [Result ${i}: ${label}](https://example.com/sandbox-search/${slug}/${i})`),
  ];
}

export function isLoopback(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

function contentText(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content.map((part: { type?: string; text?: unknown }) => (part?.type === 'text' && typeof part.text === 'string' ? part.text : `[${part?.type ?? 'part'}]`)).join('\n');
}

/**
 * Uses one remote MCP server: `tools/list`, then `tools/call` of the tool the prompt names (or
 * the first one), with arguments from its input schema and the given token as a bearer token.
 * Every outcome is a line of the reply, failures included, so the creator sees what happened.
 */
export async function useRemoteMcp(tool: RemoteMcpTool, prompt: string): Promise<string[]> {
  const url = new URL(tool.remote_mcp.url);
  const where = `remote MCP server at ${url.host}`;
  if (!isLoopback(url)) {
    return [`The ${where} was not contacted: the sandbox calls loopback MCP servers only (127.0.0.1, localhost, [::1]) and never reaches the network.`];
  }
  const token = tool.remote_mcp.auth_token;
  const client = new Client({ name: 'gateway-sandbox', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(url, { requestInit: { headers: token ? { Authorization: `Bearer ${token}` } : {} } });
  try {
    await client.connect(transport, { timeout: MCP_TIMEOUT_MS });
    const { tools } = await client.listTools(undefined, { timeout: MCP_TIMEOUT_MS });
    if (!tools.length) return [`The ${where} offers no tools: nothing was called.`];
    const chosen = tools
      .map((t) => ({ t, at: namedAt(prompt, t.name) }))
      .filter((c) => c.at >= 0)
      .sort((a, b) => a.at - b.at)[0]?.t ?? tools[0];
    const args = sampleValue(chosen.inputSchema) as Record<string, unknown>;
    const result = await client.callTool({ name: chosen.name, arguments: args }, undefined, { timeout: MCP_TIMEOUT_MS });
    const text = clip(contentText(result.content), RESULT_CHARS);
    if (result.isError) return [`The call failed: the MCP tool \`${chosen.name}\` on the ${where} reported an error: ${text}`];
    return [`The MCP tool \`${chosen.name}\` on the ${where} (remote_mcp) returned: ${text}`];
  } catch (err) {
    // The SDK's HTTP errors carry the status as `code`: a refused token should read as one.
    const status = (err as { code?: unknown }).code;
    const why = status === 401 || status === 403 ? `HTTP ${status}, the server refused the auth_token: ` : typeof status === 'number' && status >= 400 ? `HTTP ${status}: ` : '';
    return [`The call failed: the ${where} could not be used (${why}${oneLine((err as Error).message)}).`];
  } finally {
    await client.close().catch(() => undefined);
  }
}
