/**
 * Pure rules of the Tasks tab: what each state is called, which filter a job falls under, which
 * actions it offers and how its progress and times read. Kept apart from the components so the
 * rows stay thin and the rules are in one place.
 */
import type { TaskState, TaskView } from '../../../../shared/contract/tasks.js';

export const STATE_LABEL: Record<TaskState, string> = {
  submitting: 'Submitting',
  unknown: 'Fate unknown: not resubmitted',
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed — saving…',
  saved: 'Saved',
  failed: 'Failed',
  timed_out: 'Timed out',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** States in which the host is still working on a job: these tick the clock. */
export const ACTIVE: readonly TaskState[] = ['submitting', 'queued', 'running', 'completed'];
/** Endings that need the user's attention, gathered under "Failed". */
const PROBLEMS: readonly TaskState[] = ['failed', 'timed_out', 'expired', 'unknown'];

export const FILTERS = ['all', 'active', 'finished', 'failed'] as const;
export type TaskFilter = (typeof FILTERS)[number];
export const FILTER_LABEL: Record<TaskFilter, string> = { all: 'All', active: 'Active', finished: 'Finished', failed: 'Failed' };

export const isActive = (t: TaskView) => ACTIVE.includes(t.state);

export function matchesFilter(t: TaskView, filter: TaskFilter): boolean {
  if (filter === 'active') return isActive(t);
  if (filter === 'failed') return PROBLEMS.includes(t.state);
  if (filter === 'finished') return t.state === 'saved' || t.state === 'cancelled';
  return true;
}

/** A download that gave up (not an expired link): "Check again" retries the save. */
export const hasFailedDownload = (t: TaskView) => t.downloads.some((d) => d.state === 'failed');

export function actionsFor(t: TaskView) {
  return {
    cancel: t.state === 'submitting' || t.state === 'queued' || t.state === 'running',
    // Retrying spends money again, so it is offered only where the job produced nothing.
    retry: ['failed', 'timed_out', 'expired', 'cancelled', 'unknown'].includes(t.state),
    checkAgain: t.state === 'timed_out' || t.state === 'expired' || (t.state === 'completed' && hasFailedDownload(t)),
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

/** "4s", "2m 05s", "3h 12m": compact enough for a row, precise where it matters. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h}h ${String(m % 60).padStart(2, '0')}m`;
  return `${Math.floor(h / 24)}d ${h % 24}h`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** Bytes received so far, for the saving line ("1.2 MB of 3.4 MB"). */
export function downloadSummary(t: TaskView): string | undefined {
  if (t.downloads.length === 0) return undefined;
  const received = t.downloads.reduce((n, d) => n + d.received, 0);
  const totals = t.downloads.map((d) => d.total);
  const total = totals.every((x) => x !== undefined) ? totals.reduce((n, x) => n + (x ?? 0), 0) : undefined;
  const files = t.downloads.length === 1 ? '1 file' : `${t.downloads.length} files`;
  return total === undefined ? `${formatBytes(received)} · ${files}` : `${formatBytes(received)} of ${formatBytes(total)} · ${files}`;
}

/** The id a creator would quote to the gateway's support: the gateway's own, else ours. */
export const copyableId = (t: TaskView) => t.remoteId ?? t.id;

/** Newest first; ties keep a stable order by id so rows never jump. */
export const byNewest = (a: TaskView, b: TaskView) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1);
