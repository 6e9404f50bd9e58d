/**
 * "Jobs sent at once": how many jobs the host's queue sends at a time, per model and overall
 * (docs/robust-host.md, "The job queue"; kept across restarts). A batch run of hundreds of cells
 * goes through these limits. What was typed stays when refused, with the reason beside its field.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { QueueLimits } from '@shared/contract/tasks.js';
import { EMPTY, callKey, useAction, useCall } from '../../../api/client.js';
import { TextField } from '../../../components/TextField.js';
import { useFormats } from '../../../i18n/format.js';
import { useMessageText } from '../../../i18n/messages.js';
import { checkQueueLimits, QUEUE_BOUNDS, QUEUE_FIELDS, queueDraftOf, type QueueDraft, type QueueField, type QueueProblem } from '../model/queue-limits.js';

const LIMITS_KEY = callKey('tasks.queueLimits', EMPTY);

function QueueForm({ saved, save }: { saved: QueueLimits; save: ReturnType<typeof useSave> }) {
  const { t } = useTranslation('settings');
  const say = useMessageText();
  const f = useFormats();
  const [draft, setDraft] = useState<QueueDraft>(() => queueDraftOf(saved));
  const [problems, setProblems] = useState<Partial<Record<QueueField, QueueProblem>>>({});
  const inputs = useRef<Partial<Record<QueueField, HTMLInputElement | null>>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkQueueLimits(draft);
    if ('problems' in checked) {
      setProblems(checked.problems);
      inputs.current[QUEUE_FIELDS.find((k) => checked.problems[k])!]?.focus();
      return;
    }
    setProblems({});
    save.mutate(checked.limits);
  };
  const problemText = (field: QueueField) => {
    const problem = problems[field];
    if (!problem) return undefined;
    const { min, max } = QUEUE_BOUNDS[field];
    return problem === 'outOfRange' ? t('general.queue.outOfRange', { min: f.number(min), max: f.number(max) }) : t(`general.queue.${problem}`);
  };
  return (
    <form className="limits-form" onSubmit={submit} noValidate>
      {QUEUE_FIELDS.map((field) => (
        <TextField
          key={field}
          label={t(`general.queue.${field}`)}
          ref={(el) => {
            inputs.current[field] = el;
          }}
          inputMode="numeric"
          autoComplete="off"
          value={draft[field]}
          onChange={(e) => {
            setDraft((d) => ({ ...d, [field]: e.target.value }));
            if (save.isSuccess) save.reset();
          }}
          error={problemText(field)}
          hint={t('general.queue.range', { min: f.number(QUEUE_BOUNDS[field].min), max: f.number(QUEUE_BOUNDS[field].max) })}
        />
      ))}
      <button type="submit" className="button" aria-disabled={save.isPending}>
        {t('general.queue.save')}
      </button>
      {save.error && <p className="form-error">{say(save.error)}</p>}
    </form>
  );
}

function useSave() {
  const queryClient = useQueryClient();
  return useAction('tasks.setQueueLimits', { onSuccess: (limits) => queryClient.setQueryData(LIMITS_KEY, limits) });
}

export function QueueLimitsSetting() {
  const { t } = useTranslation('settings');
  const say = useMessageText();
  const headingId = useId();
  const limits = useCall('tasks.queueLimits', EMPTY);
  // Here, not in the form: a save changes the form's key, and the outcome must outlive it.
  const save = useSave();
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('general.queue.heading')}</h3>
      <p className="muted">{t('general.queue.about')}</p>
      {limits.isError && <p className="form-error">{say(limits.error)}</p>}
      {limits.data && <QueueForm key={`${limits.data.perModel}/${limits.data.overall}`} saved={limits.data} save={save} />}
      <p role="status" className="saved-note">
        {save.isSuccess && t('general.queue.saved')}
      </p>
    </section>
  );
}
