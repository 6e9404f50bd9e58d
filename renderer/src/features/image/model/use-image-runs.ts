/**
 * The tab's results, newest first, kept by the host with the drafts (state/draft-storage.ts, key
 * `draft:image-runs`), so a reload, a restart or another browser origin finds them again. Only ids
 * and small facts are kept, never image data: asynchronous runs keep their job's id and follow it
 * live through `tasks.onDidChange` (nothing polls) after one catch-up read of `tasks.list`; native
 * runs keep their library item ids and read the items back with `library.get`. Older results stay
 * in the Gallery; the tab keeps only the last few so the entry never grows without bound.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { EMPTY, api, call, callKey, useEvent } from '../../../api/client.js';
import type { LibraryItemView } from '@shared/contract/library.js';
import type { NativeImageResult } from '@shared/contract/media.js';
import type { TaskView } from '@shared/contract/tasks.js';
import type { Message } from '@shared/messages/message.js';
import { readDraft, writeDraft } from '../../../state/draft-storage.js';

/** Why a model's request was not sent or not accepted: the host's message, or the form's own words. */
export interface Refusal {
  message: string;
  text?: Message;
}

export type Outcome =
  /** Sent, no answer yet. After a reload it can no longer come: shown as interrupted. */
  | { kind: 'pending' }
  /** Was pending when the page went away: its answer is in Tasks or the Gallery, if it came. */
  | { kind: 'interrupted' }
  /**
   * `saved`: the library ids its jobs saved, once every one of them was saved. The host's task
   * list keeps only the newest finished jobs (shared/contract/tasks.ts, LISTED_FINISHED), so a run
   * shows its images from these once its job has left the list.
   */
  | { kind: 'async'; jobId: string; saved?: string[] }
  | ({ kind: 'native'; itemIds: string[] } & Omit<NativeImageResult, 'items'>)
  | { kind: 'refused'; refusal: Refusal };

/** One model's part of a run, with the settings it was sent with (the tile's shape comes from `size`). */
export interface Cell {
  model: string;
  size?: string;
  resolution?: string;
  n?: string;
  outcome: Outcome;
}

export interface Run {
  key: string;
  prompt: string;
  /** A compare row: the same prompt to several models, one cell each. */
  compare: boolean;
  /** The cell kept in focus ("Keep this one"), by model. */
  kept?: string;
  cells: Cell[];
}

export const RUNS_KEY = 'image-runs';
export const KEEP = 12;
const NONE: { runs: Run[] } = { runs: [] };

/** What a cell shows for its jobs: the views, or `gone` once the host no longer lists the job. */
export type Jobs = TaskView[] | 'gone' | 'loading';

type AsyncOutcome = Extract<Outcome, { kind: 'async' }>;

/** The library ids of the files the jobs have saved so far, in order. */
const libraryIdsOf = (jobs: readonly TaskView[]) => jobs.flatMap((j) => j.downloads.flatMap((d) => (d.libraryId ? [d.libraryId] : [])));

/** The library ids a cell's jobs saved, once all of them are saved; else undefined. */
function savedIds(jobs: Jobs): string[] | undefined {
  return Array.isArray(jobs) && jobs.every((j) => j.state === 'saved') ? libraryIdsOf(jobs) : undefined;
}

/**
 * Job views held beyond those the kept runs show. Every image job's events reach the tab (jobs
 * sent from Tasks, from another window), and one can arrive before `tasks.submit` has answered,
 * so the newest few are held until a run claims them; the rest are let go, or a day of jobs would
 * all stay in memory (bench/day.ts).
 */
export const SPARE_JOBS = 24;

/** The jobs the runs show (each cell's job and the jobs sharing its submission), plus the newest spare ones. */
export function pruneJobs(tasks: Record<string, TaskView>, runs: readonly Run[], spare = SPARE_JOBS): Record<string, TaskView> {
  const claimed = new Set<string>();
  const submissions = new Set<string>();
  const submission = (t: TaskView) => `${t.createdAt}\u0000${t.model}\u0000${t.prompt}`;
  for (const run of runs) {
    for (const cell of run.cells) {
      if (cell.outcome.kind !== 'async') continue;
      claimed.add(cell.outcome.jobId);
      const job = tasks[cell.outcome.jobId];
      if (job) submissions.add(submission(job));
    }
  }
  const kept: Record<string, TaskView> = {};
  const rest: TaskView[] = [];
  for (const t of Object.values(tasks)) {
    if (claimed.has(t.id) || submissions.has(submission(t))) kept[t.id] = t;
    else rest.push(t);
  }
  for (const t of rest.sort((a, b) => b.createdAt - a.createdAt).slice(0, spare)) kept[t.id] = t;
  return kept;
}

function restore(): Run[] {
  const runs = readDraft(RUNS_KEY, NONE).runs;
  if (!Array.isArray(runs)) return [];
  return runs
    .filter((r) => r && typeof r.key === 'string' && typeof r.prompt === 'string' && Array.isArray(r.cells))
    .slice(0, KEEP)
    .map((r) => ({ ...r, cells: r.cells.map((c) => (c.outcome?.kind === 'pending' ? { ...c, outcome: { kind: 'interrupted' } } : c)) }));
}

export function useImageRuns() {
  const queryClient = useQueryClient();
  const [runs, setRuns] = useState<Run[]>(restore);
  // Every image job seen, by id: an event may arrive before `tasks.submit` has even answered.
  const [tasks, setTasks] = useState<Record<string, TaskView>>({});
  const [listed, setListed] = useState(false);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());

  useEvent('tasks.onDidChange', (view) => {
    if (view.kind !== 'image') return;
    // Job views no kept run shows are let go once twice the spare ones have piled up.
    setTasks((m) => {
      const next = { ...m, [view.id]: view };
      return Object.keys(next).length > KEEP + SPARE_JOBS * 2 ? pruneJobs(next, runs) : next;
    });
  });
  useEvent('tasks.onDidRemove', ({ id }) => setRemoved((s) => new Set(s).add(id)));
  // A saved image deleted in the Gallery meanwhile is read again, and then shows as deleted.
  useEvent('library.onDidChange', ({ reason, id }) => {
    if (reason === 'removed' && id) void queryClient.invalidateQueries({ queryKey: callKey('library.get', { id }) });
  });

  // One catch-up read of the jobs restored runs follow; events seen meanwhile win, as the stream is ordered.
  useEffect(() => {
    let live = true;
    const seen = new Set<string>();
    const off = api.subscribe('tasks.onDidChange', (t) => seen.add(t.id));
    call('tasks.list', EMPTY)
      .then((list) => {
        if (!live) return;
        setTasks((m) => {
          const next = { ...m };
          for (const t of list) if (t.kind === 'image' && !seen.has(t.id)) next[t.id] = t;
          return next;
        });
        setListed(true);
      })
      // Only a catch-up read: events keep coming if it fails, and restored jobs stay "loading".
      .catch(() => undefined)
      .finally(off);
    return () => {
      live = false;
      off();
    };
  }, []);

  // Written through at each change (a submission, an answer, a kept cell): rare, and small. Also
  // once at load, so the host has this origin's copy even if the page went away before its last
  // write reached the host (draft-storage.ts waits for typing to pause).
  const written = useRef<Run[] | null>(null);
  useEffect(() => {
    if (written.current === runs || (written.current === null && runs.length === 0)) return;
    written.current = runs;
    writeDraft(RUNS_KEY, { runs });
  }, [runs]);

  const add = useCallback((run: Run) => setRuns((list) => [run, ...list.filter((r) => r.key !== run.key)].slice(0, KEEP)), []);

  const settle = useCallback((key: string, index: number, outcome: Outcome) => {
    setRuns((list) => list.map((r) => (r.key === key ? { ...r, cells: r.cells.map((c, i) => (i === index ? { ...c, outcome } : c)) } : r)));
  }, []);

  const keep = useCallback((key: string, model: string | undefined) => {
    setRuns((list) => list.map((r) => (r.key === key ? { ...r, kept: model } : r)));
  }, []);

  /** A submitted job's first view, unless an event already brought a fresher one. */
  const seedJob = useCallback((job: TaskView) => setTasks((m) => (m[job.id] ? m : { ...m, [job.id]: job })), []);

  /** A native answer's items go straight into the cache `library.get` reads, so tiles need no call. */
  const seedItems = useCallback(
    (items: LibraryItemView[]) => {
      for (const item of items) queryClient.setQueryData(callKey('library.get', { id: item.id }), item);
    },
    [queryClient],
  );

  /**
   * The jobs of a cell, freshest view of each. A gateway that splits one request into several
   * tasks gets one job per task from the host, all sharing the submission's time and prompt.
   */
  const jobsOf = (outcome: AsyncOutcome): Jobs => {
    const job = tasks[outcome.jobId];
    if (!job || removed.has(job.id)) return removed.has(outcome.jobId) || listed ? 'gone' : 'loading';
    const siblings = Object.values(tasks).filter(
      (t) => t.id !== job.id && !removed.has(t.id) && t.createdAt === job.createdAt && t.prompt === job.prompt && t.model === job.model,
    );
    return [job, ...siblings];
  };

  // A cell whose jobs are all saved keeps their library ids with the run (and so with the drafts).
  useEffect(() => {
    runs.forEach((run) =>
      run.cells.forEach((cell, index) => {
        const o = cell.outcome;
        if (o.kind !== 'async' || o.saved) return;
        const saved = savedIds(jobsOf(o));
        if (saved) settle(run.key, index, { ...o, saved });
      }),
    );
  });

  return { runs, add, settle, keep, seedJob, seedItems, jobsOf, held: Object.keys(tasks).length };
}

export type ImageRuns = ReturnType<typeof useImageRuns>;

/** The library ids a run shows, in order: the lightbox moves through them with ← and →. */
export function itemIdsOf(runs: Run[], jobsOf: ImageRuns['jobsOf']): string[] {
  const ids: string[] = [];
  for (const run of runs) {
    for (const cell of run.cells) {
      const o = cell.outcome;
      if (o.kind === 'native') ids.push(...o.itemIds);
      if (o.kind !== 'async') continue;
      const jobs = jobsOf(o);
      if (Array.isArray(jobs)) ids.push(...libraryIdsOf(jobs));
      if (jobs === 'gone') ids.push(...(o.saved ?? []));
    }
  }
  return ids;
}
