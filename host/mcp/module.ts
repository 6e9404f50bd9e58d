/**
 * The studio's MCP servers (`mcp.*`, docs/mcp.md), whose tools a conversation may offer. Opened
 * before chat and closed after it: a reply's running calls end before their servers do.
 */
import { join } from 'node:path';
import { defineModule } from '../module.js';
import { McpHost } from './mcp-host.js';

export const mcpModule = defineModule({
  name: 'mcp',
  async open({ ports, options, log, emit, use }) {
    const { problems } = use('app');
    const { store } = use('settings');
    const mcp = new McpHost({
      file: join(ports.dataDir, 'mcp-servers.json'),
      secrets: ports.secrets,
      confirm: ports.confirmOutside,
      language: () => store.get().language,
      version: ports.version,
      emit: (list) => emit('mcp.onDidChange', list),
      log,
      onUnreadable: problems.reporter('mcp servers'),
      limits: options.mcpLimits,
    });
    await mcp.open();
    return mcp;
  },
  close: (mcp) => mcp.close(),
  handlers: ({ use }) => {
    const mcp = use('mcp');
    return {
      'mcp.list': () => mcp.list(),
      'mcp.add': (i) => mcp.add(i.spec, i.token),
      'mcp.connect': (i) => mcp.connect(i.id, i.confirmCode),
      'mcp.disable': (i) => mcp.disable(i.id),
      'mcp.remove': (i) => mcp.remove(i.id),
      'mcp.setToken': (i) => mcp.setToken(i.id, i.token),
      'mcp.setAlwaysAllow': (i) => mcp.setAlwaysAllow(i.id, i.tool, i.allowed),
    };
  },
});
