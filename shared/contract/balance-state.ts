/**
 * What the balance widget says of an account, free of zod: the renderer's first screen shows it
 * before the contract's schemas are loaded (docs/performance.md, "Start-up").
 */
import type { BalanceView } from './account.js';

/**
 * The warning lines. The spec gives the figures (§2.2 token balance, §2.3 cash balance, read as in
 * §4.1 and §4.2) and says only that an insufficient balance fails calls with a 402 (§4.2, §7), not
 * where "low" starts: these are the studio's own. Cash is counted with the credit balance, in the
 * account's own currency (CNY in the spec's shown case, §2.3); a line is crossed below it, so
 * exactly 10,000 tokens or 5.00 is still fine.
 */
export const LOW_TOKENS = 10_000;
export const LOW_CASH = 5;

/**
 * What the balance widget says of an account:
 * - `none`: nothing left to pay with: no tokens (≤ 0) and no cash plus credit (≤ 0). Exact zero,
 *   not "shows as ¥0.00": a job may cost less than a fen (the studio shows prices to six places).
 * - `low`: tokens below LOW_TOKENS or cash plus credit below LOW_CASH, including one of the two
 *   run out while the other is left: an account may be billed in tokens, in cash or both (the
 *   sandbox bills text in tokens, media in cash), and one paid only in cash holds no tokens at
 *   all without being empty.
 * - `fine`: otherwise.
 */
export type BalanceState = 'fine' | 'low' | 'none';

export function balanceState({ tokens, cash }: Pick<BalanceView, 'tokens' | 'cash'>): BalanceState {
  const money = cash.balance + cash.credit_balance;
  if (tokens.token_balance <= 0 && money <= 0) return 'none';
  return tokens.token_balance < LOW_TOKENS || money < LOW_CASH ? 'low' : 'fine';
}
