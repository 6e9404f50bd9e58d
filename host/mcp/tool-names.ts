/**
 * The names MCP tools go to the model under (docs/mcp.md, "Tools as functions"): a function name
 * is 1-64 of `A-Z a-z 0-9 _ -` (spec 4.4), and two servers may both have a `search`. Each tool is
 * `<server>__<tool>`, cut to fit, with a number added when that is taken, in the order the servers
 * were added, so a name stays the same while the list does not change.
 */
const MAX = 64;

const clean = (s: string, fallback: string) => s.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || fallback;

/** Gives each `(server, tool)` a unique function name, avoiding `taken` (the conversation's own functions). */
export function exposedNames(servers: readonly { name: string; tools: readonly string[] }[], taken: Iterable<string> = []): string[][] {
  const used = new Set(taken);
  return servers.map((server) => {
    const prefix = clean(server.name, 'mcp').slice(0, 24);
    return server.tools.map((tool) => {
      const base = `${prefix}__${clean(tool, 'tool')}`.slice(0, MAX);
      let name = base;
      for (let n = 2; used.has(name); n++) name = `${base.slice(0, MAX - String(n).length - 1)}_${n}`;
      used.add(name);
      return name;
    });
  });
}
