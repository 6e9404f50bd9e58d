/**
 * Many favourites marked or unmarked at once (`library.favourite`; docs/library-files.md,
 * "Curation"). A favourite lives in the item's row (position 10 of its details, index-columns.ts)
 * and its sidecar. One mark (`Library.setFavourite`) writes the sidecar first; thousands cannot
 * be written in one step, so here the rows change in one transaction that also marks every
 * changed item lagging, as a curation edit does (curation.ts): a kill leaves all of them marked or
 * none, and the sidecars follow in the background (sidecar-drain.ts, which writes the row's mark).
 */
import type { Curation } from './curation.js';
import type { Db } from '../db/migrations.js';

/** Marks (or unmarks) `ids`, items of the library; answers the ids that changed. */
export function favouriteMany(curation: Curation, ids: readonly string[], favourite: boolean): string[] {
  const flip = curation.db.prepare(`UPDATE library_items SET rest = json_set(rest, '$[10]', json(?))
    WHERE id = ? AND coalesce(json_extract(rest, '$[10]'), 0) IS NOT ?`);
  const changed: string[] = [];
  curation.edited(changed, () => {
    for (const id of ids) if (flip.run(favourite ? 'true' : 'null', id, favourite ? 1 : 0).changes > 0) changed.push(id);
  });
  for (const id of changed) if (favourite) curation.favourites.add(id); else curation.favourites.delete(id);
  return changed;
}

/** The item's favourite mark as its row says: what the sidecar drain writes into its sidecar. */
export function rowFavourite(db: Db, id: string): boolean {
  return db.prepare("SELECT json_extract(rest, '$[10]') FROM library_items WHERE id = ?").pluck().get(id) === 1;
}
