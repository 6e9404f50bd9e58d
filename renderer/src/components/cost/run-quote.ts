/** A compare run's quotes as one (run-cost.tsx; docs/ledger.md, "Cost where the work is"). */
import type { QuoteView } from '@shared/contract/ledger-quote.js';

/** The run's quotes as one: money and range summed over the priced jobs; `unpriced` counts the others. */
export function sumQuotes(quotes: readonly QuoteView[]): { money: number; range?: { low: number; high: number }; basis: 'user' | 'estimated'; unpriced: number } {
  let money = 0;
  let low = 0;
  let high = 0;
  let unpriced = 0;
  let estimated = false;
  for (const q of quotes) {
    if (q.basis === 'unpriced' || q.money === undefined) {
      unpriced += 1;
      continue;
    }
    money += q.money;
    low += q.range?.low ?? q.money;
    high += q.range?.high ?? q.money;
    if (q.basis === 'estimated') estimated = true;
  }
  return { money, basis: estimated ? 'estimated' : 'user', unpriced, ...(estimated ? { range: { low, high } } : {}) };
}
