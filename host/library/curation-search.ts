/**
 * A search word matched against curation (docs/library-files.md, "Search"): the items with a tag,
 * or in a collection whose name, holds the word. Tags and collection names are few next to the
 * items, so each distinct name is tested once and its items are then taken from curation.ts's maps.
 */
import type { Curation } from './curation.js';

/** The items `word` (lower-case) matches by a tag or a collection's name; empty when none. */
export function idsByCuration(curation: Curation, word: string): Set<string> {
  const { tags, memberOf, collections } = curation.searchable;
  const out = new Set<string>();
  const tested = new Map<string, boolean>();
  const holds = (name: string): boolean => {
    let yes = tested.get(name);
    if (yes === undefined) tested.set(name, (yes = name.toLowerCase().includes(word)));
    return yes;
  };
  for (const [id, list] of tags) if (list.some(holds)) out.add(id);
  const named = new Set<string>();
  for (const [id, c] of collections) if (c.name.toLowerCase().includes(word)) named.add(id);
  if (named.size > 0) {
    for (const [id, set] of memberOf) {
      if (out.has(id)) continue;
      for (const c of set) if (named.has(c)) {
        out.add(id);
        break;
      }
    }
  }
  return out;
}

/** The index's `curated` (library-index.ts): matches by curation, keyed by the state's version. */
export function curatedSearch(curation: Curation): { key: string; ids: (word: string) => ReadonlySet<string> } {
  return { key: String(curation.version), ids: (word) => idsByCuration(curation, word) };
}
