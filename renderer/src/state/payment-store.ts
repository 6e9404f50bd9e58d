/**
 * The top-up banner (docs/house-rules.md, "UI-only state in the renderer"): the last 402 the host
 * announced, the profile it was refused for, and that profile's balance when it was. The host's
 * events feed it (api/client.ts); PaymentBanner.tsx shows it only while that profile is active.
 *
 * When it goes, besides Dismiss:
 * - another profile becomes active: it says nothing about that profile's calls, and must not sit
 *   beside that profile's own errors. It is not brought back on return: whether the refusal still
 *   holds is known only by asking again, and the balance widget, read anew on every switch, still
 *   says "Low balance" or "No balance" for that profile;
 * - that profile's balance shows money came in or was spent since the 402: a top-up (more tokens,
 *   or more cash plus credit) or a billed call that went through (more used, §2.2 `token_used`,
 *   §2.3 `total_used`). "Above zero" alone is not enough: a job may be refused for costing more
 *   than a balance that is not zero, and the host re-reads the balance after every refusal too.
 */
import type { BalanceView } from '@shared/contract/account.js';
import type { Text } from '@shared/messages/message.js';
import { create } from 'zustand';

export interface PaymentNotice {
  profileId: string;
  message: Text;
  /** The profile's balance when the 402 came; unknown then, the next reading of it. */
  refusedAt: BalanceView | undefined;
}

interface PaymentState {
  notice: PaymentNotice | null;
  /** A 402 on `profileId`; `balance` is the last reading of that profile's balance, if any. */
  paymentRequired(profileId: string, message: Text, balance: BalanceView | undefined): void;
  balanceChanged(view: BalanceView): void;
  profileActivated(activeId: string): void;
  dismiss(): void;
}

const cashOf = (v: BalanceView) => v.cash.balance + v.cash.credit_balance;

/** Money came in or went out between two readings of one account. */
export function paidSince(before: BalanceView, after: BalanceView): boolean {
  const toppedUp = after.tokens.token_balance > before.tokens.token_balance || cashOf(after) > cashOf(before);
  const billed = after.tokens.token_used > before.tokens.token_used || after.cash.total_used > before.cash.total_used;
  return toppedUp || billed;
}

export const usePaymentStore = create<PaymentState>()((set, get) => ({
  notice: null,
  paymentRequired: (profileId, message, balance) =>
    set({ notice: { profileId, message, refusedAt: balance?.profileId === profileId ? balance : undefined } }),
  balanceChanged: (view) => {
    const notice = get().notice;
    if (notice?.profileId !== view.profileId) return;
    if (!notice.refusedAt) set({ notice: { ...notice, refusedAt: view } });
    else if (paidSince(notice.refusedAt, view)) set({ notice: null });
  },
  profileActivated: (activeId) => {
    const notice = get().notice;
    if (notice && notice.profileId !== activeId) set({ notice: null });
  },
  dismiss: () => set({ notice: null }),
}));
