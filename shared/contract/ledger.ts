/**
 * The spend ledger (docs/ledger.md, "Rows"): one row per billed call with its units and money,
 * the balance's unattributed remainder as rows of their own, and totals that, remainder included,
 * equal the gateway's `total_used` change. Money is integer ten-thousandths of a yuan; a row
 * whose money is unknown has no `money` (unpriced, or not attributed yet), never 0.
 */
import { z } from 'zod';
import { TakeOutcome } from './library.js';

export const LEDGER_MODALITIES = ['text', 'image', 'video', 'speech', 'remainder'] as const;
export const LEDGER_BASES = ['exact', 'estimated', 'user', 'unpriced'] as const;

const Count = z.number().int().nonnegative();

export const LedgerUnits = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), input: Count, output: Count, thinking: Count }),
  z.object({ kind: z.literal('native-image'), images: Count }),
  z.object({ kind: z.literal('image'), images: Count, resolution: z.string() }),
  z.object({ kind: z.literal('video'), seconds: Count, size: z.string() }),
  z.object({ kind: z.literal('speech'), characters: Count }),
]);

export const LedgerRowView = z.object({
  callId: z.string(),
  /** `remainder`: what a balance change held beyond the calls' money ("not attributed"). */
  kind: z.enum(['call', 'remainder']),
  at: z.number(),
  profileId: z.string(),
  route: z.enum(['chat', 'responses', 'native', 'image', 'video-generations', 'video-multipart', 'speech', 'remainder']),
  model: z.string(),
  modality: z.enum(LEDGER_MODALITIES),
  units: LedgerUnits.optional(),
  /** `failed`: failed, and the balance shows the gateway kept the charge. */
  outcome: z.enum(['succeeded', 'failed', 'refunded']),
  links: z.object({
    conversationId: z.string().optional(),
    replyId: z.string().optional(),
    jobId: z.string().optional(),
    batchIndex: z.number().int().nonnegative().optional(),
    libraryIds: z.array(z.string()).optional(),
  }),
  /** The charge's money; absent when unpriced or not attributed yet. */
  money: z.number().int().optional(),
  /** Absent while its balance read is due. */
  basis: z.enum(LEDGER_BASES).optional(),
  /** An estimate's range. */
  range: z.object({ low: z.number().int(), high: z.number().int() }).optional(),
  /** The charge given back (negative money), for a refunded job. */
  refund: z.object({ money: z.number().int().optional(), basis: z.enum(LEDGER_BASES) }).optional(),
});
export type LedgerRowView = z.infer<typeof LedgerRowView>;

export const LedgerFilter = z.object({
  profileId: z.string().max(200).optional(),
  modality: z.enum(LEDGER_MODALITIES).optional(),
  model: z.string().max(200).optional(),
  /** ms since epoch, inclusive. */
  from: z.number().optional(),
  /** ms since epoch, exclusive. */
  to: z.number().optional(),
});
export type LedgerFilter = z.infer<typeof LedgerFilter>;

const Cursor = z.object({ at: z.number(), callId: z.string().max(200) });

export const LedgerRowsPage = z.object({
  rows: z.array(LedgerRowView),
  /** Where the next, older page starts; absent at the end. */
  next: Cursor.optional(),
});
export type LedgerRowsPage = z.infer<typeof LedgerRowsPage>;

const Sum = z.object({
  /** Money, charges less refunds plus remainders. */
  money: z.number().int(),
  /** Calls among them whose money is not known (unpriced, or not attributed yet). */
  unpriced: Count,
  rows: Count,
});

export const LedgerTotals = z.object({
  today: Sum,
  week: Sum,
  month: Sum,
  /** The "not attributed" remainder within the filter's range. */
  remainder: z.number().int(),
  /** Per local day (the day's start, ms since epoch) and modality, within the filter. */
  byDay: z.array(z.object({ day: z.number(), modality: z.enum(LEDGER_MODALITIES), money: z.number().int(), rows: Count })),
  /** Per model and modality, within the filter (the remainder's model is ''). */
  byModel: z.array(z.object({ model: z.string(), modality: z.enum(LEDGER_MODALITIES), money: z.number().int(), unpriced: Count, rows: Count })),
});
export type LedgerTotals = z.infer<typeof LedgerTotals>;

export const ledgerMethods = {
  /** A page of rows, newest first. */
  'ledger.rows': {
    input: LedgerFilter.extend({ before: Cursor.optional(), limit: z.number().int().min(1).max(1000).optional() }),
    output: LedgerRowsPage,
  },
  /** Totals for today, the last 7 days and this month, and the filter's range by day and by model. */
  'ledger.totals': {
    input: LedgerFilter.extend({
      /** Reads the balances first (their calls attributed now), rather than at the next due read. */
      refresh: z.boolean().optional(),
    }),
    output: LedgerTotals,
  },
  /**
   * The filter's rows, newest first, as a CSV or JSON file: the desktop's Save dialog, or a
   * one-time download link in the browser shell (docs/ledger.md, "The Spend view").
   */
  'ledger.export': {
    input: LedgerFilter.extend({ format: z.enum(['csv', 'json']) }),
    output: TakeOutcome,
  },
} as const;

export const ledgerEvents = {
  /** Rows were written or their money changed. */
  'ledger.onChange': z.object({}),
} as const;
