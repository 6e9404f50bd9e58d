/**
 * The studio's MCP servers as the renderer holds them: one `mcp.list` query that the host's
 * `mcp.onDidChange` (the whole list) replaces, and call answers written in at once, so Settings
 * and the Chat tab's choice of servers show the same state.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { McpServerView } from '@shared/contract/index.js';
import { EMPTY, callKey, useCall, useEvent } from './client.js';

const listKey = callKey('mcp.list', EMPTY);

export function useMcpServers() {
  const queryClient = useQueryClient();
  useEvent('mcp.onDidChange', (servers) => queryClient.setQueryData(listKey, servers));
  return useCall('mcp.list', EMPTY);
}

export function useMcpCache() {
  const queryClient = useQueryClient();
  return {
    /** A call's answer: the server as it is now (added at the end when new, as the host orders them). */
    put: (server: McpServerView) =>
      queryClient.setQueryData<McpServerView[]>(listKey, (old) => {
        if (!old) return old;
        return old.some((s) => s.id === server.id) ? old.map((s) => (s.id === server.id ? server : s)) : [...old, server];
      }),
    drop: (id: string) => queryClient.setQueryData<McpServerView[]>(listKey, (old) => old?.filter((s) => s.id !== id)),
  };
}

/** How a local command reads on one line: arguments with spaces or quotes are quoted, as a shell would need. */
export function commandLine(command: string, args: readonly string[]): string {
  const quote = (a: string) => (a === '' || /[\s"'\\]/.test(a) ? `"${a.replace(/["\\]/g, '\\$&')}"` : a);
  return [quote(command), ...args.map(quote)].join(' ');
}
