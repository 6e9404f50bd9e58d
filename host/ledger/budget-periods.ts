/**
 * The arithmetic of budgets (docs/ledger.md, "Budgets"), pure: a budget's period in local time
 * (a day from local midnight, a month from its first day's midnight, so a daylight-saving day is
 * 23 or 25 hours), and which warning levels a spend has reached.
 */
import { BUDGET_LEVELS, type BudgetKind, type BudgetLevel } from '@shared/contract/budgets.js';

export interface Period {
  start: number;
  end: number;
}

/** The period of `kind` holding the time `t`, in the machine's local time. */
export function periodOf(kind: BudgetKind, t: number): Period {
  const start = new Date(t);
  start.setHours(0, 0, 0, 0);
  const monthly = kind === 'monthlyMoney' || kind === 'monthlyTokens';
  if (monthly) start.setDate(1);
  const end = new Date(start);
  if (monthly) end.setMonth(end.getMonth() + 1);
  else end.setDate(end.getDate() + 1);
  return { start: start.getTime(), end: end.getTime() };
}

export { isMoneyBudget as isMoney } from '@shared/contract/budget-kinds.js';

/** The levels `spent` has reached of `limit` (integers, so no rounding: 79.99 % is not 80 %). */
export function levelsReached(spent: number, limit: number): BudgetLevel[] {
  return BUDGET_LEVELS.filter((level) => spent * 100 >= limit * level);
}
