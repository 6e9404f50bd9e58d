/**
 * Desktop notifications when a job ends (issue 4.5). The renderer's own Notification API is
 * denied by the window's permission handler, so the main process shows them.
 */
import { Notification } from 'electron';
import type { Core } from '../core/index.js';
import { taskNotice } from '../../shared/contract/task-notice.js';
import type { TaskState, TaskView } from '../../shared/contract/tasks.js';

export function notifyOnJobEnd(core: Pick<Core, 'subscribe'>): () => void {
  const seen = new Map<string, TaskState>();
  return core.subscribe((event, payload) => {
    if (event !== 'tasks.onDidChange') return;
    const task = payload as TaskView;
    const notice = taskNotice(task, seen.get(task.id));
    seen.set(task.id, task.state);
    if (notice && Notification.isSupported()) new Notification({ title: notice.title, body: notice.body, silent: false }).show();
  });
}
