/**
 * The notification for a job that just ended, in the studio's language (docs/house-rules.md,
 * "Languages"), shared by the desktop shell (Electron notifications, shown by the main process) and
 * the browser shell's renderer (web notifications), so both say the same words.
 */
import type { StudioLanguage } from '../languages.js';
import type { TaskState, TaskView } from './tasks.js';

type Ending = 'saved' | 'failed' | 'expired' | 'timed_out' | 'attention';

interface NoticeText {
  title: Record<TaskView['kind'], Record<Ending, string>>;
  /** The job's model and prompt, and a failure's reason after them. */
  body(model: string, prompt: string, error?: string): string;
}

/** Every language's words: the type makes a missing one fail the typecheck. */
const TEXT: Record<StudioLanguage, NoticeText> = {
  en: {
    title: {
      image: {
        saved: 'Image job finished and saved to the library',
        failed: 'Image job failed',
        expired: 'Image job finished, but its links expired before the files were saved',
        timed_out: 'Image job is taking longer than expected',
        attention: 'Image job finished, but its files could not be saved',
      },
      video: {
        saved: 'Video job finished and saved to the library',
        failed: 'Video job failed',
        expired: 'Video job finished, but its links expired before the files were saved',
        timed_out: 'Video job is taking longer than expected',
        attention: 'Video job finished, but its files could not be saved',
      },
    },
    body: (model, prompt, error) => `${model}: “${prompt}”.${error ? ` ${error}` : ''}`,
  },
  'zh-CN': {
    title: {
      image: {
        saved: '图像任务已完成并保存到作品库',
        failed: '图像任务失败',
        expired: '图像任务已完成，但链接在文件保存前已过期',
        timed_out: '图像任务耗时超出预期',
        attention: '图像任务已完成，但文件未能保存',
      },
      video: {
        saved: '视频任务已完成并保存到作品库',
        failed: '视频任务失败',
        expired: '视频任务已完成，但链接在文件保存前已过期',
        timed_out: '视频任务耗时超出预期',
        attention: '视频任务已完成，但文件未能保存',
      },
    },
    body: (model, prompt, error) => `${model}：“${prompt}”。${error ?? ''}`,
  },
};

const ENDINGS: readonly TaskState[] = ['saved', 'failed', 'expired', 'timed_out', 'attention'];

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * A notice when a job reaches an ending it had not reached before; nothing otherwise. `error` is
 * the failure's reason as the caller shows it (the renderer translates the host's message).
 */
export function taskNotice(
  task: TaskView,
  previous: TaskState | undefined,
  language: StudioLanguage = 'en',
  error: string | undefined = task.error,
): { title: string; body: string } | undefined {
  if (!ENDINGS.includes(task.state) || previous === task.state) return undefined;
  const text = TEXT[language];
  const body = text.body(task.model, task.prompt, task.state === 'failed' || task.state === 'attention' ? error : undefined);
  return { title: text.title[task.kind][task.state as Ending], body: clip(body, 240) };
}
