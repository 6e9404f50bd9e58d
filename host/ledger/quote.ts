/**
 * A form's expected cost before Generate (docs/ledger.md, "Cost where the work is"): the request's
 * units read exactly as its ledger row will read them (units.ts), priced by the creator's own
 * price first, else the learned price with its range, else "unpriced", never 0.
 */
import type { QuoteInput, QuoteView } from '@shared/contract/ledger-quote.js';
import type { PriceLearner } from './price-learner.js';
import { generationsVideoUnits, imageJobUnits, multipartVideoUnits, type BilledUnits } from './units.js';
import { userPrice, type UserPrices } from './user-prices.js';

function unitsOf(input: QuoteInput): { model: string; units: BilledUnits | undefined } {
  if (input.route === 'speech') return { model: input.model, units: { kind: 'speech', characters: input.characters } };
  const model = typeof input.request.model === 'string' ? input.request.model : '';
  switch (input.route) {
    case 'image': return { model, units: imageJobUnits(input.request) };
    case 'video-generations': return { model, units: generationsVideoUnits(input.request) };
    case 'video-multipart': return { model, units: multipartVideoUnits(input.request) };
  }
}

export function quoteOf(input: QuoteInput, prices: UserPrices | undefined, learner: PriceLearner | undefined): QuoteView {
  const { model, units } = unitsOf(input);
  if (!units) return { basis: 'unpriced' };
  const own = userPrice(prices, model, units);
  if (own !== undefined) return { basis: 'user', money: own, units };
  const learned = learner?.quote(model, units);
  if (learned?.priced) return { basis: 'estimated', money: learned.quote.money, range: { low: learned.quote.low, high: learned.quote.high }, units };
  return { basis: 'unpriced', units };
}
