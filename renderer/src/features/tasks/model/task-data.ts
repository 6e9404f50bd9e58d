/**
 * The job list in react-query's cache, kept live by `tasks.onDidChange` (nothing polls:
 * docs/performance.md, "Targets"). Events are folded in once per animation frame, so hundreds of
 * jobs reporting progress cost one cache write and one render per frame, and rows whose job did not
 * change keep their object (their memoized row does not re-render).
 */
import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ErrorData, TaskView } from '@shared/contract/index.js';
import { EMPTY, api, call, callKey, useEvent } from '../../../api/client.js';
import { refreshOlder } from './older-data.js';
import { byNewest } from './task-format.js';

export const TASKS_KEY = callKey('tasks.list', EMPTY);

/**
 * Jobs removed lately. A change event queued for the next frame (or a late one) must not bring a
 * removed job back; ids are never reused, so remembering them is enough. Only the latest
 * REMEMBERED_REMOVALS: the events that could bring one back are those already on their way when it
 * was removed (the stream is ordered), so a long day of removals need not be kept whole
 * (docs/performance.md, "day").
 */
export const REMEMBERED_REMOVALS = 1_000;
const removed = new Set<string>();

function remember(id: string) {
  removed.delete(id);
  removed.add(id);
  // A Set iterates in insertion order: the first is the oldest.
  if (removed.size > REMEMBERED_REMOVALS) removed.delete(removed.values().next().value!);
}

/** How many removed jobs are remembered (tests). */
export const removalsRemembered = () => removed.size;

/**
 * Applies a batch of views over a list; unchanged jobs keep their identity. A view older than the
 * one shown (an action's answer overtaken by the change event it set off) is dropped.
 */
export function mergeTasks(list: readonly TaskView[], updates: Iterable<TaskView>): TaskView[] {
  const byId = new Map(list.map((t) => [t.id, t]));
  let added = false;
  for (const t of updates) {
    const shown = byId.get(t.id);
    if (!shown) added = true;
    else if (shown.revision > t.revision) continue;
    byId.set(t.id, t);
  }
  const merged = [...byId.values()];
  // Only a new job can change the order (createdAt never changes), so sort only then.
  return added ? merged.sort(byNewest) : merged;
}

/**
 * The list call and the event stream travel separately, so an event can overtake the list's
 * answer. Events seen while the call is in flight are applied over its answer: the SSE stream is
 * ordered, so the last one seen per job is at least as new as what the list says.
 */
async function fetchTasks(): Promise<TaskView[]> {
  const seen = new Map<string, TaskView>();
  const off = api.subscribe('tasks.onDidChange', (t) => seen.set(t.id, t));
  try {
    const list = await call('tasks.list', EMPTY);
    return mergeTasks([...list].sort(byNewest), [...seen.values()].filter((t) => !removed.has(t.id)));
  } finally {
    off();
  }
}

function useBatchedMerge(queryClient: QueryClient) {
  const pending = useRef(new Map<string, TaskView>());
  const frame = useRef(0);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  return (t: TaskView) => {
    pending.current.set(t.id, t);
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const batch = [...pending.current.values()].filter((t) => !removed.has(t.id));
      pending.current.clear();
      // No list yet: the in-flight fetch records events itself (see fetchTasks).
      queryClient.setQueryData<TaskView[]>(TASKS_KEY, (old) => (old ? mergeTasks(old, batch) : old));
    });
  };
}

export function useTaskList() {
  const queryClient = useQueryClient();
  const merge = useBatchedMerge(queryClient);
  useEvent('tasks.onDidChange', merge);
  // A refused submission, a job the creator removed (here or in another window), or one moved to
  // the archive, which the older jobs then show.
  useEvent('tasks.onDidRemove', ({ id }) => {
    dropTask(queryClient, id);
    refreshOlder(queryClient);
  });
  return useQuery<TaskView[], ErrorData>({ queryKey: TASKS_KEY, queryFn: fetchTasks });
}

/** Writes one job's fresh view from an action's answer, without waiting for its event. */
export function putTask(queryClient: QueryClient, t: TaskView) {
  queryClient.setQueryData<TaskView[]>(TASKS_KEY, (old) => (old ? mergeTasks(old, [t]) : old));
}

/** Takes a removed job out of the list; a job already gone leaves the list as it was. */
export function dropTask(queryClient: QueryClient, id: string) {
  remember(id);
  queryClient.setQueryData<TaskView[]>(TASKS_KEY, (old) => (old?.some((t) => t.id === id) ? old.filter((t) => t.id !== id) : old));
}
