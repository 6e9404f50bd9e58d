/**
 * "Expected cost" beside a form's Generate (docs/ledger.md, "Cost where the work is"): the
 * request as the form would send it, priced by the host from the creator's price, else the
 * learned one with its range, else "unpriced". Follows the form as it is typed (a deferred value,
 * so typing never waits for it), and a price set or learned meanwhile.
 */
import './strings.js';
import { useDeferredValue } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { QuoteInput } from '@shared/contract/ledger-quote.js';
import { callKey, useCall, useEvent } from '../../api/client.js';
import { useFormats } from '../../i18n/format.js';
import { costText, yuan } from './cost-text.js';

export function ExpectedCost({ input }: { input: QuoteInput }) {
  const { t } = useTranslation('cost');
  const f = useFormats();
  const client = useQueryClient();
  const deferred = useDeferredValue(input);
  const quote = useCall('ledger.quote', deferred);
  const refresh = () => void client.invalidateQueries({ queryKey: callKey('ledger.quote') });
  // A price set, or learned from a call just read: the same form may cost something else now.
  useEvent('ledger.onPricesChange', refresh);
  useEvent('ledger.onChange', refresh);
  const q = quote.data;
  if (!q) return <p className="expected-cost muted" data-testid="expected-cost" aria-live="polite" />;
  const text = q.basis === 'unpriced' ? t('quoteUnpriced') : q.basis === 'user' && q.money !== undefined ? t('quoteUser', { money: yuan(f, q.money) }) : costText(q, t, f);
  return (
    <p className="expected-cost muted" data-testid="expected-cost" data-basis={q.basis} aria-live="polite">
      {t('expected')}: {text}
    </p>
  );
}
