/**
 * A budget warning's words (docs/ledger.md, "Budgets"), shared by the desktop shell's
 * notifications (main process), the browser shell's web notifications and the in-app banner, so
 * each says the same, from the catalog (shared/messages/en/budgets.ts), in the studio's language.
 */
import { msg, type Message, type Text } from '../messages/message.js';
import { isMoneyBudget, type BudgetKind } from './budget-kinds.js';
import type { BudgetWarning } from './budgets.js';

/** An amount as the messages show it: yuan with two to four decimals (money is ten-thousandths), or tokens. */
export function budgetAmount(kind: BudgetKind, amount: number): Message {
  if (!isMoneyBudget(kind)) return msg('budgets.tokens', { tokens: amount });
  return msg('budgets.money', { yuan: (amount / 10_000).toFixed(4).replace(/0{1,2}$/, '') });
}

export function budgetNoticeText(w: BudgetWarning): { title: Message; body: Message } {
  const budget = msg(`budgets.kind.${w.kind}`);
  return {
    title: msg(`budgets.warning.title${w.level}`, { budget }),
    body: msg('budgets.warning.body', { spent: budgetAmount(w.kind, w.spent), limit: budgetAmount(w.kind, w.limit), profile: w.profileName }),
  };
}

/** The warning's title and body in the studio's language (`say`: the shell's translator). */
export function budgetNotice(w: BudgetWarning, say: (text: Text) => string): { title: string; body: string } {
  const text = budgetNoticeText(w);
  return { title: say(text.title), body: say(text.body) };
}
