/**
 * The results shown in the tab this session: asynchronous runs follow their jobs live through
 * `tasks.onDidChange` (nothing polls), native runs hold their answer. Older results stay in the
 * Gallery; the tab keeps only the last few so it never grows without bound.
 */
import { useState } from 'react';
import { useEvent } from '../../api/client.js';
import type { NativeImageResult } from '@shared/contract/media.js';
import type { TaskView } from '@shared/contract/tasks.js';

export type Run =
  | { key: string; kind: 'async'; model: string; prompt: string; job: TaskView }
  | { key: string; kind: 'native'; model: string; prompt: string; result: NativeImageResult };

const KEEP = 6;

export function useImageRuns() {
  const [runs, setRuns] = useState<Run[]>([]);
  // Every image job seen, by id: an event may arrive before `tasks.submit` has even answered.
  const [tasks, setTasks] = useState<Record<string, TaskView>>({});
  useEvent('tasks.onDidChange', (view) => {
    if (view.kind === 'image') setTasks((m) => ({ ...m, [view.id]: view }));
  });

  const add = (run: Run) => setRuns((list) => [run, ...list].slice(0, KEEP));

  /**
   * The jobs of a run, freshest view of each. A gateway that splits one request into several
   * tasks gets one job per task from the host, all sharing the submission's time and prompt.
   */
  const jobsOf = (run: Extract<Run, { kind: 'async' }>): TaskView[] => {
    const j = run.job;
    const siblings = Object.values(tasks).filter((t) => t.id !== j.id && t.createdAt === j.createdAt && t.prompt === j.prompt && t.model === j.model);
    return [tasks[j.id] ?? j, ...siblings];
  };

  return { runs, add, jobsOf };
}
