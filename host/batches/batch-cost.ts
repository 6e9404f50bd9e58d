/**
 * A batch's cost so far: the ledger's cost of each of its jobs (every try of every cell: each was
 * billed), summed as the ledger sums an item's rows (host/ledger/item-costs.ts): the least sure
 * basis wins, and money is absent while no job's money is known, never 0 (docs/batches.md).
 */
import type { ItemCost } from '@shared/contract/ledger-quote.js';

const ORDER: ItemCost['basis'][] = ['unpriced', 'pending', 'estimated', 'user', 'exact'];

/** Undefined when nothing was billed yet. */
export function sumCosts(costs: readonly ItemCost[]): ItemCost | undefined {
  if (!costs.length) return undefined;
  let money = 0;
  let low = 0;
  let high = 0;
  let known = false;
  let ranged = false;
  let calls = 0;
  const bases = new Set<ItemCost['basis']>();
  for (const c of costs) {
    calls += c.calls;
    bases.add(c.basis);
    if (c.money === undefined) continue;
    known = true;
    money += c.money;
    low += c.range?.low ?? c.money;
    high += c.range?.high ?? c.money;
    ranged ||= c.range !== undefined;
  }
  return {
    calls,
    basis: ORDER.find((b) => bases.has(b)) ?? 'pending',
    ...(known ? { money } : {}),
    ...(known && ranged ? { range: { low: Math.max(0, low), high } } : {}),
    refunded: costs.every((c) => c.refunded),
  };
}
