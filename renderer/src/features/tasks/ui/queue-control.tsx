/**
 * "Pause queue" / "Resume": the host's job queue (docs/robust-host.md, "The job queue"), with how
 * many jobs wait to be sent. Paused, jobs being sent finish and no new one starts; nothing waiting
 * is lost, and it carries on when resumed (after a restart too, where it starts unpaused).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { QueueStatus } from '@shared/contract/tasks.js';
import { EMPTY, callKey, useAction, useCall, useEvent } from '../../../api/client.js';

const QUEUE_KEY = callKey('tasks.queue', EMPTY);

export function QueueControl() {
  const { t } = useTranslation('tasks');
  const queryClient = useQueryClient();
  const status = useCall('tasks.queue', EMPTY);
  const put = (s: QueueStatus) => queryClient.setQueryData(QUEUE_KEY, s);
  useEvent('tasks.onQueueChange', put);
  const pause = useAction('tasks.pauseQueue', { onSuccess: put });
  const resume = useAction('tasks.resumeQueue', { onSuccess: put });
  const s = status.data;
  if (!s) return null;
  const busy = pause.isPending || resume.isPending;
  return (
    <div className="tasks-queue" role="group" aria-label={t('queue.label')}>
      <span className="tasks-queue-count" aria-live="polite">
        {s.paused ? t('queue.paused', { count: s.waiting }) : t('queue.waiting', { count: s.waiting })}
      </span>
      <button
        type="button"
        className="button"
        aria-pressed={s.paused}
        disabled={busy}
        onClick={() => (s.paused ? resume.mutate({}) : pause.mutate({}))}
      >
        {s.paused ? t('queue.resume') : t('queue.pause')}
      </button>
    </div>
  );
}
