/**
 * Gives each billed call between two balance reads its share of the `total_used` change
 * (docs/ledger.md, "Bases" and "The remainder"):
 *   exact      the only call whose money is unknown in the window: it gets the change, less the
 *              refunds whose money is known;
 *   user       a price the creator set covers the call: it overrides both other bases;
 *   estimated  calls overlapped: each gets its learned price, with that price's range;
 *   unpriced   nothing is known: no money at all, never 0.
 * What the change holds beyond the entries is the remainder, "not attributed", positive or
 * negative, and never hidden: the entries plus the remainder equal the change exactly.
 */
import { subtractMoney, sumMoney, checkedMoney, type Money } from './money.js';
import type { QuoteResult } from './price-learner.js';
import { userPrice, type UserPrices } from './user-prices.js';
import type { BilledUnits } from './units.js';

export type Basis = 'exact' | 'estimated' | 'user' | 'unpriced';

export interface BilledCall { id: string; model: string; units: BilledUnits | undefined }

/** A job the gateway failed and refunded since the last read. */
export interface RefundedCall extends BilledCall {
  /**
   * What its charge was attributed when that happened in an earlier window (the ledger's row):
   * `exactMoney` when that window knew it exactly. Absent when the charge is in this window.
   */
  charged?: { money?: Money; basis: Basis; exactMoney?: Money };
}

export interface BalanceWindow {
  /** `total_used` now less `total_used` at the last read. */
  change: Money;
  calls: readonly BilledCall[];
  refunds?: readonly RefundedCall[];
  /** A call was billed while a read was under way: the read may or may not hold it, so nothing here is exact. */
  ambiguous?: boolean;
}

export interface Entry {
  callId: string;
  kind: 'charge' | 'refund';
  basis: Basis;
  /** Absent only when unpriced. A refund's money is negative. */
  money?: Money;
  /** The learned price's range, for an estimated entry. */
  range?: { low: Money; high: Money };
}

export interface Attribution {
  change: Money;
  entries: Entry[];
  /** "Not attributed": the change less every entry's money. */
  remainder: Money;
  /** The exact attribution the learner may take: one call's units against its money. */
  observation?: { model: string; units: BilledUnits; money: Money };
}

export interface Pricing {
  quote(model: string, units: BilledUnits | undefined): QuoteResult;
  userPrices?: UserPrices;
}

type Priced = Omit<Entry, 'callId' | 'kind'>;

function priced(call: BilledCall, pricing: Pricing): Priced {
  const own = userPrice(pricing.userPrices, call.model, call.units);
  if (own !== undefined) return { basis: 'user', money: own };
  const q = pricing.quote(call.model, call.units);
  return q.priced ? { basis: 'estimated', money: q.quote.money, range: { low: q.quote.low, high: q.quote.high } } : { basis: 'unpriced' };
}

const negated = (p: Priced): Priced => ({
  basis: p.basis,
  ...(p.money !== undefined ? { money: p.money === 0 ? 0 : -p.money } : {}),
  ...(p.range ? { range: { low: p.range.high === 0 ? 0 : -p.range.high, high: p.range.low === 0 ? 0 : -p.range.low } } : {}),
});

export function attribute(window: BalanceWindow, pricing: Pricing): Attribution {
  const change = checkedMoney(window.change, 'balance change');
  const refunds = window.refunds ?? [];
  const inWindow = new Set(window.calls.map((c) => c.id));
  // A charge refunded within the same window nets to exactly zero, whatever it was.
  const refundedHere = new Set(refunds.filter((r) => inWindow.has(r.id)).map((r) => r.id));
  const earlier = refunds.filter((r) => !inWindow.has(r.id));

  const entries: Entry[] = [];
  const pricedHere = new Map<string, Priced>();
  for (const call of window.calls) pricedHere.set(call.id, priced(call, pricing));

  // Exact: one open call, and every earlier charge refunded now was known exactly.
  const open = window.calls.filter((c) => !refundedHere.has(c.id));
  const knownRefunds = earlier.map((r) => r.charged?.exactMoney ?? (r.charged?.basis === 'exact' ? r.charged.money : undefined));
  let observation: Attribution['observation'];
  let exact: { id: string; money: Money } | undefined;
  if (!window.ambiguous && open.length === 1 && knownRefunds.every((m) => m !== undefined)) {
    const money = subtractMoney(change, -sumMoney(knownRefunds as Money[]));
    if (money >= 0) {
      exact = { id: open[0].id, money };
      if (open[0].units) observation = { model: open[0].model, units: open[0].units, money };
    }
  }

  for (const call of window.calls) {
    const p = pricedHere.get(call.id)!;
    if (exact?.id === call.id && p.basis !== 'user') entries.push({ callId: call.id, kind: 'charge', basis: 'exact', money: exact.money });
    else entries.push({ callId: call.id, kind: 'charge', ...p });
  }
  for (const r of refunds) {
    if (inWindow.has(r.id)) {
      entries.push({ callId: r.id, kind: 'refund', ...negated(pricedHere.get(r.id)!) });
    } else if (r.charged) {
      const { basis, money, exactMoney } = r.charged;
      const shown = money ?? exactMoney;
      entries.push({ callId: r.id, kind: 'refund', ...(shown === undefined ? { basis: 'unpriced' } : { basis, money: shown === 0 ? 0 : -shown }) });
    } else {
      entries.push({ callId: r.id, kind: 'refund', ...negated(priced(r, pricing)) });
    }
  }

  const attributed = sumMoney(entries.flatMap((e) => (e.money === undefined ? [] : [e.money])));
  return { change, entries, remainder: subtractMoney(change, attributed), ...(observation ? { observation } : {}) };
}
