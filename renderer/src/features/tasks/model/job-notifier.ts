/**
 * Web notifications for the browser shell. The desktop shell notifies from its main
 * process, so this stays off whenever `window.studio` exists. The choice is remembered in
 * localStorage (a UI preference, nothing secret), and one subscription serves the whole page:
 * it keeps working after the Tasks tab is hidden.
 */
import { taskNotice } from '@shared/contract/task-notice.js';
import type { TaskState } from '@shared/contract/tasks.js';
import { api } from '../../../api/client.js';
import { messageText } from '../../../i18n/messages.js';

const PREFERENCE = 'studio.notifyJobs';

export const notificationsSupported = () => !window.studio && typeof Notification !== 'undefined';

export function notificationsWanted(): boolean {
  try {
    return localStorage.getItem(PREFERENCE) === 'on' && Notification.permission === 'granted';
  } catch {
    return false;
  }
}

let stop: (() => void) | undefined;

/** Starts (once) showing a notification for each job that reaches an ending it had not reached. */
export function startJobNotifier(): void {
  if (stop || !notificationsSupported()) return;
  // The last state seen per job: taskNotice needs it so an ending is announced exactly once.
  const seen = new Map<string, TaskState>();
  stop = api.subscribe('tasks.onDidChange', (task) => {
    // In the studio's language, from the catalog the desktop shell's notifications use too.
    const notice = taskNotice(task, seen.get(task.id), (text) => messageText(text));
    seen.set(task.id, task.state);
    if (!notice || Notification.permission !== 'granted') return;
    try {
      new Notification(notice.title, { body: notice.body, tag: `job-${task.id}` });
    } catch {
      // Some browsers allow notifications only from a service worker; the Tasks tab still shows it.
    }
  });
}

export function stopJobNotifier(): void {
  stop?.();
  stop = undefined;
}

/** Asks for permission (it must follow a click) and remembers the outcome. */
export async function enableJobNotifications(): Promise<NotificationPermission> {
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission === 'granted') {
    localStorage.setItem(PREFERENCE, 'on');
    startJobNotifier();
  }
  return permission;
}

export function disableJobNotifications(): void {
  localStorage.removeItem(PREFERENCE);
  stopJobNotifier();
}
