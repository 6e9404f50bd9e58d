/**
 * The facet filters (docs/data.md, "Facets") as SQL over `library_items`, for the moments the
 * gallery is answered from the database (library-rows.ts): the same buckets as the in-memory
 * columns (facet-columns.ts), by the same functions of shared/contract/library-facets.ts.
 */
import { ASPECT_BUCKETS, ASPECT_LIMITS, COST_BUCKETS, DATE_AGES, DATE_BUCKETS, RESOLUTION_BUCKETS, type FacetFilter } from '@shared/contract/library-facets.js';
import type { Db } from '../db/migrations.js';
import { packExtras } from './facet-columns.js';

const BUCKET = 'library_facet_bucket';
/** aspectCode, in SQL over the `ratio` column. */
const [P, S, L] = ASPECT_LIMITS;
const ASPECT_SQL = `(CASE WHEN NOT (ratio > 0) THEN 4 WHEN ratio < ${P} THEN 0 WHEN ratio < ${S} THEN 1 WHEN ratio < ${L} THEN 2 ELSE 3 END)`;

/** Registers the function the clauses call: a row's resolution or cost code, from its `rest`. */
export function registerFacetSql(db: Db): void {
  db.function(BUCKET, { deterministic: true }, (which: unknown, rest: unknown) => {
    const x = packExtras(typeof rest === 'string' ? rest : '');
    return which === 'resolution' ? x & 7 : (x >> 3) & 7;
  });
}

/** Adds a clause per facet filter of `q`. */
export function facetSql(q: FacetFilter, add: (sql: string, ...values: unknown[]) => void, now = Date.now()): void {
  if (q.date !== undefined) {
    const k = DATE_BUCKETS.indexOf(q.date);
    if (k < DATE_AGES.length) add('created_at > ?', now - DATE_AGES[k]);
    if (k > 0) add('created_at <= ?', now - DATE_AGES[k - 1]);
  }
  if (q.rating === 0) add('id NOT IN (SELECT item_id FROM library_ratings)');
  else if (q.rating !== undefined) add('id IN (SELECT item_id FROM library_ratings WHERE rating = ?)', q.rating);
  if (q.aspect !== undefined) add(`${ASPECT_SQL} = ?`, ASPECT_BUCKETS.indexOf(q.aspect));
  if (q.resolution !== undefined) add(`${BUCKET}('resolution', rest) = ?`, RESOLUTION_BUCKETS.indexOf(q.resolution));
  if (q.cost !== undefined) add(`${BUCKET}('cost', rest) = ?`, COST_BUCKETS.indexOf(q.cost));
}
