/**
 * A batch run as one row of the Tasks tab (docs/batches.md): its name, progress (saved of all its
 * cells), counts, cost so far from the spend ledger, and its actions: pause or resume, cancel what
 * is not yet sent, retry what failed (confirmed first: it is paid again), the contact sheet.
 * Expanding it shows its jobs as the task rows they are; they are not shown loose besides.
 */
import { memo, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RETRYABLE_STATES, type BatchView, type TaskView } from '@shared/contract/index.js';
import { call } from '../../../api/client.js';
import { costText } from '../../../components/cost/cost-text.js';
import { ContactSheetButton } from '../../../components/contact-sheet/contact-sheet-button.js';
import { useFormats } from '../../../i18n/format.js';
import { useMessageText } from '../../../i18n/messages.js';
import { batchSummary, putBatch } from '../model/batch-data.js';
import { useOneAction } from '../model/use-one-action.js';
import { TaskRow } from './task-row.js';
import { ROWS_SHOWN, ShowMore } from './show-more.js';

type Action = 'pause' | 'resume' | 'cancelPending' | 'retryFailed' | 'remove';

function useBatchAction(batch: BatchView) {
  const queryClient = useQueryClient();
  return useOneAction<Action, string>(async (action) => {
    if (action === 'remove') await call('batches.remove', { id: batch.id });
    else putBatch(queryClient, await call(`batches.${action}`, { id: batch.id }));
  }, (err) => (err as { message?: string })?.message ?? '');
}

export const BatchRow = memo(function BatchRow({ batch, jobs }: { batch: BatchView; jobs: readonly TaskView[] }) {
  const { t } = useTranslation(['tasks', 'common']);
  const { t: tc } = useTranslation('cost');
  const f = useFormats();
  const say = useMessageText();
  const [open, setOpen] = useState(false);
  // Its jobs as rows, the first ROWS_SHOWN when opened: a 500-cell batch is not 500 rows at once.
  const [limit, setLimit] = useState(ROWS_SHOWN);
  const [confirming, setConfirming] = useState(false);
  const { busy, error, run } = useBatchAction(batch);
  const listId = useId();
  const nameId = useId();
  const bodyId = useId();
  const retryButton = useRef<HTMLButtonElement>(null);
  const s = batchSummary(batch);
  const retryable = RETRYABLE_STATES.reduce((n, state) => n + batch.counts[state], 0);
  const over = s.waiting === 0 && s.working === 0;
  const decline = () => {
    setConfirming(false);
    retryButton.current?.focus();
  };
  const onConfirmKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    decline();
  };
  const retry = async () => {
    if (await run('retryFailed')) setConfirming(false);
  };
  const counts = (['waiting', 'working', 'failed', 'cancelled'] as const).filter((k) => s[k] > 0);

  return (
    <li className="task-row batch-row" aria-labelledby={nameId} data-testid="batch-row" data-batch={batch.id}>
      <div className="batch-head">
        <button type="button" className="batch-toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)}>
          <span aria-hidden="true" className="batch-caret" />
          <span id={nameId} className="batch-name">{batch.name}</span>
        </button>
        <span className="muted">{t('batch.kind', { kind: t(`kind.${batch.kind}`), count: batch.cells })}</span>
        {batch.paused && <span className="batch-paused">{t('batch.paused')}</span>}
      </div>
      <div className="task-progress">
        <progress max={Math.max(1, batch.cells)} value={s.saved} aria-label={t('batch.progressOf', { name: batch.name })} />
        <span className="task-progress-detail" data-testid="batch-progress">{t('batch.saved', { saved: f.number(s.saved), total: f.number(batch.cells) })}</span>
      </div>
      {counts.length > 0 && (
        <p className="batch-counts muted" data-testid="batch-counts">
          {counts.map((k) => t(`batch.count.${k}`, { count: s[k] })).join(' · ')}
        </p>
      )}
      <p className="item-cost task-cost muted" data-testid="batch-cost" data-basis={batch.cost?.basis}>
        {t('batch.costSoFar')}: {batch.cost ? costText(batch.cost, tc, f) : t('batch.nothingBilled')}
      </p>
      {error !== null && (
        <p className="task-error" role="alert">
          {error ? say(error) : t('common:somethingWrong')}
        </p>
      )}
      <div className="task-actions">
        {!over && (
          <button type="button" className="button" aria-pressed={batch.paused} disabled={busy !== null} onClick={() => void run(batch.paused ? 'resume' : 'pause')}>
            {batch.paused ? t('batch.resume') : t('batch.pause')}
          </button>
        )}
        {s.waiting > 0 && (
          <button type="button" className="button" disabled={busy !== null} onClick={() => void run('cancelPending')}>
            {t('batch.cancelPending', { count: s.waiting })}
          </button>
        )}
        {retryable > 0 && (
          <button type="button" className="button" ref={retryButton} aria-expanded={confirming} disabled={busy !== null} onClick={() => setConfirming(true)}>
            {t('batch.retryFailed', { count: retryable })}
          </button>
        )}
        <ContactSheetButton batchId={batch.id}>{t('batch.contactSheet')}</ContactSheetButton>
        {over && (
          <button type="button" className="button" disabled={busy !== null} onClick={() => void run('remove')}>
            {t('batch.remove')}
          </button>
        )}
      </div>
      {confirming && retryable > 0 && (
        <div className="task-confirm" role="group" aria-label={t('batch.confirmRetry.label')} aria-describedby={bodyId} onKeyDown={onConfirmKey}>
          <p id={bodyId}>{t('batch.confirmRetry.body', { count: retryable })}</p>
          <div className="task-actions">
            <button type="button" className="button button-primary" disabled={busy !== null} onClick={() => void retry()}>
              {t('batch.confirmRetry.submit')}
            </button>
            {/* Starts on the safe choice: a stray Enter never pays again. */}
            <button type="button" className="button" onClick={decline} autoFocus>
              {t('batch.confirmRetry.keep')}
            </button>
          </div>
        </div>
      )}
      {open && (
        <>
          {/* Focusable from script only: "Show more" hands it the focus when its last rows come. */}
          <ul id={listId} tabIndex={-1} className="tasks-list batch-jobs" aria-label={t('batch.jobsOf', { name: batch.name })}>
            {jobs.slice(0, limit).map((job) => (
              <TaskRow key={job.id} task={job} />
            ))}
          </ul>
          {jobs.length > limit && <ShowMore left={jobs.length - limit} listId={listId} onMore={() => setLimit((n) => n + ROWS_SHOWN)} />}
        </>
      )}
    </li>
  );
});
