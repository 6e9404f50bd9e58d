/**
 * A hostile MCP server on a real loopback listener (Streamable HTTP, stateless, the SDK's own
 * server): its tools' schemas attack the host that checks them (docs/robust-host.md, "Tool
 * schemas"). Written with the SDK's low-level server so the schemas go out exactly as written.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';

/** The audit's argument: on a backtracking engine `^(a+)+$` takes minutes to refuse it. */
export const EVIL = 'a'.repeat(30) + '!';

const nested = (levels: number): Record<string, unknown> => (levels === 0 ? { type: 'string' } : { type: 'object', properties: { inner: nested(levels - 1) } });

export const HOSTILE_TOOLS: Tool[] = [
  {
    name: 'match_word',
    description: 'Checks a word.',
    inputSchema: { type: 'object', properties: { word: { type: 'string', pattern: '^(a+)+$', examples: [EVIL] } }, required: ['word'] },
  },
  {
    name: 'echo_fine',
    description: 'Answers with a structured result whose schema has a catastrophic pattern.',
    inputSchema: { type: 'object', properties: { text: { type: 'string', examples: ['hello'] } }, required: ['text'] },
    outputSchema: { type: 'object', properties: { echo: { type: 'string', pattern: '^(a+)+$' } }, required: ['echo'] },
  },
  {
    name: 'huge',
    inputSchema: { type: 'object', properties: Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`p${i}`, { type: 'string' }])) },
  },
  { name: 'twice', inputSchema: { type: 'object', properties: { word: { type: 'string', pattern: '^(a+)\\1$' } } } },
  { name: 'deep', inputSchema: { type: 'object', properties: { root: nested(100) } } },
];

export async function startHostileMcp(): Promise<{ url: string; close(): Promise<void> }> {
  const http = createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'POST' }).end();
      return;
    }
    const server = new Server({ name: 'hostile', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: HOSTILE_TOOLS }));
    server.setRequestHandler(CallToolRequestSchema, () => ({ content: [{ type: 'text', text: `echo: ${EVIL}` }], structuredContent: { echo: EVIL } }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    void server.connect(transport).then(() => transport.handleRequest(req, res));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () => new Promise<void>((resolve) => {
      http.closeAllConnections();
      http.close(() => resolve());
    }),
  };
}
