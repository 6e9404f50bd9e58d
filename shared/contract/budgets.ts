/**
 * Budgets (docs/ledger.md, "Budgets"): per profile, a daily and a monthly limit in money and in
 * tokens, any of the four set. Warnings at 80, 90 and 100 % of each, once each per period; an
 * optional hard stop refuses new paid submissions once a budget is spent, and a one-time override
 * lets exactly the next one through. Money is integer ten-thousandths of a yuan, as in the ledger.
 */
import { z } from 'zod';

import { BUDGET_KINDS } from './budget-kinds.js';

export * from './budget-kinds.js';

/** A limit: money in ten-thousandths of a yuan, tokens as a count; at most 10^12 (a hundred million yuan). */
const Limit = z.number().int().positive().max(1e12);

export const BudgetLimits = z.object({
  dailyMoney: Limit.optional(),
  monthlyMoney: Limit.optional(),
  dailyTokens: Limit.optional(),
  monthlyTokens: Limit.optional(),
}).strict();
export type BudgetLimits = z.infer<typeof BudgetLimits>;

export const BudgetConfig = z.object({
  profileId: z.string(),
  limits: BudgetLimits,
  /** When a budget is spent, new paid submissions are refused until the period ends (or an override). */
  hardStop: z.boolean(),
});
export type BudgetConfig = z.infer<typeof BudgetConfig>;

export const BudgetState = z.object({
  kind: z.enum(BUDGET_KINDS),
  limit: z.number().int(),
  /** Money (ten-thousandths of a yuan) or tokens spent in the period so far, as the ledger knows it. */
  spent: z.number().int(),
  /** Calls in the period whose money is not known yet (unpriced, or their balance read is due): not in `spent`. */
  unpriced: z.number().int().nonnegative(),
  /** The period: local midnight, or the local month's first day, to the next one (ms since epoch). */
  periodStart: z.number(),
  periodEnd: z.number(),
  /** The warnings already given this period. */
  warned: z.array(z.union([z.literal(80), z.literal(90), z.literal(100)])),
});
export type BudgetState = z.infer<typeof BudgetState>;

export const BudgetStatus = z.object({
  profileId: z.string(),
  hardStop: z.boolean(),
  /** An override is waiting: the next paid submission goes through even though a budget is spent. */
  overrideArmed: z.boolean(),
  /** The hard stop refuses the next paid submission (a budget is spent and no override waits). */
  blocked: z.boolean(),
  budgets: z.array(BudgetState),
});
export type BudgetStatus = z.infer<typeof BudgetStatus>;

export const BudgetWarning = z.object({
  profileId: z.string(),
  /** The profile's name, for the notice. */
  profileName: z.string(),
  kind: z.enum(BUDGET_KINDS),
  level: z.union([z.literal(80), z.literal(90), z.literal(100)]),
  spent: z.number().int(),
  limit: z.number().int(),
});
export type BudgetWarning = z.infer<typeof BudgetWarning>;

/** What `budgets.check` answers for an estimate: which budgets it would take past their limit. */
export const BudgetCheck = z.object({
  crosses: z.array(z.object({ kind: z.enum(BUDGET_KINDS), limit: z.number().int(), spent: z.number().int(), after: z.number().int() })),
  /** The hard stop would refuse it. */
  blocked: z.boolean(),
});
export type BudgetCheck = z.infer<typeof BudgetCheck>;

const profile = { profileId: z.string().min(1).max(200).optional() };

export const budgetMethods = {
  /** The profile's budgets (the active profile when none is named). */
  'budgets.get': { input: z.object(profile), output: BudgetConfig },
  /** Replaces the profile's budgets; a budget left out is not set. */
  'budgets.set': { input: z.object({ ...profile, limits: BudgetLimits, hardStop: z.boolean() }), output: BudgetStatus },
  /** What each budget has spent this period, and whether the hard stop refuses. */
  'budgets.status': { input: z.object(profile), output: BudgetStatus },
  /** Lets exactly the next paid submission of the profile through the hard stop. */
  'budgets.override': { input: z.object(profile), output: BudgetStatus },
  /** Which budgets an estimate (a compare run's quotes summed) would take past their limit, before it starts. */
  'budgets.check': {
    input: z.object({ ...profile, estimate: z.object({ money: z.number().int().nonnegative().max(1e15).optional(), tokens: z.number().int().nonnegative().max(1e15).optional() }).strict() }),
    output: BudgetCheck,
  },
} as const;

export const budgetEvents = {
  /** A budget's spend or settings changed; `warnings` are the ones reached just now (each given once per period). */
  'budgets.onChange': z.object({ status: BudgetStatus, warnings: z.array(BudgetWarning) }),
} as const;
