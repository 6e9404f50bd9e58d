/** Balances of the active profile (spec 4.1, 4.2), shown by the always-visible widget. */
import { z } from 'zod';
import { TextData } from '../messages/index.js';
import { CashBalance, TokenBalance } from '../gateway/wire.js';

export const BalanceView = z.object({
  profileId: z.string(),
  tokens: TokenBalance,
  cash: CashBalance,
  /** Below the warning line: few tokens or little cash left, or none (`balanceState` is not `fine`). */
  low: z.boolean(),
  fetchedAt: z.number(),
});
export type BalanceView = z.infer<typeof BalanceView>;

export { balanceState, LOW_CASH, LOW_TOKENS, type BalanceState } from './balance-state.js';

/**
 * A 402 anywhere: the renderer shows a top-up banner and keeps what the user typed. `profileId` is
 * the profile refused: the banner is shown only while it is active. `message` is the failure's
 * message data (plain English from a caller not yet converted: shown as it is).
 */
export const PaymentRequired = z.object({ profileId: z.string(), message: TextData });

export const accountMethods = {
  'account.balance': { input: z.object({ refresh: z.boolean().optional() }), output: BalanceView },
} as const;

export const accountEvents = {
  'account.onDidChangeBalance': BalanceView,
  'account.onDidRequirePayment': PaymentRequired,
} as const;
