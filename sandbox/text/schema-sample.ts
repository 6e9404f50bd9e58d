/**
 * Arguments for a function call, built from the tool's JSON schema: deterministic (the same schema
 * always gives the same arguments) and valid against it, so a client's tool loop can be tested
 * against a real argument object. The rules are listed in sandbox/README.md ("Tool use"):
 *   const → enum[0] → default → examples[0] → by type; anyOf/oneOf take their first branch,
 *   allOf merges its branches; objects get their required properties only.
 * `pattern`, `$ref` and `not` are not followed: a schema that needs them should give an enum, a
 * default or an example.
 */
type Schema = Record<string, unknown>;

const MAX_DEPTH = 8;

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Strings named after their property, with a value for the formats a client most often checks. */
const FORMATS: Record<string, string> = {
  'date-time': '2025-01-01T12:00:00Z',
  date: '2025-01-01',
  time: '12:00:00Z',
  email: 'sandbox@example.com',
  uri: 'https://example.com/sandbox',
  url: 'https://example.com/sandbox',
  uuid: '00000000-0000-4000-8000-000000000000',
  ipv4: '192.0.2.1',
  hostname: 'example.com',
};

function sampleString(schema: Schema, name: string): string {
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
  let s = format ?? `sandbox-${name || 'value'}`;
  const min = num(schema.minLength) ?? 0;
  const max = num(schema.maxLength);
  if (s.length < min) s = s.padEnd(min, 'x');
  if (max !== undefined && s.length > max) s = s.slice(0, max);
  return s;
}

function sampleNumber(schema: Schema, integer: boolean): number {
  const step = num(schema.multipleOf);
  const exMin = num(schema.exclusiveMinimum);
  const exMax = num(schema.exclusiveMaximum);
  let lo = num(schema.minimum) ?? (exMin !== undefined ? (integer ? Math.floor(exMin) + 1 : exMin + (step ?? 1)) : undefined);
  const hi = num(schema.maximum) ?? (exMax !== undefined ? (integer ? Math.ceil(exMax) - 1 : exMax - (step ?? 1)) : undefined);
  // 1 rather than 0 when unbounded: a count or an id of 0 is often refused by the function itself.
  lo ??= hi !== undefined && hi < 1 ? hi : 1;
  let v = lo;
  if (step) v = Math.ceil(v / step) * step;
  if (integer) v = Math.ceil(v);
  return v;
}

function typeOf(schema: Schema): string {
  const t = schema.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return (t.find((x) => x !== 'null') as string | undefined) ?? 'null';
  if (isSchema(schema.properties)) return 'object';
  if (schema.items !== undefined) return 'array';
  return 'string';
}

/** allOf as one schema: properties and required lists joined, other keywords from the first that has them. */
function mergeAll(branches: unknown[]): Schema {
  const merged: Schema = {};
  for (const b of branches) {
    if (!isSchema(b)) continue;
    for (const [k, v] of Object.entries(b)) {
      if (k === 'allOf') continue;
      if (k === 'properties' && isSchema(v)) merged.properties = { ...(merged.properties as Schema | undefined), ...v };
      else if (k === 'required' && Array.isArray(v)) merged.required = [...((merged.required as unknown[] | undefined) ?? []), ...v];
      else merged[k] ??= v;
    }
  }
  return merged;
}

/** A value valid against `schema`; `name` is the property it is for (it names sample strings). */
export function sampleValue(schema: unknown, name = '', depth = 0): unknown {
  if (!isSchema(schema) || depth > MAX_DEPTH) return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.length) return sampleValue(branches[0], name, depth + 1);
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length) return sampleValue(mergeAll([schema, ...schema.allOf]), name, depth + 1);
  switch (typeOf(schema)) {
    case 'object': {
      const props = isSchema(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? schema.required.filter((k): k is string => typeof k === 'string') : [];
      return Object.fromEntries([...new Set(required)].map((k) => [k, k in props ? sampleValue(props[k], k, depth + 1) : sampleString({}, k)]));
    }
    case 'array': {
      const min = num(schema.minItems) ?? 1;
      const max = num(schema.maxItems);
      const count = max !== undefined ? Math.min(min, max) : min;
      const tuple = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : undefined;
      return Array.from({ length: count }, (_, i) => sampleValue(tuple ? tuple[i] ?? {} : schema.items ?? {}, `${name}-${i + 1}`, depth + 1));
    }
    case 'integer': return sampleNumber(schema, true);
    case 'number': return sampleNumber(schema, false);
    case 'boolean': return true;
    case 'null': return null;
    default: return sampleString(schema, name);
  }
}

/** The arguments of a call to a function with these parameters, as the JSON text a model sends. */
export const sampleArguments = (parameters: unknown): string => JSON.stringify(sampleValue(parameters) ?? {});
