/**
 * Checks a function call's arguments against the schema of the tool the conversation offered
 * (docs/gateway-rules.md, "Tool calls"): a call whose arguments do not fit is shown with what is
 * wrong, never hidden or silently fixed. Ajv does the checking; its own English wording stays
 * verbatim inside the message, as a gateway's does.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { msg, type Message } from '@shared/messages/index.js';

export interface OfferedTool {
  name: string;
  /** A JSON-schema object (spec 4.4 `parameters`). */
  parameters: unknown;
}

// `strict: false`: a model vendor's schema may carry keywords Ajv does not know (`title` variants,
// vendor extensions); they describe, they do not constrain, and must not make the check fail.
const ajv = new Ajv({ allErrors: true, strict: false });
/** Compiled schemas by their text; a conversation offers the same few tools again and again. */
const compiled = new Map<string, ValidateFunction | Error>();
const MAX_COMPILED = 200;
/** The first problems are what a creator reads; a long list says no more. */
const MAX_PROBLEMS = 8;

function validatorFor(schema: unknown): ValidateFunction | Error {
  const key = JSON.stringify(schema ?? {});
  let v = compiled.get(key);
  if (!v) {
    try {
      v = ajv.compile(schema && typeof schema === 'object' ? schema : {});
    } catch (err) {
      v = err instanceof Error ? err : new Error(String(err));
    }
    if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
    compiled.set(key, v);
  }
  return v;
}

/** What is wrong with `args` for the tool named `name` among `offered`; [] when they fit. */
export function argumentProblems(name: string, args: string, offered: readonly OfferedTool[]): Message[] {
  const tool = offered.find((t) => t.name === name);
  if (!tool) return [msg('chat.tools.unknownTool', { name })];
  let value: unknown;
  try {
    value = JSON.parse(args);
  } catch {
    return [msg('chat.tools.argumentsNotJson')];
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [msg('chat.tools.argumentsNotObject')];
  const validate = validatorFor(tool.parameters);
  if (validate instanceof Error) return [msg('chat.tools.schemaUnusable', { problem: validate.message })];
  if (validate(value)) return [];
  return (validate.errors ?? []).slice(0, MAX_PROBLEMS).map((e) => {
    const extra = e.keyword === 'additionalProperties' ? ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})` : '';
    return msg('chat.tools.argumentMismatch', { path: e.instancePath || '/', problem: `${e.message ?? e.keyword}${extra}` });
  });
}
