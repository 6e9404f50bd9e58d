/**
 * A batch's expected cost and the budgets it meets (docs/ledger.md, "Cost where the work is" and
 * "Budgets"): each distinct request shape quoted once (model/matrix.ts, `quoteShapes`) and
 * multiplied by its cells, so a 500-cell batch asks a handful of questions; a model with no price
 * yet is named, never priced at 0; each money budget's remainder, and the ones the batch would pass.
 */
import '../../cost/strings.js';
import { useDeferredValue } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { msg } from '@shared/messages/message.js';
import { callKey, callQuery, EMPTY, useCall, useEvent } from '../../../api/client.js';
import { useFormats } from '../../../i18n/format.js';
import { useMessageText } from '../../../i18n/messages.js';
import { BudgetCrossings } from '../../cost/budget-crossings.js';
import { costText, yuan } from '../../cost/cost-text.js';
import { sumShapes, type Shape } from '../model/batch-cost.js';

export function BatchCost({ shapes, jobs }: { shapes: Shape[]; jobs: number }) {
  const { t } = useTranslation(['batch', 'cost']);
  const { t: tc } = useTranslation('cost');
  const f = useFormats();
  const say = useMessageText();
  const client = useQueryClient();
  const deferred = useDeferredValue(shapes);
  // Under the single quote's key, so a price set or learned refreshes it with the forms' quotes.
  // Each shape under the single form's own key: a model ticked asks only for its new shapes.
  const answers = useQueries({ queries: deferred.map((s) => callQuery('ledger.quote', s.input)) });
  const quotes = answers.every((a) => a.data) ? answers.map((a) => a.data!) : undefined;
  const sum = quotes ? sumShapes(deferred, quotes) : undefined;
  const check = useCall('budgets.check', { estimate: { money: sum?.money ?? 0 } }, { enabled: sum?.priced === true }).data;
  const status = useCall('budgets.status', EMPTY).data;
  const refresh = () => void client.invalidateQueries({ queryKey: callKey('ledger.quote') });
  useEvent('ledger.onPricesChange', refresh);
  useEvent('ledger.onChange', refresh);
  useEvent('budgets.onChange', () => {
    void client.invalidateQueries({ queryKey: callKey('budgets.check') });
    void client.invalidateQueries({ queryKey: callKey('budgets.status') });
  });
  if (!sum) return <p className="expected-cost muted" data-testid="batch-cost" aria-live="polite" />;
  const text = sum.priced ? costText(sum, tc, f) : t('cost:unpriced');
  const money = status?.budgets.filter((b) => b.kind.endsWith('Money')) ?? [];
  return (
    <div className="batch-cost" data-testid="batch-cost" data-basis={sum.priced ? sum.basis : 'unpriced'} aria-live="polite">
      <p className="expected-cost">{t('cost:expectedRun', { jobs: f.number(jobs) })}: {text}</p>
      {sum.unpriced > 0 && (
        <p className="muted" data-testid="batch-unpriced">
          {sum.priced
            ? t('batch:cost.unpricedPart', { count: sum.unpriced, number: f.number(sum.unpriced), models: sum.unpricedModels.join(', ') })
            : t('batch:cost.unpricedModels', { models: sum.unpricedModels.join(', ') })}
        </p>
      )}
      {money.map((b) => (
        <p key={b.kind} className="muted" data-testid="budget-left">
          {t('batch:cost.budgetLeft', { budget: say(msg(`budgets.kind.${b.kind}`)), left: yuan(f, Math.max(0, b.limit - b.spent)), limit: yuan(f, b.limit) })}
        </p>
      ))}
      {status && money.length === 0 && <p className="muted">{t('batch:cost.noBudget')}</p>}
      <BudgetCrossings check={check} />
    </div>
  );
}
