/**
 * A generator tab's job before it has a result, as its own result shows it (the Image and Video
 * tabs; the Tasks tab words every state its own way): in the studio's queue, being sent, queued at
 * the gateway, or generating there.
 */
import type { TFunction } from 'i18next';
import type { TaskState } from '@shared/contract/tasks.js';

/** Sent or about to be: the gateway has not answered with a result yet. */
export const GENERATING: readonly TaskState[] = ['waiting', 'submitting', 'queued', 'running'];

export const isGenerating = (state: TaskState): boolean => GENERATING.includes(state);

/** The line for a job still in a queue (the studio's or the gateway's); undefined for any later state. */
export function queueStateText(state: TaskState, t: TFunction<'generator'>): string | undefined {
  switch (state) {
    case 'waiting':
      return t('status.waiting');
    case 'submitting':
      return t('status.submitting');
    case 'queued':
      return t('status.queued');
    default:
      return undefined;
  }
}
