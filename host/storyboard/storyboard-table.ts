/**
 * A storyboard's rows in the studio database (docs/storyboards.md, "Tables"): the board (its shot
 * list as JSON, at most 50 shots) and one row per stage started, keyed by board, shot and stage.
 * A picture's or video's row is written in the transaction that writes its job (the queue's
 * `within`), so a kill leaves both or neither; a narration's row says `sending` before its call.
 */
import type { Shot, StageName, StageView } from '@shared/contract/storyboard.js';
import type { Db, DomainMigrations } from '../db/migrations.js';

export const storyboardMigrations: DomainMigrations = {
  domain: 'storyboard',
  migrations: [
    {
      version: 1,
      name: 'storyboards and their stages',
      up: (db) => db.exec(`
        CREATE TABLE storyboard_boards (
          id TEXT PRIMARY KEY,
          title TEXT NOT NULL,
          aspect_ratio TEXT NOT NULL,
          shots TEXT NOT NULL,
          running INTEGER NOT NULL DEFAULT 0,
          created_at REAL NOT NULL,
          updated_at REAL NOT NULL
        ) STRICT;
        CREATE TABLE storyboard_stages (
          board_id TEXT NOT NULL REFERENCES storyboard_boards (id) ON DELETE CASCADE,
          shot_id TEXT NOT NULL,
          stage TEXT NOT NULL,
          state TEXT NOT NULL,
          job_id TEXT,
          item_id TEXT,
          error TEXT,
          tries TEXT NOT NULL DEFAULT '[]',
          updated_at REAL NOT NULL,
          PRIMARY KEY (board_id, shot_id, stage)
        ) STRICT;
      `),
    },
  ],
};

export interface BoardRow {
  id: string;
  title: string;
  aspectRatio: string;
  shots: Shot[];
  running: boolean;
  createdAt: number;
  updatedAt: number;
}

/**
 * `queued`: its job is in the host's queue (the job's state says the rest); `sending`: a narration's
 * call is under way; `done`: saved, `itemId` names the file; `failed`: stopped, `error` says why.
 */
export type StageRecordState = 'queued' | 'sending' | 'done' | 'failed';

export interface StageRow {
  shotId: string;
  stage: StageName;
  state: StageRecordState;
  jobId?: string;
  itemId?: string;
  error?: StageView['error'];
  /** Earlier jobs of the stage (a retry's), oldest first. */
  tries: string[];
}

const parse = <T>(text: string | null, fallback: T): T => {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

const STAGE_NAMES: readonly string[] = ['picture', 'video', 'narration'];
const RECORD_STATES: readonly string[] = ['queued', 'sending', 'done', 'failed'];

export class StoryboardTable {
  constructor(readonly db: Db) {}

  /** Every board with its stages (read once at start: at most a few hundred boards of 50 shots). */
  all(): { board: BoardRow; stages: StageRow[] }[] {
    const boards = this.db.prepare('SELECT id, title, aspect_ratio AS aspectRatio, shots, running, created_at AS createdAt, updated_at AS updatedAt FROM storyboard_boards').all() as
      { id: string; title: string; aspectRatio: string; shots: string; running: number; createdAt: number; updatedAt: number }[];
    const rows = this.db.prepare('SELECT board_id AS boardId, shot_id AS shotId, stage, state, job_id AS jobId, item_id AS itemId, error, tries FROM storyboard_stages').all() as
      { boardId: string; shotId: string; stage: string; state: string; jobId: string | null; itemId: string | null; error: string | null; tries: string }[];
    const byBoard = new Map<string, StageRow[]>();
    for (const r of rows) {
      // A row this release cannot read (an older or damaged file) is left out: its stage reads as not started.
      if (!STAGE_NAMES.includes(r.stage) || !RECORD_STATES.includes(r.state)) continue;
      const list = byBoard.get(r.boardId) ?? [];
      list.push({
        shotId: r.shotId, stage: r.stage as StageName, state: r.state as StageRecordState, tries: parse(r.tries, []),
        ...(r.jobId ? { jobId: r.jobId } : {}), ...(r.itemId ? { itemId: r.itemId } : {}), ...(r.error ? { error: parse<StageView['error']>(r.error, r.error) } : {}),
      });
      byBoard.set(r.boardId, list);
    }
    return boards.map((b) => ({
      board: { id: b.id, title: b.title, aspectRatio: b.aspectRatio, shots: parse(b.shots, []), running: b.running === 1, createdAt: b.createdAt, updatedAt: b.updatedAt },
      stages: byBoard.get(b.id) ?? [],
    }));
  }

  putBoard(b: BoardRow): void {
    this.db.prepare(`INSERT INTO storyboard_boards (id, title, aspect_ratio, shots, running, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET title = excluded.title, aspect_ratio = excluded.aspect_ratio, shots = excluded.shots, running = excluded.running, updated_at = excluded.updated_at`)
      .run(b.id, b.title, b.aspectRatio, JSON.stringify(b.shots), b.running ? 1 : 0, b.createdAt, b.updatedAt);
  }

  /** A board's new shot list, and the stages its change made stale removed, in one transaction. */
  updateBoard(b: BoardRow, stale: readonly { shotId: string; stage: StageName }[]): void {
    this.db.transaction(() => {
      this.putBoard(b);
      const del = this.db.prepare('DELETE FROM storyboard_stages WHERE board_id = ? AND shot_id = ? AND stage = ?');
      for (const s of stale) del.run(b.id, s.shotId, s.stage);
    })();
  }

  setRunning(id: string, running: boolean, at: number): void {
    this.db.prepare('UPDATE storyboard_boards SET running = ?, updated_at = ? WHERE id = ?').run(running ? 1 : 0, at, id);
  }

  /** Writes a stage's record (inside the caller's transaction when it is a job's write). */
  putStage(boardId: string, s: StageRow, at: number): void {
    this.db.prepare(`INSERT INTO storyboard_stages (board_id, shot_id, stage, state, job_id, item_id, error, tries, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (board_id, shot_id, stage) DO UPDATE SET state = excluded.state, job_id = excluded.job_id, item_id = excluded.item_id,
        error = excluded.error, tries = excluded.tries, updated_at = excluded.updated_at`)
      .run(boardId, s.shotId, s.stage, s.state, s.jobId ?? null, s.itemId ?? null, s.error === undefined ? null : JSON.stringify(s.error), JSON.stringify(s.tries), at);
  }

  removeStage(boardId: string, shotId: string, stage: StageName): void {
    this.db.prepare('DELETE FROM storyboard_stages WHERE board_id = ? AND shot_id = ? AND stage = ?').run(boardId, shotId, stage);
  }

  remove(id: string): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM storyboard_stages WHERE board_id = ?').run(id);
      this.db.prepare('DELETE FROM storyboard_boards WHERE id = ?').run(id);
    })();
  }
}
