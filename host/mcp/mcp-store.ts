/**
 * The MCP servers the creator added, in `<dataDir>/mcp-servers.json`, written atomically. The
 * page can only ask for changes through the contract; what it cannot give is kept here by the
 * host alone: the fingerprint of a command line confirmed outside the page. A bearer token lives
 * with the API keys (SecretsPort), never in this file. A file that cannot be read is kept aside.
 */
import { dirname } from 'node:path';
import { z } from 'zod';
import { McpServerSpec } from '@shared/contract/mcp.js';
import { msg } from '@shared/messages/index.js';
import { writeFileAtomic } from '../atomic-file.js';
import { dataWriteError } from '../errors.js';
import { openStoreFile } from '../unreadable-file.js';
import { Approval } from './tool-definition.js';

export const ServerRecord = z.object({
  id: z.string(),
  spec: McpServerSpec,
  enabled: z.boolean(),
  /** The command line confirmed outside the page (command-line.ts), for stdio servers. */
  confirmed: z.string().optional(),
  /**
   * "Always allow", each bound to the tool's definition (tool-definition.ts). A bare name was an
   * approval of no definition in particular: it allows nothing and the tool is asked about again.
   */
  alwaysAllowed: z.array(z.union([Approval, z.string()])),
});
export type ServerRecord = z.infer<typeof ServerRecord>;

const StoreFile = z.object({ version: z.literal(1), servers: z.array(ServerRecord) });

export class McpStore {
  private servers: ServerRecord[] = [];
  /** Why an unreadable list could not be kept aside: until it can, nothing is written over it. */
  private blocked: unknown;

  constructor(
    private readonly file: string,
    private readonly log: (line: string) => void,
    onUnreadable: (backup: string | null) => void,
  ) {
    const opened = openStoreFile(file, (v) => StoreFile.parse(v).servers, { what: 'MCP server list', log, onUnreadable });
    this.servers = opened.value ?? [];
    this.blocked = opened.blocked;
  }

  all(): readonly ServerRecord[] {
    return this.servers;
  }

  get(id: string): ServerRecord | undefined {
    return this.servers.find((s) => s.id === id);
  }

  /** Replaces the list; when the disk refuses, the old list stays and the creator reads why. */
  private write(next: ServerRecord[]): void {
    if (this.blocked !== undefined) throw dataWriteError(msg('jobs.dataWrite.mcpServers'), this.blocked);
    try {
      writeFileAtomic(this.file, `${JSON.stringify({ version: 1, servers: next }, null, 2)}\n`);
    } catch (err) {
      this.log(`The MCP server list could not be saved: ${(err as Error).message}`);
      throw dataWriteError(msg('jobs.dataWrite.mcpServers'), err, dirname(this.file));
    }
    this.servers = next;
  }

  add(record: ServerRecord): void {
    this.write([...this.servers, record]);
  }

  update(id: string, change: (r: ServerRecord) => ServerRecord): ServerRecord | undefined {
    const at = this.servers.findIndex((s) => s.id === id);
    if (at < 0) return undefined;
    const next = ServerRecord.parse(change(structuredClone(this.servers[at])));
    this.write(this.servers.with(at, next));
    return next;
  }

  remove(id: string): void {
    this.write(this.servers.filter((s) => s.id !== id));
  }
}
