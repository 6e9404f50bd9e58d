/**
 * Prices the creator sets in Settings (docs/ledger.md, "Bases"): they override both the exact
 * and the learned money of a call they cover. Figures are in ten-thousandths of a yuan, per 1,000
 * tokens or characters and per image or second as the learner quotes them; fractions are allowed
 * (a price per 1,000 tokens need not be whole) and a call's money is rounded once, at the end.
 */
import { z } from 'zod';
import type { Money } from './money.js';
import type { BilledUnits } from './units.js';

const price = z.number().finite().nonnegative().max(1e12);

export const UserPrices = z.object({
  text: z.record(z.string(), z.object({ input: price, output: price, thinking: price.optional() })).optional(),
  nativeImage: z.record(z.string(), price).optional(),
  image: z.record(z.string(), z.record(z.string(), price)).optional(),
  video: z.record(z.string(), z.record(z.string(), price)).optional(),
  speech: z.record(z.string(), price).optional(),
});
export type UserPrices = z.infer<typeof UserPrices>;

const own = <T>(table: Record<string, T> | undefined, key: string): T | undefined => (table && Object.hasOwn(table, key) ? table[key] : undefined);

/** The money the creator's own price gives this call, or undefined when no price of theirs covers it. */
export function userPrice(prices: UserPrices | undefined, model: string, units: BilledUnits | undefined): Money | undefined {
  if (!prices || !units) return undefined;
  let money: number | undefined;
  switch (units.kind) {
    case 'text': {
      const p = own(prices.text, model);
      if (!p || (units.thinking > 0 && p.thinking === undefined)) return undefined;
      money = (p.input * units.input + p.output * units.output + (p.thinking ?? 0) * units.thinking) / 1_000;
      break;
    }
    case 'native-image': {
      const p = own(prices.nativeImage, model);
      money = p === undefined ? undefined : p * units.images;
      break;
    }
    case 'image': {
      const p = own(own(prices.image, model), units.resolution);
      money = p === undefined ? undefined : p * units.images;
      break;
    }
    case 'video': {
      const p = own(own(prices.video, model), units.size);
      money = p === undefined ? undefined : p * units.seconds;
      break;
    }
    case 'speech': {
      const p = own(prices.speech, model);
      money = p === undefined ? undefined : (p * units.characters) / 1_000;
      break;
    }
  }
  if (money === undefined) return undefined;
  const rounded = Math.round(money);
  return Number.isSafeInteger(rounded) ? rounded : undefined;
}
