/**
 * Pure rules of the Tasks tab: what each state is called, which filter a job falls under, which
 * actions it offers and how its progress and times read. Kept apart from the components so the
 * rows stay thin and the rules are in one place.
 */
import type { TFunction } from 'i18next';
import { ARCHIVED_STATES, type TaskState, type TaskView } from '@shared/contract/tasks.js';
import type { Formats } from '../../../i18n/format.js';

const STATE_KEY = {
  waiting: 'state.waiting',
  submitting: 'state.submitting',
  unknown: 'state.unknown',
  queued: 'state.queued',
  running: 'state.running',
  completed: 'state.completed',
  saved: 'state.saved',
  attention: 'state.attention',
  failed: 'state.failed',
  timed_out: 'state.timedOut',
  expired: 'state.expired',
  cancelled: 'state.cancelled',
} as const satisfies Record<TaskState, string>;

/** What each state is called in the row. */
export const stateLabel = (t: TFunction<'tasks'>, state: TaskState): string => t(STATE_KEY[state]);

/** States in which the host is still working on a job: these tick the clock. */
export const ACTIVE: readonly TaskState[] = ['waiting', 'submitting', 'queued', 'running', 'completed'];

/**
 * The filter tabs. "Needs attention" gathers what only the creator can settle (files that would
 * not save; a submission whose fate is unknown); "Failed" what the gateway or time ended;
 * "Cancelled" what the creator cancelled, apart from failures since nothing went wrong. Every
 * state is under exactly one filter besides All, so the counts add up to All.
 */
export const FILTERS = ['all', 'active', 'saving', 'saved', 'attention', 'failed', 'cancelled'] as const;
export type TaskFilter = (typeof FILTERS)[number];

const FILTER_STATES: Record<Exclude<TaskFilter, 'all'>, readonly TaskState[]> = {
  active: ['waiting', 'submitting', 'queued', 'running'],
  saving: ['completed'],
  saved: ['saved'],
  attention: ['attention', 'unknown'],
  failed: ['failed', 'timed_out', 'expired'],
  cancelled: ['cancelled'],
};

export const isActive = (t: TaskView) => ACTIVE.includes(t.state);

/**
 * The states a filter may find among the archived (finished) jobs: all of them for "All", none for
 * a filter of jobs still going on (`tasks.archived`, older-tasks.tsx).
 */
export function archivedStates(filter: TaskFilter): readonly TaskState[] {
  if (filter === 'all') return ARCHIVED_STATES;
  return FILTER_STATES[filter].filter((s) => (ARCHIVED_STATES as readonly TaskState[]).includes(s));
}

export function matchesFilter(t: TaskView, filter: TaskFilter): boolean {
  return filter === 'all' || FILTER_STATES[filter].includes(t.state);
}

/** How many jobs each filter shows, in one pass over the list. */
export function countByFilter(tasks: readonly TaskView[]): Record<TaskFilter, number> {
  const counts = Object.fromEntries(FILTERS.map((f) => [f, 0])) as Record<TaskFilter, number>;
  for (const t of tasks) for (const f of FILTERS) if (matchesFilter(t, f)) counts[f] += 1;
  return counts;
}

/** A download that gave up (not an expired link): "Check again" retries the save. */
export const hasFailedDownload = (t: TaskView) => t.downloads.some((d) => d.state === 'failed');

/**
 * Stopped while its files were being saved, by a version that marked such a job cancelled (a
 * stop now leaves it needing attention): the gateway finished it (only then does it have an
 * expiry for its links), so it was paid for, and "Retry save", which its message names, restarts
 * the save for free.
 */
export const stoppedWhileSaving = (t: TaskView) => t.state === 'cancelled' && t.expiresAt !== undefined;

/**
 * Cancelled, yet still followed by the host: the gateway cannot stop a paid job, so its result is
 * saved when it finishes (docs/robust-host.md, "Cancel keeps what was paid for").
 */
export const followedAfterCancel = (t: TaskView) => t.state === 'cancelled' && t.cancelledAt !== undefined;

/** States a job can be removed from the list in: ended, and not saved (a saved job is the record of its files). */
const REMOVABLE: readonly TaskState[] = ['attention', 'failed', 'timed_out', 'expired', 'cancelled', 'unknown'];

/** What a row offers; an archived job (older-tasks.tsx) only opens its result or is removed: the host no longer tracks it. */
export function actionsFor(t: TaskView, archived = false) {
  // Retrying spends money again, so it is offered only where the job produced nothing to save. An
  // older job (archived) can still be sent again: the host reads its request back from the archive.
  // Not while a cancelled job is still followed: the first one is still running, and paid for.
  const retry = ['failed', 'timed_out', 'expired', 'unknown'].includes(t.state) || (t.state === 'cancelled' && !stoppedWhileSaving(t) && !followedAfterCancel(t));
  if (archived) {
    return { sendNext: false, cancel: false, stopSaving: false, retry, checkAgain: false, retrySave: false, openLink: false, remove: REMOVABLE.includes(t.state), open: t.state === 'saved' && t.downloads.some((d) => d.libraryId) };
  }
  return {
    // A batch's job not yet sent can go ahead of the cells before it (docs/batches.md).
    sendNext: t.state === 'waiting' && t.batch !== undefined,
    cancel: t.state === 'waiting' || t.state === 'submitting' || t.state === 'queued' || t.state === 'running',
    // Both ask first (task-actions.tsx): a cancel cannot stop the gateway's bill; a stop removes the partial file.
    stopSaving: t.state === 'completed',
    retry,
    checkAgain: t.state === 'timed_out' || t.state === 'expired' || (t.state === 'completed' && hasFailedDownload(t)),
    // The same call as "Check again" (fresh links, then the save), named for what it does here.
    retrySave: t.state === 'attention' || stoppedWhileSaving(t),
    openLink: t.state === 'attention',
    remove: REMOVABLE.includes(t.state),
    open: t.state === 'saved' && t.downloads.some((d) => d.libraryId),
  };
}

/** Value (0–100) of the job's bar, `null` for "indeterminate", `undefined` for no bar at all. */
export function progressOf(t: TaskView): number | null | undefined {
  if (t.state === 'queued') return 0;
  if (t.state === 'running') return t.progress === undefined ? null : clampPercent(t.progress);
  if (t.state !== 'completed') return undefined;
  if (t.downloads.length === 0) return 0;
  let received = 0;
  let total = 0;
  for (const d of t.downloads) {
    if (d.total === undefined) return null;
    received += d.state === 'done' ? d.total : d.received;
    total += d.total;
  }
  return total > 0 ? clampPercent((received / total) * 100) : null;
}

const clampPercent = (n: number) => Math.max(0, Math.min(100, Math.round(n)));

export function formatBytes(f: Formats, n: number): string {
  if (n < 1024) return `${f.number(n)} B`;
  if (n < 1024 * 1024) return `${f.fixed(n / 1024, 0)} KB`;
  return `${f.fixed(n / 1024 / 1024, 1)} MB`;
}

/** Bytes received so far, for the saving line ("1.2 MB of 3.4 MB · 2 files"). */
export function downloadSummary(t: TFunction<'tasks'>, f: Formats, task: TaskView): string | undefined {
  if (task.downloads.length === 0) return undefined;
  const received = formatBytes(f, task.downloads.reduce((n, d) => n + d.received, 0));
  const totals = task.downloads.map((d) => d.total);
  const total = totals.every((x) => x !== undefined) ? totals.reduce((n, x) => n + (x ?? 0), 0) : undefined;
  const files = { count: task.downloads.length, n: f.number(task.downloads.length) };
  return total === undefined
    ? t('progress.received', { received, ...files })
    : t('progress.receivedOf', { received, total: formatBytes(f, total), ...files });
}

/** The id a creator would quote to the gateway's support: the gateway's own, else ours. */
export const copyableId = (t: TaskView) => t.remoteId ?? t.id;

/** Newest first; ties keep a stable order by id so rows never jump. */
export const byNewest = (a: TaskView, b: TaskView) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1);
