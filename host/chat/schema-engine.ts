/**
 * Compiles a tool's JSON schema and checks a function call's arguments against it (docs/robust-host.md,
 * "Tool schemas"). A schema is untrusted (a creator's paste, an MCP server's answer): its `pattern`s
 * run on RE2 (re2js, linear time), never on a backtracking engine, so `^(a+)+$` costs what any
 * pattern costs; a pattern RE2 cannot take (backreferences, lookaround) makes the schema unusable,
 * with the reason. This module runs inside the schema worker (schema-worker.ts), never on the
 * host's loop: compiling a large schema still takes time, and the worker has a hard time limit.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { RE2JS } from 're2js';
import { msg, type Message } from '@shared/messages/index.js';
import { TOOL_SCHEMA_LIMITS } from '@shared/gateway/tool-schema-limits.js';

/** A pattern the schema cannot be checked with. */
class PatternRefused extends Error {
  constructor(readonly reason: Message) {
    super(reason.message);
  }
}

/** A pattern in a message: quoted as JSON, so control characters show as escapes, and kept short. */
const shownPattern = (p: string) => JSON.stringify(p.length > 80 ? `${p.slice(0, 80)}…` : p);

/**
 * Ajv's regular-expression engine (its `code.regExp` option), for `pattern`, `patternProperties`
 * and `propertyNames` alike. JSON Schema patterns are ECMA-262; `translateRegExp` takes their
 * `\uXXXX` escapes and named groups to RE2's syntax. The flags Ajv passes (`u`) are RE2's default.
 */
function re2(pattern: string): { test(s: string): boolean; toString(): string } {
  if (pattern.length > TOOL_SCHEMA_LIMITS.patternChars) throw new PatternRefused(msg('chat.tools.patternTooLong', { max: TOOL_SCHEMA_LIMITS.patternChars }));
  let re: RE2JS;
  try {
    re = RE2JS.compile(RE2JS.translateRegExp(pattern));
  } catch (err) {
    const reason = String((err as Error).message ?? err).replace(/^error parsing regexp: /, '').slice(0, 200);
    throw new PatternRefused(msg('chat.tools.patternUnsupported', { pattern: shownPattern(pattern), reason }));
  }
  // `test` finds the pattern anywhere in the string, as JSON Schema's `pattern` does.
  return { test: (s: string) => re.test(s), toString: () => `re2:${pattern}` };
}
// Named only in code Ajv generates for standalone modules, which the studio never makes.
re2.code = 're2js';

// `strict: false`: a model vendor's schema may carry keywords Ajv does not know (`title` variants,
// vendor extensions); they describe, they do not constrain, and must not make the check fail.
// No formats are added: `format` describes (and `format: "regex"` would compile on V8's engine).
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false, code: { regExp: re2 } });
/** Compiled schemas by their text; a conversation offers the same few tools again and again. */
const compiled = new Map<string, ValidateFunction | Message>();
const MAX_COMPILED = 100;
/** The first problems are what a creator reads; a long list says no more. */
const MAX_PROBLEMS = 8;

/**
 * The validator of a schema given as JSON text (its size caps checked by the host,
 * schema-limits.ts), or why it cannot be used.
 */
export function validatorFor(schemaText: string): ValidateFunction | Message {
  let v = compiled.get(schemaText);
  if (v) return v;
  const parsed: unknown = JSON.parse(schemaText);
  const object = parsed && typeof parsed === 'object' ? parsed : {};
  try {
    v = ajv.compile(object);
  } catch (err) {
    v = err instanceof PatternRefused ? err.reason : msg('chat.tools.schemaInvalid', { problem: String((err as Error).message ?? err).slice(0, 600) });
  } finally {
    // Ajv keeps every schema it compiled; the studio keeps its own bounded cache instead.
    ajv.removeSchema(object);
  }
  if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
  compiled.set(schemaText, v);
  return v;
}

const isMessage = (v: ValidateFunction | Message): v is Message => typeof v !== 'function';

/** Why the schema cannot be used, or undefined when it can (it is compiled, and kept compiled). */
export function schemaVerdict(schemaText: string): Message | undefined {
  const v = validatorFor(schemaText);
  return isMessage(v) ? v : undefined;
}

/** What is wrong with the arguments' JSON text for the schema; [] when they fit. */
export function checkArguments(schemaText: string, args: string): Message[] {
  let value: unknown;
  try {
    value = JSON.parse(args);
  } catch {
    return [msg('chat.tools.argumentsNotJson')];
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [msg('chat.tools.argumentsNotObject')];
  const validate = validatorFor(schemaText);
  if (isMessage(validate)) return [msg('chat.tools.schemaUnusable', { problem: validate })];
  if (validate(value)) return [];
  return (validate.errors ?? []).slice(0, MAX_PROBLEMS).map((e) => {
    const extra = e.keyword === 'additionalProperties' ? ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})` : '';
    return msg('chat.tools.argumentMismatch', { path: e.instancePath || '/', problem: `${e.message ?? e.keyword}${extra}` });
  });
}
