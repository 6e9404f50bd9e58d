/**
 * Desktop notifications when a job ends, and when a budget reaches 80, 90 or 100 % (each given
 * once per period by the host, docs/ledger.md, "Budgets"), in the studio's language
 * (docs/house-rules.md, "Languages"). The renderer's own Notification API is denied by the window's permission handler,
 * so the main process shows them.
 */
import { app, Notification } from 'electron';
import type { Core } from '@host/index.js';
import { budgetNotice } from '@shared/contract/budget-notice.js';
import { taskNotice } from '@shared/contract/task-notice.js';
import { translateMessage } from '@shared/messages/translator.js';
import type { TaskState } from '@shared/contract/tasks.js';
import { resolveLanguage, type LanguageSetting } from '@shared/languages.js';

/** `language` is the setting as the studio started with it; later changes arrive as events. */
export function notifyOnJobEnd(core: Pick<Core, 'on'>, language: LanguageSetting = 'system'): () => void {
  const seen = new Map<string, TaskState>();
  let setting = language;
  const stopSettings = core.on('settings.onDidChange', (settings) => {
    setting = settings.language;
  });
  const stopTasks = core.on('tasks.onDidChange', (task) => {
    // "System" is the operating system's language, as Electron reads it; the job's error is
    // translated from the same catalog as the renderer's (shared/messages).
    const language = resolveLanguage(setting, [app.getLocale()]);
    const notice = taskNotice(task, seen.get(task.id), (text) => translateMessage(text, language));
    seen.set(task.id, task.state);
    if (notice && Notification.isSupported()) new Notification({ title: notice.title, body: notice.body, silent: false }).show();
  });
  const stopBudgets = core.on('budgets.onChange', ({ warnings }) => {
    const language = resolveLanguage(setting, [app.getLocale()]);
    for (const warning of warnings) {
      const notice = budgetNotice(warning, (text) => translateMessage(text, language));
      if (Notification.isSupported()) new Notification({ title: notice.title, body: notice.body, silent: false }).show();
    }
  });
  return () => {
    stopSettings();
    stopTasks();
    stopBudgets();
  };
}
