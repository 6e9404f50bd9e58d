/**
 * The library's curation in the studio database (docs/library-files.md, "Curation"): ratings,
 * tags, collections and the items whose sidecar lags behind them. These rows are the truth for
 * curation while the studio runs (one transaction per edit, however many items), and the
 * sidecars follow (sidecar-drain.ts). Unlike `library_items`, which is a cache rebuilt from the
 * sidecars, these tables are never wiped by a rebuild: a rebuilt index only adds what the
 * sidecars of items without a lagging row say.
 */
import type { Migration } from '../db/migrations.js';

export const curationMigration: Migration = {
  version: 2,
  name: 'curation',
  up: (db) => db.exec(`
    CREATE TABLE library_ratings (
      item_id TEXT PRIMARY KEY,
      rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5)
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX library_ratings_rating ON library_ratings (rating);
    CREATE TABLE library_item_tags (
      item_id TEXT NOT NULL,
      tag_key TEXT NOT NULL,
      tag TEXT NOT NULL,
      PRIMARY KEY (item_id, tag_key)
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX library_item_tags_key ON library_item_tags (tag_key);
    CREATE TABLE library_collections (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      created_at REAL NOT NULL
    ) STRICT;
    CREATE TABLE library_collection_items (
      collection_id TEXT NOT NULL,
      item_id TEXT NOT NULL,
      PRIMARY KEY (collection_id, item_id)
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX library_collection_items_item ON library_collection_items (item_id);
    CREATE TABLE library_sidecar_lag (
      item_id TEXT PRIMARY KEY,
      edit INTEGER NOT NULL
    ) STRICT, WITHOUT ROWID;
  `),
};
