/**
 * Checks a function call's arguments against the schema of the tool the conversation offered
 * (docs/gateway-rules.md, "Tool calls"): a call whose arguments do not fit is shown with what is
 * wrong, never hidden or silently fixed. The schema is untrusted, so the check runs in the schema
 * worker, with linear-time patterns, size caps and a time limit (schema-checker.ts); Ajv's own
 * English wording stays verbatim inside the message, as a gateway's does.
 */
import type { FunctionToolSpec } from '@shared/contract/chat.js';
import { msg, type Message } from '@shared/messages/index.js';
import { coreError } from '../errors.js';
import { schemaChecker, type SchemaChecker } from './schema-checker.js';

export interface OfferedTool {
  name: string;
  /** A JSON-schema object (spec 4.4 `parameters`). */
  parameters: unknown;
}

/** What is wrong with `args` for the tool named `name` among `offered`; [] when they fit. */
export async function argumentProblems(name: string, args: string, offered: readonly OfferedTool[], checker: SchemaChecker = schemaChecker()): Promise<Message[]> {
  const tool = offered.find((t) => t.name === name);
  if (!tool) return [msg('chat.tools.unknownTool', { name })];
  return checker.check(tool.parameters, args);
}

/**
 * A creator's own function whose schema cannot be checked is refused at save, with the reason
 * (docs/robust-host.md, "Tool schemas"); the schema worker compiles it, off the loop.
 */
export async function checkFunctions(functions: readonly FunctionToolSpec[] | undefined, checker: SchemaChecker = schemaChecker()): Promise<void> {
  for (const f of functions ?? []) {
    const problem = await checker.verdict(f.parameters);
    if (problem) throw coreError('invalid_input', msg('chat.tools.functionRefused', { name: f.name, problem }), 'settings.tools.functions');
  }
}
