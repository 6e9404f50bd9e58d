/**
 * "Used in", the reverse of each item's `madeFrom` (docs/library-files.md, "Lineage"), as edges in
 * the studio database: `library_lineage (child_id, parent_id, kind)`, indexed by parent, so an
 * item's "used in" is one indexed lookup rather than a scan of 100,000 items.
 *
 * The edges are derived from `library_items.rest` (position 13, index-columns.ts) by triggers, so
 * they follow every way a row is written or removed, one save, a removal, a rebuild from the
 * sidecars, a library move, with no second write to forget: a row written puts its edges, a row
 * removed takes them. An edge whose parent is gone stays, and says "gone" (lineage.ts). A row whose
 * `rest` is not JSON (damaged) makes no edges and is written as before.
 */
import type { Db, Migration } from '../db/migrations.js';

/** The library domain's migration 3: the edges, filled from the rows already there. */
export const lineageMigration: Migration = {
  version: 3,
  name: 'lineage',
  up: (db) => db.exec(`
    CREATE TABLE library_lineage (
      child_id TEXT NOT NULL,
      parent_id TEXT NOT NULL,
      kind TEXT NOT NULL,
      PRIMARY KEY (child_id, parent_id, kind)
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX library_lineage_parent ON library_lineage (parent_id);
    CREATE TRIGGER library_lineage_put AFTER INSERT ON library_items BEGIN
      DELETE FROM library_lineage WHERE child_id = new.id;
      INSERT OR IGNORE INTO library_lineage (child_id, parent_id, kind)
        SELECT new.id, value ->> 'itemId', value ->> 'kind' FROM json_each(CASE WHEN json_valid(new.rest) THEN new.rest ELSE '[]' END, '$[13]')
        WHERE type = 'object' AND (value ->> 'itemId') IS NOT NULL AND (value ->> 'kind') IS NOT NULL;
    END;
    CREATE TRIGGER library_lineage_drop AFTER DELETE ON library_items BEGIN
      DELETE FROM library_lineage WHERE child_id = old.id;
    END;
    INSERT OR IGNORE INTO library_lineage (child_id, parent_id, kind)
      SELECT library_items.id, value ->> 'itemId', value ->> 'kind' FROM library_items, json_each(CASE WHEN json_valid(library_items.rest) THEN library_items.rest ELSE '[]' END, '$[13]')
      WHERE type = 'object' AND (value ->> 'itemId') IS NOT NULL AND (value ->> 'kind') IS NOT NULL;
  `),
};

/** The items that name `parentId` as a source, at most `limit`, each once. */
export function childrenOf(db: Db, parentId: string, limit: number): string[] {
  return db.prepare('SELECT DISTINCT child_id FROM library_lineage WHERE parent_id = ? LIMIT ?').pluck().all(parentId, limit) as string[];
}
