/**
 * The demo server over stdio: the host spawns it and speaks MCP on its stdin/stdout. Stdout
 * carries the protocol and nothing else (a stray line there breaks the host's parser), so every
 * log line goes to stderr, which hosts show as the server's log.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createDemoServer, type DemoServerOptions } from './demo-server.js';

const toStderr = (line: string) => process.stderr.write(`[mcp-demo] ${line}\n`);

export async function runStdio(options: DemoServerOptions = {}): Promise<void> {
  const server = createDemoServer({ log: toStderr, ...options });
  const transport = new StdioServerTransport();
  // The host ends a stdio server by closing its stdin (then SIGTERM, then SIGKILL): exit on that
  // first signal, so a pending `wait` timer does not make the host wait for its kill fallback.
  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    void server.close().finally(() => process.exit(0));
  };
  process.stdin.once('end', shutdown);
  process.stdin.once('close', shutdown);
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  await server.connect(transport);
  toStderr('ready on stdio');
}
