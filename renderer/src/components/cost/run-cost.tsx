/**
 * "Expected cost" of a run of several jobs (a compare run) before it starts (docs/ledger.md, "Cost
 * where the work is" and "Budgets"): each request quoted as the single form's is, summed; a job
 * with no price yet is counted, never priced at 0. When the priced sum would take a budget of the
 * active profile past its limit, it says which, before anything is sent.
 */
import './strings.js';
import './run-cost.css';
import { useDeferredValue } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { QuoteInput } from '@shared/contract/ledger-quote.js';
import { call, callKey, useCall, useEvent } from '../../api/client.js';
import { useFormats } from '../../i18n/format.js';
import { BudgetCrossings } from './budget-crossings.js';
import { costText } from './cost-text.js';
import { sumQuotes } from './run-quote.js';

export function RunCost({ inputs }: { inputs: QuoteInput[] }) {
  const { t } = useTranslation('cost');
  const f = useFormats();
  const client = useQueryClient();
  const deferred = useDeferredValue(inputs);
  // Under the single quote's key, so a price set or learned refreshes it with them.
  const quotes = useQuery({
    queryKey: [...callKey('ledger.quote'), 'run', deferred],
    queryFn: () => Promise.all(deferred.map((i) => call('ledger.quote', i))),
  }).data;
  const sum = quotes ? sumQuotes(quotes) : undefined;
  const priced = sum !== undefined && sum.unpriced < (quotes?.length ?? 0);
  const check = useCall('budgets.check', { estimate: { money: sum?.money ?? 0 } }, { enabled: priced }).data;
  const refresh = () => void client.invalidateQueries({ queryKey: callKey('ledger.quote') });
  useEvent('ledger.onPricesChange', refresh);
  useEvent('ledger.onChange', refresh);
  useEvent('budgets.onChange', () => void client.invalidateQueries({ queryKey: callKey('budgets.check') }));
  if (!quotes || !sum) return <p className="expected-cost muted" data-testid="expected-cost" aria-live="polite" />;
  const jobs = f.number(quotes.length);
  const text = !priced
    ? t('quoteUnpriced')
    : `${costText(sum, t, f)}${sum.unpriced ? ` ${t('runUnpriced', { count: sum.unpriced, number: f.number(sum.unpriced) })}` : ''}`;
  return (
    <div data-testid="expected-cost" data-basis={priced ? sum.basis : 'unpriced'} aria-live="polite">
      <p className="expected-cost muted">{t('expectedRun', { jobs })}: {text}</p>
      <BudgetCrossings check={check} />
    </div>
  );
}
