/** The `mcp.*` calls of the contract, mapped onto the MCP host (mcp/mcp-host.ts). */
import type { DomainHandlers } from '../dispatch.js';
import type { CoreServices } from '../services.js';

export function mcpHandlers({ mcp }: Pick<CoreServices, 'mcp'>): DomainHandlers<'mcp'> {
  return {
    'mcp.list': () => mcp.list(),
    'mcp.add': (i) => mcp.add(i.spec, i.token),
    'mcp.connect': (i) => mcp.connect(i.id, i.confirmCode),
    'mcp.disable': (i) => mcp.disable(i.id),
    'mcp.remove': (i) => mcp.remove(i.id),
    'mcp.setToken': (i) => mcp.setToken(i.id, i.token),
    'mcp.setAlwaysAllow': (i) => mcp.setAlwaysAllow(i.id, i.tool, i.allowed),
  };
}
