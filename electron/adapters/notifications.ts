/**
 * Desktop notifications when a job ends, in the studio's language (docs/house-rules.md,
 * "Languages"). The renderer's own Notification API is denied by the window's permission handler,
 * so the main process shows them.
 */
import { app, Notification } from 'electron';
import type { Core } from '@core/index.js';
import { taskNotice } from '@shared/contract/task-notice.js';
import type { SettingsView } from '@shared/contract/settings.js';
import type { TaskState, TaskView } from '@shared/contract/tasks.js';
import { resolveLanguage, type LanguageSetting } from '@shared/languages.js';

/** `language` is the setting as the studio started with it; later changes arrive as events. */
export function notifyOnJobEnd(core: Pick<Core, 'subscribe'>, language: LanguageSetting = 'system'): () => void {
  const seen = new Map<string, TaskState>();
  let setting = language;
  return core.subscribe((event, payload) => {
    if (event === 'settings.onDidChange') setting = (payload as SettingsView).language;
    if (event !== 'tasks.onDidChange') return;
    const task = payload as TaskView;
    // "System" is the operating system's language, as Electron reads it.
    const notice = taskNotice(task, seen.get(task.id), resolveLanguage(setting, [app.getLocale()]));
    seen.set(task.id, task.state);
    if (notice && Notification.isSupported()) new Notification({ title: notice.title, body: notice.body, silent: false }).show();
  });
}
