/**
 * The hand-off of a job's POST to the sender process (docs/robust-host.md, "A send that outlives
 * its host"; docs/data.md, "The hand-off"): one row per job being sent, in the studio database,
 * which the host and the sender both open (SQLite in WAL mode serves two processes; each waits on
 * the other's write through its busy_timeout).
 *
 * `ready`: the host wrote it before handing the request over; nothing is sent yet.
 * `posting`: the sender claimed it, in one statement, just before its POST; `pid` and `beat`
 *   (refreshed every second while it posts) tell whether that sender is still alive.
 * `answered`: the sender wrote what the gateway answered (task ids, or the failure).
 * `dropped`: the host took it back from `ready` (the sender never claimed it): never sent.
 */
import { readFileSync } from 'node:fs';
import type { Db } from '../../db/migrations.js';

export const HANDOFF_MIGRATION = {
  version: 2,
  name: 'hand-off of sends to the sender process',
  up: (db: Db) => db.exec(`
    CREATE TABLE tasks_sends (
      job_id TEXT PRIMARY KEY,
      state TEXT NOT NULL,
      pid INTEGER,
      beat REAL,
      answer TEXT
    ) STRICT;
  `),
};

export type HandoffState = 'ready' | 'posting' | 'answered' | 'dropped';

export interface HandoffRow {
  job_id: string;
  state: HandoffState;
  pid: number | null;
  beat: number | null;
  answer: string | null;
}

/** A sender whose beat is older than this is taken for gone (its pid may since be another process's). */
export const BEAT_STALE_MS = 10_000;
/** How often a sender refreshes the beat of the rows it is posting. */
export const BEAT_EVERY_MS = 1_000;

/** The host's side: rows written before a hand-off, read and cleared after. */
export class HandoffTable {
  private readonly putReady;
  private readonly dropReady;
  private readonly byJob;
  private readonly remove;
  private readonly everyRow;

  constructor(db: Db) {
    this.putReady = db.prepare(`INSERT INTO tasks_sends (job_id, state) VALUES (?, 'ready')
      ON CONFLICT (job_id) DO UPDATE SET state = 'ready', pid = NULL, beat = NULL, answer = NULL`);
    this.dropReady = db.prepare(`UPDATE tasks_sends SET state = 'dropped' WHERE job_id = ? AND state = 'ready'`);
    this.byJob = db.prepare('SELECT job_id, state, pid, beat, answer FROM tasks_sends WHERE job_id = ?');
    this.remove = db.prepare('DELETE FROM tasks_sends WHERE job_id = ?');
    this.everyRow = db.prepare('SELECT job_id, state, pid, beat, answer FROM tasks_sends');
  }

  /** Written (committed) before the request goes to the sender. */
  ready(jobId: string): void {
    this.putReady.run(jobId);
  }

  /** Takes a row back from `ready`; true when that won, so the sender will never POST it. */
  dropIfReady(jobId: string): boolean {
    return this.dropReady.run(jobId).changes === 1;
  }

  row(jobId: string): HandoffRow | undefined {
    return this.byJob.get(jobId) as HandoffRow | undefined;
  }

  /** The job's record holds the outcome now: its hand-off is over. */
  forget(jobId: string): void {
    this.remove.run(jobId);
  }

  all(): HandoffRow[] {
    return this.everyRow.all() as HandoffRow[];
  }
}

/** The sender's side: the claim before its POST, the beat while it posts, the answer after. */
export class SenderRows {
  private readonly claimOne;
  private readonly beatAll;
  private readonly answerOne;

  constructor(db: Db, private readonly pid: number) {
    this.claimOne = db.prepare(`UPDATE tasks_sends SET state = 'posting', pid = ?, beat = ? WHERE job_id = ? AND state = 'ready'`);
    this.beatAll = db.prepare(`UPDATE tasks_sends SET beat = ? WHERE pid = ? AND state = 'posting'`);
    this.answerOne = db.prepare(`UPDATE tasks_sends SET state = 'answered', answer = ? WHERE job_id = ? AND state = 'posting' AND pid = ?`);
  }

  /** True when this sender may POST the job: the row was `ready` and is now its own. */
  claim(jobId: string, now: number): boolean {
    return this.claimOne.run(this.pid, now, jobId).changes === 1;
  }

  beat(now: number): void {
    this.beatAll.run(now, this.pid);
  }

  answer(jobId: string, answer: string): void {
    this.answerOne.run(answer, jobId, this.pid);
  }
}

/**
 * Whether a process with this id runs (EPERM: it does, another user's). A sender whose host was
 * killed is adopted by whatever reaps orphans; where nothing does (some containers) it stays a
 * zombie after it exits, which Linux's /proc tells apart.
 */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc (macOS, Windows): the signal's word stands
  }
}
