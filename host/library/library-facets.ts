/**
 * A library's facets (facets.ts), made once per library opened and kept beside it: the columns
 * they count are read from that library's index, database and curation.
 */
import type { FacetFilter, LibraryFacets } from '@shared/contract/library-facets.js';
import { FacetColumns } from './facet-columns.js';
import { countFacets, type FacetLibrary, type FacetQuery } from './facets.js';
import type { Curation } from './curation.js';
import type { LibraryIndex } from './library-index.js';
import type { LibraryTable } from './library-table.js';

/** What of a library (library.ts) its facets read: named here, so the two files do not import each other. */
export interface Library {
  readonly index: LibraryIndex;
  readonly table: LibraryTable;
  readonly curation: Curation;
  open(): Promise<number>;
  searchReady(): Promise<void>;
}

export { facetMask } from './facets.js';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const made = new WeakMap<Library, FacetLibrary>();

export function facetsOf(library: Library): FacetLibrary {
  let f = made.get(library);
  if (!f) {
    const table = library.table;
    const restOf = (id: string) => {
      try {
        return table.restOf(id);
      } catch {
        // The library closed, or its row cannot be read: the item counts as of unknown size and cost.
        return undefined;
      }
    };
    const columns = new FacetColumns(library.index, () => table.db, restOf);
    f = {
      index: library.index, columns,
      curation: () => library.curation.facetSource(),
      collectionName: (id) => library.curation.facetSource().collections.get(id)?.name,
    };
    made.set(library, f);
  }
  return f;
}

/**
 * Whether the in-memory index can answer `q`'s facet filters now: sizes and costs are read once
 * after the first ask (until then such a query is asked of the database, library-rows.ts).
 */
export function facetsReady(library: Library, q: FacetFilter): boolean {
  if (q.resolution === undefined && q.cost === undefined) return true;
  const { columns } = facetsOf(library);
  if (!columns.ready) columns.load().catch(() => undefined);
  return columns.ready;
}

/** `library.facets`: once the rows are in memory and the sizes and costs are read. */
export async function libraryFacets(library: Library, q: FacetQuery): Promise<LibraryFacets> {
  await library.open();
  await library.searchReady();
  const f = facetsOf(library);
  await f.columns.load();
  // Columns remade after a change, then the counts: the loop is given back between them, so no
  // one turn holds both (docs/data.md, "Facets").
  const base = f.columns.baseColumns();
  await nextTurn();
  f.columns.curationColumns(base, f.curation());
  await nextTurn();
  return countFacets(f, q);
}
