/** A batch's expected cost from its distinct quotes (docs/ledger.md, "Cost where the work is"): never an unpriced job at 0. */
import type { QuoteInput, QuoteView } from '@shared/contract/ledger-quote.js';

export interface Shape {
  input: QuoteInput;
  count: number;
  model: string;
}

export interface BatchSum {
  money: number;
  basis: 'user' | 'estimated';
  range?: { low: number; high: number };
  /** Jobs with no price yet, and the models they are of: named, not priced at 0. */
  unpriced: number;
  unpricedModels: string[];
  /** Some job is priced: the sum means something. */
  priced: boolean;
}

/** Each shape's quote times the cells it stands for, summed; ranges summed end to end. */
export function sumShapes(shapes: readonly Shape[], quotes: readonly QuoteView[]): BatchSum {
  let money = 0;
  let low = 0;
  let high = 0;
  let unpriced = 0;
  let pricedJobs = 0;
  let estimated = false;
  const models = new Set<string>();
  shapes.forEach((shape, k) => {
    const q = quotes[k];
    if (!q || q.basis === 'unpriced' || q.money === undefined) {
      unpriced += shape.count;
      models.add(shape.model);
      return;
    }
    pricedJobs += shape.count;
    money += q.money * shape.count;
    low += (q.range?.low ?? q.money) * shape.count;
    high += (q.range?.high ?? q.money) * shape.count;
    if (q.basis === 'estimated') estimated = true;
  });
  return {
    money, basis: estimated ? 'estimated' : 'user', unpriced, unpricedModels: [...models], priced: pricedJobs > 0,
    ...(estimated ? { range: { low, high } } : {}),
  };
}
