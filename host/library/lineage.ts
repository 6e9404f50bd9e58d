/**
 * `library.lineage` (docs/library-files.md, "Lineage"): an item's sources, each with the item when
 * the library still holds it (a source removed is shown as gone, not an error), and the items it
 * was used in, from the edges kept beside the rows (lineage-table.ts): one indexed lookup, then at
 * most MAX_USED_IN items looked up by id.
 */
import { msg } from '@shared/messages/index.js';
import { MAX_USED_IN } from '@shared/contract/lineage-ref.js';
import type { LineageView } from '@shared/contract/lineage.js';
import { coreError } from '../errors.js';
import type { Library } from './library.js';

export function lineageOf(library: Pick<Library, 'get' | 'usedIn'>, id: string): LineageView {
  const item = library.get(id);
  if (!item) throw coreError('not_found', msg('app.settings.itemGone'));
  const madeFrom = (item.madeFrom ?? []).map((ref) => {
    const source = ref.itemId ? library.get(ref.itemId) : undefined;
    return source ? { ref, item: source } : { ref };
  });
  const usedIn = library.usedIn(id, MAX_USED_IN).flatMap((child) => library.get(child) ?? []);
  usedIn.sort((a, b) => b.createdAt - a.createdAt || b.savedAt - a.savedAt);
  return { madeFrom, usedIn };
}
