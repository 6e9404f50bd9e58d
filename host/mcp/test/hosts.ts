/** McpHosts as the MCP tests open them: each on a folder of its own, every start confirmed; `close` ends them all. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileSecrets } from '../../test/file-ports.js';
import { McpHost } from '../mcp-host.js';
import { closeDemos } from './demo.js';

export function testHosts() {
  const hosts: McpHost[] = [];
  const dirs: string[] = [];
  return {
    /** A fresh folder, removed by `close`. */
    folder(): string {
      const dir = mkdtempSync(join(tmpdir(), 'studio-mcp-'));
      dirs.push(dir);
      return dir;
    },
    /** A host keeping its server list and secrets in `dir`; not opened. */
    host(dir: string): McpHost {
      const h = new McpHost({
        file: join(dir, 'mcp-servers.json'), secrets: fileSecrets(join(dir, 'keys.json')), confirm: async () => 'confirmed',
        language: () => 'en', version: 'test', emit: () => undefined, log: () => undefined, onUnreadable: () => undefined,
      });
      hosts.push(h);
      return h;
    },
    async close(): Promise<void> {
      await Promise.all(hosts.splice(0).map((h) => h.close()));
      await closeDemos();
      for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
    },
  };
}
