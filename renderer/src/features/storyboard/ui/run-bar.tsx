/**
 * What a run would make and cost before it starts (storyboard.estimate: the jobs still to make,
 * priced as the ledger prices them, and the budgets it would cross), the run's progress, and Run /
 * Cancel. The film has its own bar (film-bar.tsx).
 */
import { useTranslation } from 'react-i18next';
import type { BoardView } from '@shared/contract/storyboard.js';
import { errorMessage, useCall } from '../../../api/client.js';
import { BudgetCrossings } from '../../../components/cost/budget-crossings.js';
import { costText } from '../../../components/cost/cost-text.js';
import { useFormats } from '../../../i18n/format.js';

interface RunBarProps {
  board: BoardView;
  /** Edits not yet saved: the estimate and a run would not see them. */
  unsaved: boolean;
  busy: boolean;
  onRun(): void;
  onCancel(): void;
}

export function RunBar({ board, unsaved, busy, onRun, onCancel }: RunBarProps) {
  const { t } = useTranslation('storyboard');
  const { t: tc } = useTranslation('cost');
  const f = useFormats();
  const estimate = useCall('storyboard.estimate', { id: board.id });
  const e = estimate.data;
  // The narration counts only where the shot has one.
  const stages = board.shots.flatMap((s) => (s.narration ? [s.stages.picture, s.stages.video, s.stages.narration] : [s.stages.picture, s.stages.video]));
  const total = stages.length;
  const done = stages.filter((s) => s.state === 'done').length;
  const failed = stages.filter((s) => s.state === 'failed').length;
  const cost = e && (e.cost.basis === 'unpriced' || e.cost.money === undefined
    ? tc('unpriced')
    : costText({ basis: e.cost.basis, money: e.cost.money, range: e.cost.low !== undefined && e.cost.high !== undefined ? { low: e.cost.low, high: e.cost.high } : undefined }, tc, f));
  const blocked = e?.budget.blocked ?? false;
  return (
    <section className="sb-run" aria-label={t('run.label')} data-testid="run-bar">
      <div className="sb-run-facts" aria-live="polite">
        {estimate.isError ? (
          <p className="field-error">{errorMessage(estimate.error)}</p>
        ) : !e ? (
          <p className="muted">{t('run.estimating')}</p>
        ) : e.jobs === 0 ? (
          <p data-testid="run-estimate" data-jobs={0}>{t('run.nothing')}</p>
        ) : (
          <p data-testid="run-estimate" data-jobs={e.jobs}>
            {t('run.jobs', { count: e.jobs })} · {cost}
          </p>
        )}
        {total > 0 && (
          <p className="muted" data-testid="run-progress">
            {t('run.progress', { done: f.number(done), total: f.number(total) })}
            {failed > 0 && ` · ${t('run.failed', { count: failed })}`}
          </p>
        )}
        <BudgetCrossings check={e?.budget} />
        {blocked && <p className="field-error" role="note">{t('run.blocked')}</p>}
      </div>
      <div className="sb-run-actions">
        {board.running ? (
          <>
            <span className="badge badge-active">{t('run.running')}</span>
            <button type="button" className="button" disabled={busy} onClick={onCancel}>{t('run.cancel')}</button>
          </>
        ) : (
          <button type="button" className="button button-primary" disabled={busy || unsaved || !e || e.jobs === 0} onClick={onRun}>
            {t('run.run')}
          </button>
        )}
      </div>
    </section>
  );
}
