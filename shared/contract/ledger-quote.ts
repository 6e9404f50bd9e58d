/**
 * Cost where the work is (docs/ledger.md, "Cost where the work is" and "Prices you set"): what
 * given tasks, replies and gallery items cost, read in one call from their ledger rows; what a
 * form's request is expected to cost before it is sent; and the creator's own price table.
 * Money is integer ten-thousandths of a yuan; money that is not known is absent, never 0.
 */
import { z } from 'zod';
import { zodMessage } from '../messages/index.js';
import { LEDGER_BASES, LedgerUnits } from './ledger.js';

const Count = z.number().int().nonnegative();
const Range = z.object({ low: z.number().int(), high: z.number().int() });

/** Ids asked for in one call: a page of tasks, a gallery's visible tiles, a conversation's replies. */
const Ids = z.array(z.string().min(1).max(200)).max(500);

/**
 * What one task, reply or gallery item cost, summed over the ledger rows linked to it.
 * `basis` is the least sure of its rows': `pending` while a row waits for its balance read,
 * `unpriced` when a row's money is not known (then `money` holds only what is known, if any).
 */
export const ItemCost = z.object({
  calls: Count,
  basis: z.enum([...LEDGER_BASES, 'pending']),
  /** Charges less refunds; absent when no row's money is known. */
  money: z.number().int().optional(),
  /** The estimate's range, when a row was estimated. */
  range: Range.optional(),
  /** Every charge was given back. */
  refunded: z.boolean(),
  /** Tokens, for text calls (a chat reply). */
  tokens: z.object({ input: Count, output: Count, thinking: Count }).optional(),
});
export type ItemCost = z.infer<typeof ItemCost>;

export const ItemCostsInput = z.object({ jobIds: Ids.optional(), replyIds: Ids.optional(), libraryIds: Ids.optional() });
export type ItemCostsInput = z.infer<typeof ItemCostsInput>;

/** Keyed by the ids asked for; an id with no ledger row is left out (nothing billed, or not yet). */
export const ItemCosts = z.object({
  jobs: z.record(z.string(), ItemCost),
  replies: z.record(z.string(), ItemCost),
  items: z.record(z.string(), ItemCost),
});
export type ItemCosts = z.infer<typeof ItemCosts>;

const FormRequest = z.record(z.string(), z.unknown());

/** A form's request as it would be sent; the host reads its units as the ledger does (docs/ledger.md, "Units"). */
export const QuoteInput = z.discriminatedUnion('route', [
  z.object({ route: z.literal('image'), request: FormRequest }),
  z.object({ route: z.literal('video-generations'), request: FormRequest }),
  z.object({ route: z.literal('video-multipart'), request: FormRequest }),
  z.object({ route: z.literal('speech'), model: z.string().max(200), characters: Count.max(1_000_000) }),
]);
export type QuoteInput = z.infer<typeof QuoteInput>;

export const QuoteView = z.object({
  /** `user`: from a price the creator set; `estimated`: from a learned price, with its range. */
  basis: z.enum(['user', 'estimated', 'unpriced']),
  money: z.number().int().optional(),
  range: Range.optional(),
  /** The units the request would be billed by; absent when the request does not give them. */
  units: LedgerUnits.optional(),
});
export type QuoteView = z.infer<typeof QuoteView>;

/** A price per 1,000 tokens or characters, or per image or second, in ten-thousandths of a yuan. */
const Price = z.number().finite().nonnegative(zodMessage('rules.prices.price')).max(1e12, zodMessage('rules.prices.price'));
const Model = z.string().trim().min(1, zodMessage('rules.prices.model')).max(200, zodMessage('rules.prices.model'));
const UnitClass = z.string().trim().min(1, zodMessage('rules.prices.unitClass')).max(20, zodMessage('rules.prices.unitClass'));

/** One line of the price table: a model and a unit kind (the kinds of docs/ledger.md, "Units"). */
export const PriceEntry = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), model: Model, input: Price, output: Price, thinking: Price.optional() }),
  z.object({ kind: z.literal('native-image'), model: Model, price: Price }),
  z.object({ kind: z.literal('image'), model: Model, unitClass: UnitClass, price: Price }),
  z.object({ kind: z.literal('video'), model: Model, unitClass: UnitClass, price: Price }),
  z.object({ kind: z.literal('speech'), model: Model, price: Price }),
]);
export type PriceEntry = z.infer<typeof PriceEntry>;

export const MAX_PRICE_ENTRIES = 500;

/** What makes two lines the same price: model, kind and class. */
export const priceKey = (e: Pick<PriceEntry, 'kind' | 'model'> & { unitClass?: string }) => `${e.kind}\u0000${e.model.trim()}\u0000${e.unitClass?.trim() ?? ''}`;

export const PriceTable = z.object({
  entries: z.array(PriceEntry).max(MAX_PRICE_ENTRIES, zodMessage('rules.prices.tooMany', { max: MAX_PRICE_ENTRIES })).superRefine((entries, ctx) => {
    const seen = new Set<string>();
    entries.forEach((e, i) => {
      const key = priceKey(e);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'model'], message: zodMessage('rules.prices.duplicate', { model: e.model }) });
      seen.add(key);
    });
  }),
});
export type PriceTable = z.infer<typeof PriceTable>;

export const ledgerQuoteMethods = {
  /** What the given tasks, replies and gallery items cost, in one call. */
  'ledger.costs': { input: ItemCostsInput, output: ItemCosts },
  /** A form's expected cost: the creator's price, else the learned one (with its range), else unpriced. */
  'ledger.quote': { input: QuoteInput, output: QuoteView },
  /** The creator's price table (Settings). */
  'ledger.prices': { input: z.object({}), output: PriceTable },
  /** Replaces the price table whole; calls attributed from now on use it (basis `user`). */
  'ledger.setPrices': { input: PriceTable, output: PriceTable },
} as const;

export const ledgerQuoteEvents = {
  /** The price table changed. */
  'ledger.onPricesChange': z.object({}),
} as const;
