/**
 * fast-check arbitraries for what a compromised or buggy renderer could send across the
 * contract: wrong types, huge strings, `__proto__` / `constructor` / `prototype` keys, path
 * characters and `..` in ids, NaN and Infinity, deep nesting, arrays where objects are expected,
 * bytes that only look like images, and valid inputs with one part replaced by any of those.
 */
import fc from 'fast-check';

/** In every path-like string, so a file it names outside the data folder can be searched for. */
export const ESCAPE_MARK = 'fuzz-escaped-7c1d';
/** The key every prototype-pollution attempt tries to plant. */
export const POLLUTION_KEY = 'fuzzPolluted';

const MB = 1024 * 1024;
// Shared, not regenerated: a megabyte string per case would cost more than the calls.
const HUGE = 'x'.repeat(MB + 1);
const HUGE_UNICODE = '😀\u202e\u0000'.repeat(100_000);

const strings = fc.constantFrom(
  '', ' ', '\u0000', '\n', '..', '../..', '.', '/', '\\',
  `../../${ESCAPE_MARK}`, `..\\..\\${ESCAPE_MARK}`, `/${ESCAPE_MARK}/x`, `./a/../../../${ESCAPE_MARK}.json`, `chat-images/../../${ESCAPE_MARK}.png`,
  `%2e%2e%2f${ESCAPE_MARK}`, `C:\\${ESCAPE_MARK}`, `file:///${ESCAPE_MARK}`, `attachment:../../${ESCAPE_MARK}`, `\\\\?\\${ESCAPE_MARK}`,
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty',
  HUGE, HUGE_UNICODE, '<script>alert(1)</script>', '${7*7}{{7*7}}', 'null', 'undefined', 'NaN', '-1', '1e309',
  'http://user:pass@127.0.0.1/', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'a\r\nX-Injected: 1',
);

const numbers = fc.constantFrom(NaN, Infinity, -Infinity, -0, -1, 0.5, 2 ** 53 + 2, Number.MAX_VALUE, Number.MIN_VALUE, -(2 ** 31), 2 ** 32);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Bytes that start like an image (or nothing at all) and go wrong after. */
export const bytes = fc.oneof(
  fc.uint8Array({ maxLength: 512 }),
  fc.uint8Array({ maxLength: 512 }).map((b) => Uint8Array.from([...PNG_SIGNATURE, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, ...b])),
  fc.uint8Array({ maxLength: 512 }).map((b) => Uint8Array.from([0xff, 0xd8, 0xff, 0xc0, 0, 0, ...b])),
  fc.uint8Array({ maxLength: 512 }).map((b) => Uint8Array.from([0x52, 0x49, 0x46, 0x46, 0xff, 0xff, 0xff, 0xff, 0x57, 0x45, 0x42, 0x50, ...b])),
  fc.constant(new Uint8Array(21 * MB)),
  fc.constant(new Uint8Array(0)),
);

/** Objects that try to plant POLLUTION_KEY on Object.prototype, built fresh each time. */
export const polluting = fc.constantFrom(
  () => JSON.parse(`{"__proto__":{"${POLLUTION_KEY}":true}}`),
  () => JSON.parse(`{"constructor":{"prototype":{"${POLLUTION_KEY}":true}}}`),
  () => JSON.parse(`{"a":{"__proto__":{"${POLLUTION_KEY}":true}},"__proto__":null}`),
  () => ({ constructor: { prototype: { [POLLUTION_KEY]: true } }, prototype: { [POLLUTION_KEY]: true } }),
  () => Object.assign(Object.create(null), { [POLLUTION_KEY]: true }),
).map((make) => make());

/** Nesting thousands of levels deep, as arrays or as objects. */
export const deep = fc.tuple(fc.integer({ min: 50, max: 10_000 }), fc.boolean(), fc.constantFrom('id', 'settings', 'request', 'x')).map(([depth, arrays, key]) => {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = arrays ? [v] : { [key]: v };
  return v;
});

const keys = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'name', 'text', 'settings', 'request', 'model', 'prompt'));

/** Any value at all: the leaves above, plain random values, and arrays and objects of them. */
export const anything: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    strings, numbers, fc.string(), fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined),
    fc.bigInt(), fc.date(), bytes, polluting,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(keys, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Every path to a value inside `v` (objects and arrays), the root being `[]`. */
function pathsOf(v: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => pathsOf(x, [...at, i], out));
  else if (v && typeof v === 'object' && !(v instanceof Uint8Array)) for (const k of Object.keys(v)) pathsOf((v as Record<string, unknown>)[k], [...at, k], out);
  return out;
}

type Edit = 'replace' | 'delete' | 'add-key' | 'wrap-in-array';

function edit(sample: unknown, path: (string | number)[], how: Edit, value: unknown, key: string): unknown {
  // The input sits in a box so that the root is edited like any other place.
  const box: Record<string | number, unknown> = { root: structuredClone(sample) };
  const at = ['root', ...path];
  let parent = box;
  for (const step of at.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = at[at.length - 1];
  const target = parent[last];
  if (how === 'delete') delete parent[last];
  else if (how === 'wrap-in-array') parent[last] = [target];
  // A key set as JSON.parse sets it: `__proto__` becomes an own property, as it arrives over IPC.
  else if (how === 'add-key' && target && typeof target === 'object') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else parent[last] = value;
  return box.root;
}

/** A valid input with one part replaced, removed, wrapped in an array or given a hostile key. */
export function mutated(sample: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(sample);
  return fc.tuple(fc.integer({ min: 0, max: paths.length - 1 }), fc.constantFrom<Edit>('replace', 'replace', 'delete', 'add-key', 'wrap-in-array'), fc.oneof(anything, deep), keys)
    .map(([i, how, value, key]) => edit(sample, paths[i], how, value, key));
}

/** What one contract call is fuzzed with: mostly near-valid inputs, and anything at all. */
export function payloads(sample: unknown): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: mutated(sample) },
    { weight: 2, arbitrary: anything },
    { weight: 1, arbitrary: polluting },
    { weight: 1, arbitrary: deep },
    { weight: 1, arbitrary: fc.constant(sample) },
  );
}
