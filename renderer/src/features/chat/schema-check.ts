/**
 * Checks a function tool's JSON-schema text as the creator types it (spec 4.4: a JSON-schema
 * object with type, properties, required). Hand-written rather than the contract's zod schema so
 * the Chat tab, loaded at startup, does not pull zod into the first-load bundle; the host checks
 * again with the contract's schema anyway.
 */
import { findJsonProblem } from './json-position.js';

export type SchemaCheck = { ok: true; schema: Record<string, unknown> } | { ok: false; message: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** "line 3, column 7" of a character offset, as an editor shows it. */
export function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${before[before.length - 1].length + 1}`;
}

function parseProblem(text: string): string {
  const problem = findJsonProblem(text);
  return problem ? `Not valid JSON at ${lineAndColumn(text, problem.offset)}: ${problem.reason}.` : 'Not valid JSON.';
}

export function checkSchema(text: string): SchemaCheck {
  if (!text.trim()) return { ok: false, message: 'Write the parameters as a JSON schema, e.g. {"type": "object", "properties": {}}.' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: parseProblem(text) };
  }
  if (!isObject(value)) return { ok: false, message: 'The schema must be a JSON object ({ … }).' };
  if (value.type !== 'object') return { ok: false, message: 'The schema\'s "type" must be "object".' };
  if (!isObject(value.properties)) return { ok: false, message: 'The schema needs a "properties" object (it may be empty: {}).' };
  if (value.required !== undefined) {
    if (!Array.isArray(value.required) || !value.required.every((r) => typeof r === 'string')) {
      return { ok: false, message: '"required" must be a list of property names.' };
    }
    const unknown = value.required.filter((r) => !(r in (value.properties as object)));
    if (unknown.length) {
      const names = unknown.map((u) => `"${u}"`).join(', ');
      return { ok: false, message: `"required" names ${unknown.length > 1 ? 'properties' : 'a property'} not in "properties": ${names}.` };
    }
  }
  return { ok: true, schema: value };
}

const FUNCTION_NAME = /^[A-Za-z0-9_-]{1,64}$/;

export function checkFunctionName(name: string, others: readonly string[]): string | undefined {
  if (!name) return 'Give the function a name.';
  if (!FUNCTION_NAME.test(name)) return 'A function name is 1-64 letters, digits, _ or -.';
  if (others.includes(name)) return 'Another function already has this name.';
  return undefined;
}
