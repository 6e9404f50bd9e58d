/**
 * "Used in", the reverse of each item's `madeFrom` (docs/library-files.md, "Lineage"), as edges in
 * the studio database: `library_lineage (child_id, parent_id, kind)`, indexed by parent, so an
 * item's "used in" is one indexed lookup rather than a scan of 100,000 items.
 *
 * The edges follow the rows: every row written (library-table.ts `put`: a save, a favourite, a
 * rebuild from the sidecars, a move) writes its edges in the same transaction (`LineageEdges`),
 * and a trigger takes a removed row's edges with it, however it was removed. A trigger on insert
 * did the writing too, at first: reading the row's JSON inside SQLite made writing 100,000 rows
 * two to three times slower than reading it here (bench/lineage.ts). An edge whose parent is gone
 * stays, and says "gone" (lineage.ts). A row whose `rest` is not JSON makes no edges.
 */
import type { Db, Migration } from '../db/migrations.js';

/**
 * The library domain's migration 3: the edges, filled from the rows already there (one statement,
 * at the database's opening; only rows that name an item are parsed, and an earlier release's
 * name none).
 */
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
    CREATE TRIGGER library_lineage_drop AFTER DELETE ON library_items BEGIN
      DELETE FROM library_lineage WHERE child_id = old.id;
    END;
    INSERT OR IGNORE INTO library_lineage (child_id, parent_id, kind)
      SELECT r.id, value ->> 'itemId', value ->> 'kind'
      FROM (SELECT id, rest FROM library_items WHERE instr(rest, '"itemId"') > 0) AS r,
        json_each(CASE WHEN json_valid(r.rest) THEN r.rest ELSE '[]' END, '$[13]')
      WHERE type = 'object' AND (value ->> 'itemId') IS NOT NULL AND (value ->> 'kind') IS NOT NULL;
  `),
};

/** The items that name `parentId` as a source, at most `limit`, each once. */
export function childrenOf(db: Db, parentId: string, limit: number): string[] {
  return db.prepare('SELECT DISTINCT child_id FROM library_lineage WHERE parent_id = ? LIMIT ?').pluck().all(parentId, limit) as string[];
}

/** Position of `madeFrom` in a row's `rest` (index-columns.ts). */
const MADE_FROM = 13;

/** The edges a row's `rest` names: its sources that are library items. */
export function edgesOf(rest: string): { parent: string; kind: string }[] {
  // Most rows name no item: they are not parsed.
  if (!rest.includes('"itemId"')) return [];
  let fields: unknown;
  try {
    fields = JSON.parse(rest);
  } catch {
    return [];
  }
  const madeFrom = Array.isArray(fields) ? (fields[MADE_FROM] as unknown) : undefined;
  if (!Array.isArray(madeFrom)) return [];
  return madeFrom.flatMap((r: unknown) => {
    const { itemId, kind } = (r ?? {}) as { itemId?: unknown; kind?: unknown };
    return typeof itemId === 'string' && typeof kind === 'string' ? [{ parent: itemId, kind }] : [];
  });
}

/** Writes a row's edges in place of those it had; called within the row's own write. */
export class LineageEdges {
  private readonly clear;
  private readonly insert;

  constructor(db: Db) {
    this.clear = db.prepare('DELETE FROM library_lineage WHERE child_id = ?');
    this.insert = db.prepare('INSERT OR IGNORE INTO library_lineage (child_id, parent_id, kind) VALUES (?, ?, ?)');
  }

  put(id: string, rest: string): void {
    this.clear.run(id);
    for (const e of edgesOf(rest)) this.insert.run(id, e.parent, e.kind);
  }
}
