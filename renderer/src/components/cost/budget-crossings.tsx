/**
 * The budgets a run would take past their limit, one warning each (docs/ledger.md, "Budgets"):
 * what the Compare run's and the batch composer's expected costs both show before anything is sent.
 */
import './strings.js';
import { useTranslation } from 'react-i18next';
import type { BudgetCheck } from '@shared/contract/budgets.js';
import { msg } from '@shared/messages/message.js';
import { useFormats } from '../../i18n/format.js';
import { useMessageText } from '../../i18n/messages.js';
import { yuan } from './cost-text.js';

export function BudgetCrossings({ check }: { check: BudgetCheck | undefined }) {
  const { t } = useTranslation('cost');
  const f = useFormats();
  const say = useMessageText();
  return check?.crosses.map((c) => (
    <p key={c.kind} className="run-cost-warning" role="note" data-testid="budget-crossed">
      {t('runCrosses', {
        budget: say(msg(`budgets.kind.${c.kind}`)),
        ...(c.kind.endsWith('Money')
          ? { spent: yuan(f, c.spent), after: yuan(f, c.after), limit: yuan(f, c.limit) }
          : { spent: f.number(c.spent), after: f.number(c.after), limit: f.number(c.limit) }),
      })}
    </p>
  ));
}
