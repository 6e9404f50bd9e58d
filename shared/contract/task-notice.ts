/**
 * The desktop notification for a job that just ended (issue 4.5), shared by the desktop shell
 * (Electron notifications) and the browser shell's renderer (web notifications).
 */
import type { TaskState, TaskView } from './tasks.js';

const ENDINGS: Partial<Record<TaskState, string>> = {
  saved: 'finished and saved to the library',
  failed: 'failed',
  expired: 'finished, but its links expired before the files were saved',
  timed_out: 'is taking longer than expected',
};

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** A notice when a job reaches an ending it had not reached before; nothing otherwise. */
export function taskNotice(task: TaskView, previous: TaskState | undefined): { title: string; body: string } | undefined {
  const ending = ENDINGS[task.state];
  if (!ending || previous === task.state) return undefined;
  const what = task.kind === 'image' ? 'Image job' : 'Video job';
  const detail = task.state === 'failed' && task.error ? ` ${task.error}` : '';
  return { title: `${what} ${ending}`, body: clip(`${task.model}: “${task.prompt}”.${detail}`, 240) };
}
