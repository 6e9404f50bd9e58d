/**
 * A tiny MCP server for the remote_mcp tests: the official SDK's server over Streamable HTTP
 * (stateless, one server per request) on 127.0.0.1, behind a bearer-token check. It records
 * what it was asked, so a test can see the sandbox really called it, and with which arguments.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export interface TinyMcp {
  url: string;
  /** Requests that reached the server, refused ones included. */
  requests: { authorization?: string }[];
  /** Tool calls it answered, in order. */
  calls: { name: string; args: Record<string, unknown> }[];
  close(): Promise<void>;
}

function mcpServer(calls: TinyMcp['calls']): McpServer {
  const server = new McpServer({ name: 'tiny-test-mcp', version: '1.0.0' });
  server.registerTool('lookup_order', {
    description: 'Looks an order up by its number',
    inputSchema: { order: z.number().int().min(1000), region: z.enum(['eu', 'us']) },
  }, (args) => {
    calls.push({ name: 'lookup_order', args });
    return { content: [{ type: 'text', text: `Order ${args.order} (${args.region}) shipped on 2025-01-02` }] };
  });
  server.registerTool('echo', {
    description: 'Repeats its text',
    inputSchema: { text: z.string() },
  }, (args) => {
    calls.push({ name: 'echo', args });
    return { content: [{ type: 'text', text: `echo: ${args.text}` }] };
  });
  return server;
}

export async function startTinyMcp(token: string): Promise<TinyMcp> {
  const requests: TinyMcp['requests'] = [];
  const calls: TinyMcp['calls'] = [];
  const http: Server = createServer((req, res) => {
    requests.push({ authorization: req.headers.authorization });
    if (req.headers.authorization !== `Bearer ${token}`) {
      res.writeHead(401, { 'Content-Type': 'application/json', 'WWW-Authenticate': 'Bearer' });
      res.end(JSON.stringify({ error: 'invalid_token', error_description: 'Wrong bearer token' }));
      return;
    }
    const server = mcpServer(calls);
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
    requests,
    calls,
    close: () => new Promise<void>((resolve) => {
      http.closeAllConnections();
      http.close(() => resolve());
    }),
  };
}
