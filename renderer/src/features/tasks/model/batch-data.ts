/**
 * The batch runs in react-query's cache, kept live by `batches.onChange` (the host gathers a
 * batch's changes to a few a second, docs/batches.md) and `batches.onRemove`. A batch's own jobs
 * come with the task list (their TaskView's `batch`); the Tasks tab groups them under its row.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BatchView, ErrorData, TaskView } from '@shared/contract/index.js';
import { EMPTY, call, callKey, useEvent } from '../../../api/client.js';
import { isActive } from './task-format.js';

export const BATCHES_KEY = callKey('batches.list', EMPTY);

/** A batch's newer view in place, a new one first (newest first, as the host lists them). */
export function mergeBatch(list: readonly BatchView[], view: BatchView): BatchView[] {
  const at = list.findIndex((b) => b.id === view.id);
  if (at < 0) return [view, ...list].sort((a, b) => b.createdAt - a.createdAt);
  const next = [...list];
  next[at] = view;
  return next;
}

export function putBatch(queryClient: QueryClient, view: BatchView) {
  queryClient.setQueryData<BatchView[]>(BATCHES_KEY, (old) => (old ? mergeBatch(old, view) : old));
}

export function useBatchList() {
  const queryClient = useQueryClient();
  useEvent('batches.onChange', (view) => putBatch(queryClient, view));
  useEvent('batches.onRemove', ({ id }) => queryClient.setQueryData<BatchView[]>(BATCHES_KEY, (old) => old?.filter((b) => b.id !== id)));
  return useQuery<BatchView[], ErrorData>({ queryKey: BATCHES_KEY, queryFn: () => call('batches.list', EMPTY) });
}

export interface Grouped {
  loose: TaskView[];
  byBatch: Map<string, TaskView[]>;
  /** Batches with jobs still running that the list does not know yet: new ones, to be read. */
  unknown: Set<string>;
}

/**
 * The jobs of each batch shown, by batch id, in cell order; the rest are the loose rows. A job of
 * a batch not in the list is loose when it is over (its batch was removed: only a batch that is
 * over can be), and held back while it runs: its batch is new and its row on its way (the jobs'
 * events may come first), and hundreds of loose rows drawn and dropped a moment later freeze the tab.
 */
export function groupByBatch(tasks: readonly TaskView[], batches: readonly BatchView[]): Grouped {
  const known = new Set(batches.map((b) => b.id));
  const byBatch = new Map<string, TaskView[]>();
  const loose: TaskView[] = [];
  const unknown = new Set<string>();
  for (const t of tasks) {
    if (t.batch && !known.has(t.batch.id) && isActive(t)) {
      unknown.add(t.batch.id);
      continue;
    }
    if (!t.batch || !known.has(t.batch.id)) {
      loose.push(t);
      continue;
    }
    const list = byBatch.get(t.batch.id) ?? [];
    list.push(t);
    byBatch.set(t.batch.id, list);
  }
  for (const list of byBatch.values()) list.sort((a, b) => a.batch!.index - b.batch!.index || a.createdAt - b.createdAt);
  return { loose, byBatch, unknown };
}

/** Cells still to be sent, being worked on, and over without a result (what the row's counts say). */
export function batchSummary(b: BatchView) {
  const c = b.counts;
  return {
    saved: c.saved,
    waiting: c.waiting,
    working: c.submitting + c.queued + c.running + c.completed,
    failed: c.failed + c.timed_out + c.expired + c.attention + c.unknown,
    cancelled: c.cancelled,
  };
}
