/**
 * Follows one job live through `tasks.onDidChange` (nothing polls). The job id outlives a
 * restart (it is kept in a draft), so on mount the current view is read once from `tasks.list`;
 * events seen while that call is in flight win over its answer, as the stream is ordered.
 * Mount it keyed by the job id, so a new job starts from a clean slate.
 */
import { useEffect, useState } from 'react';
import type { TaskView } from '@shared/contract/index.js';
import { EMPTY, api, call, useEvent } from '../../../api/client.js';

/** The job's latest view; `null` once it is known to be gone from the task list. */
export function useWatchedTask(taskId: string, seed?: TaskView): TaskView | null | undefined {
  const [task, setTask] = useState<TaskView | null | undefined>(seed?.id === taskId ? seed : undefined);

  useEvent('tasks.onDidChange', (t) => {
    if (t.id === taskId) setTask(t);
  });
  // Removed from the Tasks tab: the result says it is gone rather than offer actions it no longer has.
  useEvent('tasks.onDidRemove', ({ id }) => {
    if (id === taskId) setTask(null);
  });

  useEffect(() => {
    let live = true;
    let seen: TaskView | undefined;
    const off = api.subscribe('tasks.onDidChange', (t) => {
      if (t.id === taskId) seen = t;
    });
    call('tasks.list', EMPTY)
      .then((list) => {
        if (live) setTask((current) => seen ?? list.find((t) => t.id === taskId) ?? current ?? null);
      })
      // The list is only a catch-up read: events keep coming if it fails.
      .catch(() => undefined)
      .finally(off);
    return () => {
      live = false;
      off();
    };
  }, [taskId]);

  return task;
}
