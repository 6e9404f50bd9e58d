/**
 * What a tool's schema and a call's arguments may cost the host (docs/robust-host.md, "Tool
 * schemas"): the schema caps are shared with the contract (shared/gateway/tool-schema-limits.ts);
 * these are the host's own. Checked on the loop before anything is compiled or parsed: each is a
 * bounded walk or a length.
 */
import { schemaStructure, type SchemaStructureProblem } from '@shared/gateway/tool-schema-limits.js';
import { msg, type Message } from '@shared/messages/index.js';

const KB = 1024;

export const CHECK_LIMITS = {
  /**
   * Arguments longer than this are not checked against the schema (parsing and walking many MB
   * would take the worker seconds): the call is kept, marked as not checked, and the creator
   * decides, as for any call with problems.
   */
  argumentBytes: 512 * KB,
  /** One check or compile in the schema worker; past it the worker is replaced. */
  checkMs: 5_000,
} as const;

export const sizeText = (bytes: number) => (bytes >= KB * KB ? `${(bytes / KB / KB).toFixed(1)} MB` : `${Math.ceil(bytes / KB)} KB`);

/**
 * Why the schema is too large to compile, as the creator reads it, or its JSON text: what goes to
 * the worker, as one string is far cheaper for the loop to pass than thousands of objects.
 */
export function preparedSchema(schema: unknown): { problem: Message } | { text: string } {
  const s = schemaStructure(schema);
  return 'problem' in s ? { problem: structureMessage(s.problem) } : s;
}

function structureMessage(p: SchemaStructureProblem): Message {
  switch (p.kind) {
    case 'nodes': return msg('chat.tools.schemaTooMany', { max: p.max });
    case 'depth': return msg('chat.tools.schemaTooDeep', { depth: p.depth });
    case 'bytes': return msg('chat.tools.schemaTooBig', { size: sizeText(p.size), limit: sizeText(p.limit) });
    case 'notPlain': return msg('chat.tools.schemaInvalid', { problem: 'not plain JSON' });
  }
}

/** Arguments too long to check, as the creator reads it, or undefined. */
export function argumentsTooLarge(args: string): Message | undefined {
  // A UTF-16 unit is at most 3 bytes of UTF-8: a short string needs no counting.
  if (args.length <= CHECK_LIMITS.argumentBytes / 3) return undefined;
  const bytes = Buffer.byteLength(args);
  return bytes > CHECK_LIMITS.argumentBytes ? msg('chat.tools.argumentsNotChecked', { size: sizeText(bytes), limit: sizeText(CHECK_LIMITS.argumentBytes) }) : undefined;
}
