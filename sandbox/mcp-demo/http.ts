/**
 * The demo server over Streamable HTTP, in the style of sandbox/test/mcp-server.ts: stateless, a
 * fresh SDK server and transport per request, on loopback, behind an optional bearer token.
 * Replies are SSE streams rather than single JSON bodies, because the per-request stream is the
 * only channel a stateless server has for progress notifications.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createDemoServer, type DemoServerOptions } from './demo-server.js';

export interface DemoHttpOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** When set, every request must carry `Authorization: Bearer <token>`. */
  token?: string;
  /** Defaults to 127.0.0.1: the demo is for this machine only. */
  host?: string;
  notesDir?: DemoServerOptions['notesDir'];
  log?: DemoServerOptions['log'];
}

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Hashing first gives equal-length buffers, so the comparison time says nothing about the token. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function refuse(res: ServerResponse, status: number, error: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify({ error }));
}

/** A Host header naming some other site means a DNS-rebinding page is talking to loopback. */
function hostAllowed(req: IncomingMessage, bindHost: string): boolean {
  if (!LOOPBACK_NAMES.has(bindHost)) return true;
  try {
    return LOOPBACK_NAMES.has(new URL(`http://${req.headers.host ?? ''}`).hostname);
  } catch {
    return false;
  }
}

export async function startDemoHttp(options: DemoHttpOptions = {}): Promise<{ url: string; close(): Promise<void> }> {
  const bindHost = options.host ?? '127.0.0.1';
  const { token } = options;
  const http = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== '/mcp') return refuse(res, 404, 'not_found');
    if (!hostAllowed(req, bindHost)) return refuse(res, 403, 'forbidden_host');
    if (token !== undefined && !sameSecret(req.headers.authorization ?? '', `Bearer ${token}`)) {
      return refuse(res, 401, 'invalid_token', { 'WWW-Authenticate': 'Bearer' });
    }
    // Stateless: no session to stream to on GET or to end on DELETE (the SDK client takes 405 as
    // "no standalone stream"); every exchange is one POST and its own reply stream.
    if (req.method !== 'POST') return refuse(res, 405, 'method_not_allowed', { Allow: 'POST' });
    const server = createDemoServer({ notesDir: options.notesDir, log: options.log });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: false });
    // Closing the server aborts its in-flight handlers, so a client that hangs up ends its `wait`.
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    server.connect(transport)
      .then(() => transport.handleRequest(req, res))
      .catch((err: unknown) => {
        options.log?.(`request failed: ${err instanceof Error ? err.message : String(err)}`);
        if (!res.headersSent) refuse(res, 500, 'internal_error');
        else res.end();
      });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, bindHost, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const { port } = http.address() as AddressInfo;
  const urlHost = bindHost.includes(':') && !bindHost.startsWith('[') ? `[${bindHost}]` : bindHost;
  return {
    url: `http://${urlHost}:${port}/mcp`,
    close: () => new Promise<void>((resolve) => {
      http.closeAllConnections();
      http.close(() => resolve());
    }),
  };
}
