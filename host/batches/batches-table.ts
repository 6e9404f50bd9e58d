/**
 * A batch run's rows in the studio database (docs/batches.md, "Tables"): the batch, and one row per
 * cell with its place in the matrix and its job (the newest; earlier tries kept in `tries`). The
 * jobs themselves are the tasks domain's rows; a batch's rows are written in the transaction that
 * writes its jobs (batch-service.ts), so a kill leaves all of them or none.
 */
import type { Db, DomainMigrations } from '../db/migrations.js';

export const batchesMigrations: DomainMigrations = {
  domain: 'batches',
  migrations: [
    {
      version: 1,
      name: 'batch runs and their cells',
      up: (db) => db.exec(`
        CREATE TABLE batches (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          kind TEXT NOT NULL,
          axes TEXT NOT NULL,
          created_at REAL NOT NULL,
          paused INTEGER NOT NULL DEFAULT 0,
          prompt_id TEXT
        ) STRICT;
        CREATE TABLE batches_cells (
          batch_id TEXT NOT NULL REFERENCES batches (id) ON DELETE CASCADE,
          idx INTEGER NOT NULL,
          coords TEXT NOT NULL,
          job_id TEXT NOT NULL,
          tries TEXT NOT NULL DEFAULT '[]',
          hidden INTEGER NOT NULL DEFAULT 0,
          PRIMARY KEY (batch_id, idx)
        ) STRICT;
      `),
    },
  ],
};

export interface BatchRow {
  id: string;
  name: string;
  kind: 'image' | 'video';
  axes: string[];
  createdAt: number;
  paused: boolean;
  promptId?: string;
}

export interface CellRow {
  index: number;
  coords: Record<string, string>;
  jobId: string;
  tries: string[];
  hidden: boolean;
}

const parse = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

export class BatchesTable {
  constructor(readonly db: Db) {}

  /** Every batch with its cells, as written (read once at start; the service keeps them). */
  all(): { batch: BatchRow; cells: CellRow[] }[] {
    const batches = this.db.prepare('SELECT id, name, kind, axes, created_at AS createdAt, paused, prompt_id AS promptId FROM batches').all() as
      { id: string; name: string; kind: string; axes: string; createdAt: number; paused: number; promptId: string | null }[];
    const cells = this.db.prepare('SELECT batch_id AS batchId, idx, coords, job_id AS jobId, tries, hidden FROM batches_cells ORDER BY batch_id, idx').all() as
      { batchId: string; idx: number; coords: string; jobId: string; tries: string; hidden: number }[];
    const byBatch = new Map<string, CellRow[]>();
    for (const c of cells) {
      const list = byBatch.get(c.batchId) ?? [];
      list.push({ index: c.idx, coords: parse(c.coords, {}), jobId: c.jobId, tries: parse(c.tries, []), hidden: c.hidden === 1 });
      byBatch.set(c.batchId, list);
    }
    return batches.map((b) => ({
      batch: {
        id: b.id, name: b.name, kind: b.kind === 'video' ? 'video' : 'image', axes: parse(b.axes, []), createdAt: b.createdAt, paused: b.paused === 1,
        ...(b.promptId ? { promptId: b.promptId } : {}),
      },
      cells: byBatch.get(b.id) ?? [],
    }));
  }

  /** Writes a new batch and its cells (inside the caller's transaction: the jobs' write). */
  insert(batch: BatchRow, cells: readonly CellRow[]): void {
    this.db.prepare('INSERT INTO batches (id, name, kind, axes, created_at, paused, prompt_id) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(batch.id, batch.name, batch.kind, JSON.stringify(batch.axes), batch.createdAt, batch.paused ? 1 : 0, batch.promptId ?? null);
    const cell = this.db.prepare('INSERT INTO batches_cells (batch_id, idx, coords, job_id, tries, hidden) VALUES (?, ?, ?, ?, ?, ?)');
    for (const c of cells) cell.run(batch.id, c.index, JSON.stringify(c.coords), c.jobId, JSON.stringify(c.tries), c.hidden ? 1 : 0);
  }

  /** A cell's new job (a retry), its earlier ones in `tries`. */
  setCellJob(batchId: string, index: number, jobId: string, tries: readonly string[]): void {
    this.db.prepare('UPDATE batches_cells SET job_id = ?, tries = ? WHERE batch_id = ? AND idx = ?').run(jobId, JSON.stringify(tries), batchId, index);
  }

  setPaused(id: string, paused: boolean): void {
    this.db.prepare('UPDATE batches SET paused = ? WHERE id = ?').run(paused ? 1 : 0, id);
  }

  setHidden(id: string, index: number, hidden: boolean): void {
    this.db.prepare('UPDATE batches_cells SET hidden = ? WHERE batch_id = ? AND idx = ?').run(hidden ? 1 : 0, id, index);
  }

  remove(id: string): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM batches_cells WHERE batch_id = ?').run(id);
      this.db.prepare('DELETE FROM batches WHERE id = ?').run(id);
    })();
  }
}
