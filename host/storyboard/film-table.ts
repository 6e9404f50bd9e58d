/**
 * A storyboard's film in the studio database (docs/storyboard-film.md): the library item it is,
 * and the fingerprint of the board it was joined from (its shots' clips and narrations in order,
 * and their titles), so the page can say the film no longer matches the board. A domain of its
 * own, after `storyboard`: a board removed takes its row with it.
 */
import type { Db, DomainMigrations } from '../db/migrations.js';

export const storyboardFilmMigrations: DomainMigrations = {
  domain: 'storyboard-film',
  migrations: [
    {
      version: 1,
      name: 'a storyboard film per board',
      up: (db) => db.exec(`
        CREATE TABLE storyboard_films (
          board_id TEXT PRIMARY KEY REFERENCES storyboard_boards (id) ON DELETE CASCADE,
          item_id TEXT NOT NULL,
          fingerprint TEXT NOT NULL,
          duration REAL NOT NULL,
          made_at REAL NOT NULL
        ) STRICT;
      `),
    },
  ],
};

export interface FilmRow {
  boardId: string;
  itemId: string;
  fingerprint: string;
  duration: number;
  madeAt: number;
}

export class FilmTable {
  constructor(private readonly db: Db) {}

  get(boardId: string): FilmRow | undefined {
    return this.db.prepare('SELECT board_id AS boardId, item_id AS itemId, fingerprint, duration, made_at AS madeAt FROM storyboard_films WHERE board_id = ?').get(boardId) as FilmRow | undefined;
  }

  /** The board's newest film; false when the board is gone meanwhile (its row would have nothing to name). */
  put(row: FilmRow): boolean {
    const board = this.db.prepare('SELECT 1 FROM storyboard_boards WHERE id = ?').get(row.boardId);
    if (!board) return false;
    this.db.prepare(`INSERT INTO storyboard_films (board_id, item_id, fingerprint, duration, made_at) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (board_id) DO UPDATE SET item_id = excluded.item_id, fingerprint = excluded.fingerprint, duration = excluded.duration, made_at = excluded.made_at`)
      .run(row.boardId, row.itemId, row.fingerprint, row.duration, row.madeAt);
    return true;
  }
}
