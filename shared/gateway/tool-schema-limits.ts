/**
 * How large a tool's JSON schema may be (docs/robust-host.md, "Tool schemas"): a creator's own
 * function and an MCP server's tool alike. The studio compiles a schema to check the arguments a
 * model wrote, and compiling costs time in proportion to the schema: these caps sit far above any
 * real tool (the largest public MCP tools have a few hundred parts) and far below what would hold
 * the host for long. The contract (shared/contract/chat.ts) and the host's checker
 * (host/chat/schema-limits.ts) read the same numbers.
 */
export const TOOL_SCHEMA_LIMITS = {
  /** The schema as JSON text. */
  bytes: 256 * 1024,
  /** Nesting of objects and arrays. */
  depth: 32,
  /** Every value counted: objects, arrays, strings, numbers (20,000 properties is 40,000). */
  nodes: 5_000,
  /** One `pattern` or `patternProperties` key. */
  patternChars: 1_000,
} as const;

export type SchemaStructureProblem =
  | { kind: 'notPlain' }
  | { kind: 'depth'; depth: number }
  | { kind: 'nodes'; max: number }
  | { kind: 'bytes'; size: number; limit: number };

/** What makes a schema too large, or undefined (schemaStructure). */
export function schemaStructureProblem(value: unknown, limits = TOOL_SCHEMA_LIMITS): SchemaStructureProblem | undefined {
  const s = schemaStructure(value, limits);
  return 'problem' in s ? s.problem : undefined;
}

/**
 * What makes a schema too large, or its JSON text: walked without recursion and stopped at the
 * first cap passed, so no input can exhaust the stack or hold the loop for long here.
 */
export function schemaStructure(value: unknown, limits = TOOL_SCHEMA_LIMITS): { problem: SchemaStructureProblem } | { text: string } {
  const stack: [unknown, number][] = [[value, 0]];
  // Counted as they are found, so an object of 20,000 keys is refused before any is visited;
  // `Object.keys` rather than `Object.values`, which is many times slower on such an object.
  let nodes = 1;
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) continue;
    const proto = typeof v === 'object' ? Object.getPrototypeOf(v) : undefined;
    if (!Array.isArray(v) && proto !== Object.prototype && proto !== null) return { problem: { kind: 'notPlain' } };
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length && depth >= limits.depth) return { problem: { kind: 'depth', depth: limits.depth } };
    nodes += keys.length;
    if (nodes > limits.nodes) return { problem: { kind: 'nodes', max: limits.nodes } };
    for (const key of keys) stack.push([o[key], depth + 1]);
  }
  // Bounded by the node cap; only long strings can still make it large.
  const text = JSON.stringify(value) ?? '{}';
  const size = new TextEncoder().encode(text).length;
  return size > limits.bytes ? { problem: { kind: 'bytes', size, limit: limits.bytes } } : { text };
}
