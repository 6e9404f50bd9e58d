/** The demo MCP server (sandbox/mcp-demo) as the tests add it: a real process, a real HTTP server. */
import { fileURLToPath } from 'node:url';
import { startDemoHttp } from '@sandbox/mcp-demo/http.js';

const CLI = fileURLToPath(new URL('../../../sandbox/mcp-demo/cli.ts', import.meta.url));

/** The demo over stdio, started the way a creator would add it (node, the tsx loader, the script). */
export const demoStdio = (name = 'Demo notes', env: Record<string, string> = {}) =>
  ({ transport: 'stdio' as const, name, command: process.execPath, args: ['--import', 'tsx', CLI], env });

const servers: { close(): Promise<void> }[] = [];

/** The demo over Streamable HTTP on loopback; closed by `closeDemos`. */
export async function demoHttp(token?: string) {
  const s = await startDemoHttp({ port: 0, ...(token ? { token } : {}), log: () => undefined });
  servers.push(s);
  return s;
}

export async function closeDemos(): Promise<void> {
  await Promise.all(servers.splice(0).map((s) => s.close()));
}
