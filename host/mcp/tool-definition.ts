/**
 * What "Always allow" approves (docs/mcp.md, "Running a call"): a tool as it was defined when the
 * creator allowed it, its description and input schema each kept as a SHA-256 (the name is the
 * approval's key). A server may redefine a tool at any time (tools/list after a restart, or a
 * listChanged notification); a definition that differs from the approved one is asked about again,
 * and the creator reads which part changed.
 */
import { createHash } from 'node:crypto';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ToolChange } from '@shared/contract/mcp.js';

export const Approval = z.object({ tool: z.string(), description: z.string(), schema: z.string() });
export type Approval = z.infer<typeof Approval>;

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** Object keys sorted, so the same schema written in another key order is the same definition. */
const sorted = (_key: string, value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : value;

/** A schema too deep to write out is never the same as anything approved: it is asked about. */
function schemaHash(schema: unknown): string {
  try {
    return sha(JSON.stringify(schema, sorted) ?? '');
  } catch {
    return `unreadable:${sha(String(Math.random()))}`;
  }
}

export const approvalOf = (tool: Tool): Approval => ({ tool: tool.name, description: sha(tool.description ?? ''), schema: schemaHash(tool.inputSchema) });

/** What differs between the approved definition and the tool as listed now; undefined when nothing. */
export function changeOf(approved: Approval, now: Tool): ToolChange | undefined {
  const current = approvalOf(now);
  const description = approved.description !== current.description;
  const schema = approved.schema !== current.schema;
  if (description && schema) return 'both';
  return description ? 'description' : schema ? 'schema' : undefined;
}
