/**
 * A board as the page sees it (docs/storyboards.md, "States"): each shot's three stages, read from
 * the stage records and, for a stage whose job is in the queue, from the job's own state, so what
 * the page shows is what the queue does, at every start.
 */
import type { BoardView, Shot, ShotView, StageName, StageView } from '@shared/contract/storyboard.js';
import { msg } from '@shared/messages/index.js';
import type { JobRecord, JobState } from '../tasks/job-record.js';
import type { BoardRow, StageRow } from './storyboard-table.js';

export interface Board {
  row: BoardRow;
  /** By `stageKey(shotId, stage)`. */
  stages: Map<string, StageRow>;
}

export const stageKey = (shotId: string, stage: StageName) => `${shotId}/${stage}`;

export interface JobLookup {
  statesOf(ids: readonly string[]): Map<string, { state: JobState; libraryIds: string[] }>;
  get(id: string): JobRecord | undefined;
}

const RUNNING: readonly JobState[] = ['submitting', 'queued', 'running', 'completed'];

/** A queued stage's state, read from its job (listed or archived); a job gone from both reads as failed. */
export function jobStage(rec: StageRow, jobs: JobLookup, states: Map<string, { state: JobState; libraryIds: string[] }>): StageView {
  const base = { jobId: rec.jobId };
  const s = rec.jobId ? states.get(rec.jobId) : undefined;
  if (!s) return { ...base, state: 'failed', error: msg('storyboard.stage.jobGone') };
  if (s.state === 'saved') {
    return s.libraryIds[0] ? { ...base, state: 'done', itemId: s.libraryIds[0] } : { ...base, state: 'failed', error: msg('storyboard.stage.noItem') };
  }
  if (s.state === 'waiting') return { ...base, state: 'waiting' };
  if (RUNNING.includes(s.state)) return { ...base, state: 'running' };
  const error = jobs.get(rec.jobId!)?.error;
  return { ...base, state: 'failed', ...(error !== undefined ? { error } : {}) };
}

/** One stage's view; `inputFailed`: the stage it is made from stopped, so it waits for nothing. */
function stageView(board: Board, shot: Shot, stage: StageName, jobs: JobLookup, states: Map<string, { state: JobState; libraryIds: string[] }>, inputFailed: boolean): StageView {
  if (stage === 'picture' && shot.picture.source === 'library') return { state: 'done', itemId: shot.picture.itemId };
  if (stage === 'narration' && !shot.narration) return { state: 'idle' };
  const rec = board.stages.get(stageKey(shot.id, stage));
  if (!rec) return { state: board.row.running && !inputFailed ? 'waiting' : 'idle' };
  const ids = { ...(rec.jobId ? { jobId: rec.jobId } : {}) };
  switch (rec.state) {
    case 'done': return { ...ids, state: 'done', ...(rec.itemId ? { itemId: rec.itemId } : {}) };
    case 'failed': return { ...ids, state: 'failed', ...(rec.error !== undefined ? { error: rec.error } : {}) };
    case 'sending': return { state: 'running' };
    case 'queued': return jobStage(rec, jobs, states);
  }
}

export function shotViews(board: Board, jobs: JobLookup): ShotView[] {
  const ids = [...board.stages.values()].flatMap((s) => (s.jobId && s.state === 'queued' ? [s.jobId] : []));
  const states = jobs.statesOf(ids);
  return board.row.shots.map((shot) => {
    const picture = stageView(board, shot, 'picture', jobs, states, false);
    return {
      ...shot,
      stages: {
        picture,
        video: stageView(board, shot, 'video', jobs, states, picture.state === 'failed'),
        narration: stageView(board, shot, 'narration', jobs, states, false),
      },
    };
  });
}

export function boardView(board: Board, jobs: JobLookup): BoardView {
  const { id, title, aspectRatio, running, createdAt, updatedAt } = board.row;
  return { id, title, aspectRatio, running, createdAt, updatedAt, shots: shotViews(board, jobs) };
}
