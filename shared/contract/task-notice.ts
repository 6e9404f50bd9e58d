/**
 * The notification for a job that just ended, shared by the desktop shell (Electron notifications,
 * shown by the main process) and the browser shell's renderer (web notifications), so both say the
 * same words: the catalog's (shared/messages/en/notice.ts), in the studio's language
 * (docs/house-rules.md, "Languages"), the job's error translated like every other message.
 */
import { msg, type Message, type Text } from '../messages/index.js';
import type { TaskState, TaskView } from './tasks.js';

type Ending = 'saved' | 'failed' | 'expired' | 'timed_out' | 'attention';

const ENDINGS: readonly TaskState[] = ['saved', 'failed', 'expired', 'timed_out', 'attention'];

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The notice as message data: its title and body (model, prompt, and a failure's reason). */
export function taskNoticeText(task: TaskView, previous: TaskState | undefined): { title: Message; body: Message } | undefined {
  if (!ENDINGS.includes(task.state) || previous === task.state) return undefined;
  const ending = task.state as Ending;
  const error = ending === 'failed' || ending === 'attention' ? task.error : undefined;
  const body = error ? msg('notice.bodyWithError', { model: task.model, prompt: task.prompt, error }) : msg('notice.body', { model: task.model, prompt: task.prompt });
  return { title: msg(`notice.${task.kind}.${ending}`), body };
}

/**
 * A notice when a job reaches an ending it had not reached before; nothing otherwise. `say` shows
 * a message in the studio's language (shared/messages/translator.ts in the main process, the
 * renderer's i18next in the browser shell).
 */
export function taskNotice(task: TaskView, previous: TaskState | undefined, say: (text: Text) => string): { title: string; body: string } | undefined {
  const text = taskNoticeText(task, previous);
  return text && { title: say(text.title), body: clip(say(text.body), 240) };
}
