/** Job views as the host sends them, for the renderer's tests. */
import type { TaskState, TaskView } from '@shared/contract/tasks.js';

let next = 0;

/** A job in `state`, named after it ("a failed job"); ids and creation times never repeat. */
export function job(state: TaskState, extra: Partial<TaskView> = {}): TaskView {
  next += 1;
  return {
    id: `job-${next}`,
    revision: 0,
    kind: 'image',
    route: 'generic',
    model: 'seedream-4-0',
    prompt: `a ${state} job`,
    params: {},
    state,
    createdAt: 1_000 + next,
    downloads: [],
    ...extra,
  };
}
