/**
 * Heap snapshots compared, for finding what grows over bench/day.ts (`--snapshots DIR` writes one
 * after the first load and one at the end). Groups every node by its type and name (a
 * constructor, a closure's function, a string, an array) and prints the groups that grew most;
 * `--retainers NAME` also prints, for a few nodes named NAME in the later snapshot, the chain of
 * objects holding them, up to the nearest named owner.
 * `--new` instead groups what was allocated after BEFORE and is still alive (node ids are stable
 * within one page's snapshots) by its nearest holder that is older than BEFORE: the long-lived
 * structure (a module's Map, a React root, a cache) that a day of use filled.
 *   npx tsx bench/lib/day-snapshot.ts BEFORE.heapsnapshot AFTER.heapsnapshot [--top 40] [--retainers NAME] [--new]
 * The format is Chromium's (DevTools "Heap snapshot file format"): flat `nodes` and `edges`
 * arrays described by `snapshot.meta`.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

interface Raw {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

export interface Heap {
  count: number;
  /** The node's id: the same object keeps it from one snapshot of a page to the next. */
  id(i: number): number;
  type(i: number): string;
  name(i: number): string;
  size(i: number): number;
  /** Outgoing edges of node i: [to node, edge type, edge name]. */
  edges(i: number): [number, string, string][];
  /** Incoming edges of node i: [from node, edge type, edge name]. */
  retainers(i: number): [number, string, string][];
}

export function readSnapshot(file: string): Heap {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Raw;
  const { node_fields: nf, node_types: nt, edge_fields: ef, edge_types: et } = raw.snapshot.meta;
  const N = nf.length;
  const E = ef.length;
  const [TYPE, NAME, SIZE, EDGES, ID] = ['type', 'name', 'self_size', 'edge_count', 'id'].map((f) => nf.indexOf(f));
  const [ETYPE, ENAME, ETO] = ['type', 'name_or_index', 'to_node'].map((f) => ef.indexOf(f));
  const count = raw.nodes.length / N;
  // Where each node's edges start in `edges`: they are stored in node order.
  const firstEdge = new Uint32Array(count + 1);
  for (let i = 0; i < count; i++) firstEdge[i + 1] = firstEdge[i] + raw.nodes[i * N + EDGES] * E;
  const edge = (e: number): [string, string] => {
    const type = et[0][raw.edges[e + ETYPE]];
    const nameOrIndex = raw.edges[e + ENAME];
    return [type, type === 'element' || type === 'hidden' ? `[${nameOrIndex}]` : raw.strings[nameOrIndex]];
  };
  let reverse: [number, string, string][][] | undefined;
  const buildReverse = () => {
    const r: [number, string, string][][] = Array.from({ length: count }, () => []);
    for (let i = 0; i < count; i++) {
      for (let e = firstEdge[i]; e < firstEdge[i + 1]; e += E) r[raw.edges[e + ETO] / N].push([i, ...edge(e)]);
    }
    return r;
  };
  return {
    count,
    id: (i) => raw.nodes[i * N + ID],
    type: (i) => nt[0][raw.nodes[i * N + TYPE]],
    name: (i) => raw.strings[raw.nodes[i * N + NAME]],
    size: (i) => raw.nodes[i * N + SIZE],
    edges: (i) => {
      const out: [number, string, string][] = [];
      for (let e = firstEdge[i]; e < firstEdge[i + 1]; e += E) out.push([raw.edges[e + ETO] / N, ...edge(e)]);
      return out;
    },
    retainers: (i) => (reverse ??= buildReverse())[i],
  };
}

/** Count and self size of each group, keyed `type name` (strings grouped as one). */
export function groups(heap: Heap): Map<string, { count: number; size: number }> {
  const out = new Map<string, { count: number; size: number }>();
  for (let i = 0; i < heap.count; i++) {
    const type = heap.type(i);
    const key = type === 'string' || type === 'concatenated string' || type === 'sliced string' ? '(strings)' : `${type} ${heap.name(i).slice(0, 80)}`;
    const g = out.get(key) ?? { count: 0, size: 0 };
    g.count += 1;
    g.size += heap.size(i);
    out.set(key, g);
  }
  return out;
}

/** One chain of holders of node i, nearest first, skipping weak edges and the snapshot's roots. */
function chain(heap: Heap, i: number, depth = 12): string[] {
  const seen = new Set([i]);
  const path: string[] = [];
  let at = i;
  for (let d = 0; d < depth; d++) {
    const next = heap.retainers(at).find(([from, type]) => type !== 'weak' && !seen.has(from) && heap.type(from) !== 'synthetic');
    if (!next) break;
    const [from, type, name] = next;
    seen.add(from);
    path.push(`${type === 'element' ? name : `.${name}`} of ${heap.type(from)} ${heap.name(from).slice(0, 60)}`);
    at = from;
  }
  return path;
}

/**
 * What is new in `after` (ids absent from `before`), by its nearest old holder: a breadth-first
 * walk from the snapshot's root along strong edges; a new node reached from an old one is that
 * one's, a new node reached from a new one is its finder's holder's. Each holder (one object) is
 * shown with the chain that holds it in turn.
 */
export function newByHolder(before: Heap, after: Heap): { key: string; count: number; size: number }[] {
  const old = new Set<number>();
  for (let i = 0; i < before.count; i++) old.add(before.id(i));
  const holderOf = new Int32Array(after.count).fill(-2);
  const edgeOf: string[] = [];
  const out = new Map<number, { count: number; size: number; edge: string }>();
  const queue = [0];
  holderOf[0] = -1;
  for (let q = 0; q < queue.length; q++) {
    const at = queue[q];
    const atOld = old.has(after.id(at));
    for (const [to, type, name] of after.edges(at)) {
      if (type === 'weak' || holderOf[to] !== -2) continue;
      if (old.has(after.id(to))) holderOf[to] = -1;
      else {
        holderOf[to] = atOld ? at : holderOf[at];
        edgeOf[to] = atOld ? (type === 'element' ? name : `.${name.slice(0, 40)}`) : edgeOf[at];
        const g = out.get(holderOf[to]) ?? { count: 0, size: 0, edge: edgeOf[to] };
        g.count += 1;
        g.size += after.size(to);
        out.set(holderOf[to], g);
      }
      queue.push(to);
    }
  }
  return [...out].map(([holder, g]) => ({
    key: holder < 0 ? '(the root)' : `${after.type(holder)} ${after.name(holder).slice(0, 50)} (${g.edge}) ← ${chain(after, holder, 5).join(' ← ')}`,
    count: g.count,
    size: g.size,
  })).sort((x, y) => y.size - x.size);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '40' }, retainers: { type: 'string' }, new: { type: 'boolean', default: false } } });
  const [beforeFile, afterFile] = positionals;
  if (!beforeFile || !afterFile) {
    console.error('usage: day-snapshot.ts BEFORE.heapsnapshot AFTER.heapsnapshot [--top N] [--retainers NAME]');
    process.exit(2);
  }
  if (values.new) {
    console.log('allocated since BEFORE and alive, by nearest older holder: bytes, nodes, holder and edge');
    for (const r of newByHolder(readSnapshot(beforeFile), readSnapshot(afterFile)).slice(0, Number(values.top))) {
      console.log(`${String(r.size).padStart(10)} ${String(r.count).padStart(7)}  ${r.key}`);
    }
    process.exit(0);
  }
  const before = groups(readSnapshot(beforeFile));
  const afterHeap = readSnapshot(afterFile);
  const after = groups(afterHeap);
  const rows = [...after].map(([key, a]) => {
    const b = before.get(key) ?? { count: 0, size: 0 };
    return { key, count: a.count - b.count, size: a.size - b.size, total: a.size };
  });
  rows.sort((x, y) => y.size - x.size);
  console.log('grown by self size (bytes), count change, total after:');
  for (const r of rows.slice(0, Number(values.top))) console.log(`${String(r.size).padStart(10)} ${String(r.count).padStart(7)} ${String(r.total).padStart(10)}  ${r.key}`);
  if (values.retainers) {
    let shown = 0;
    for (let i = 0; i < afterHeap.count && shown < 5; i++) {
      if (afterHeap.name(i) !== values.retainers) continue;
      shown += 1;
      console.log(`\n${afterHeap.type(i)} ${values.retainers} (${afterHeap.size(i)} B) held by:\n  ${chain(afterHeap, i).join('\n  ')}`);
    }
  }
}
