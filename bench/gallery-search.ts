/**
 * The Gallery's search over everything (docs/library-files.md, "Search") at 100,000 items: the
 * in-memory index with every other item's prompt rewritten by the gateway and 20,000 items
 * tagged and collected, searched for words found in the prompt, the rewritten prompt, a tag and a
 * collection's name, once the search texts are made (as after the opening). Budget: ≤ 50 ms a
 * search (the median of several different queries).
 *   npx tsx bench/gallery-search.ts
 */
import { report, type Row } from './lib/child.js';
import { columnsOf } from '../host/library/index-columns.js';
import { LibraryIndex } from '../host/library/library-index.js';
import type { LibraryItem } from '../host/library/library-item.js';
import { curatedSearch } from '../host/library/curation-search.js';
import type { Curation } from '../host/library/curation.js';

const N = 100_000;
const WORDS = ['fox', 'owl', 'harbour', 'lantern', 'meadow', 'forest', 'neon', 'city', 'river', 'storm', 'glass', 'copper', 'dusk', 'dawn'];
const word = (i: number, k: number) => WORDS[(i * 7 + k * 3) % WORDS.length];

const items: LibraryItem[] = [];
const rewritten: [number, string, string][] = [];
const tags = new Map<string, string[]>();
const memberOf = new Map<string, Set<string>>();
for (let i = 0; i < N; i++) {
  const id = `item-${String(i).padStart(6, '0')}`;
  const prompt = `a ${word(i, 0)} by the ${word(i, 1)} at ${word(i, 2)}, picture ${i}`;
  items.push({ version: 1, id, kind: 'image', file: `2026-01/${id}.png`, mime: 'image/png', bytes: 1, prompt, model: i % 3 ? 'seedream-4-0' : 'wan2.5', params: {}, createdAt: 1_767_225_600_000 + i, savedAt: 1_767_225_600_000 + i });
  if (i % 2 === 0) rewritten.push([i + 1, id, `${prompt}, cinematic lighting, smooth camera motion, rich detail, shot ${i}`]);
  if (i % 5 === 0) {
    tags.set(id, [`tag-${i % 50}`, i % 10 === 0 ? 'Moonlit' : 'keep']);
    memberOf.set(id, new Set([`c${i % 20}`]));
  }
}
const collections = new Map(Array.from({ length: 20 }, (_, k) => [`c${k}`, { name: k === 7 ? 'Portfolio Picks' : `Collection ${k}` }]));
const curation = { version: 1, searchable: { tags, memberOf, collections } } as unknown as Curation;

const index = new LibraryIndex(() => undefined, () => undefined, () => [], (after, limit) => rewritten.filter((r) => r[0] > after).slice(0, limit));
index.load(columnsOf(items));
await index.warm();

const queries = ['fox', 'cinematic owl', 'moonlit', 'portfolio', 'harbour dusk camera', 'shot 4242', 'nothing-here', 'tag-7 fox', 'copper lantern', 'wan2.5 storm'];
const times: number[] = [];
let hits = 0;
for (const [k, text] of queries.entries()) {
  // A new curation state each time: nothing is answered from the last query's matches.
  const q = { text, curated: { ...curatedSearch({ ...curation, version: k } as unknown as Curation), key: String(k) }, limit: 200 };
  const t0 = performance.now();
  const r = index.list(q);
  index.shapes(q);
  times.push(performance.now() - t0);
  hits += r.total;
}
const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
const rows: Row[] = [
  { figure: `search over prompts, rewritten prompts, models, tags and collections at ${N.toLocaleString('en-US')} items, ${queries.length} queries (ms, median; max ${Math.max(...times).toFixed(1)}; ${Math.round(hits / queries.length)} hits on average)`, value: median.toFixed(1), budget: '≤ 50', ok: median <= 50 },
];
report(rows);
