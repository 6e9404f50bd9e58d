/**
 * The rules of the Budgets form (docs/ledger.md, "Budgets"): money is typed in yuan (up to four
 * decimals, the gateway's smallest step) and kept as ten-thousandths; tokens as a whole number; an
 * empty field is no budget. The bound mirrors the contract's by hand, so the Settings chunk does
 * not pull zod in; the host checks again either way.
 */
import { BUDGET_KINDS, isMoneyBudget, type BudgetKind } from '@shared/contract/budget-kinds.js';
import type { BudgetLimits } from '@shared/contract/budgets.js';

/** The contract's largest limit (ten-thousandths of a yuan, or tokens). */
export const MAX_LIMIT = 1e12;

export type BudgetDraft = Record<BudgetKind, string>;
export type BudgetProblem = 'notMoney' | 'notWhole' | 'tooLarge';

/** Full-width digits and point (typed with a Chinese input method) read as what they are; group separators dropped. */
const plain = (text: string) =>
  text.trim().replace(/[０-９．]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/[,，\s_]/g, '').replace(/^[¥￥]/, '');

export function parseBudget(kind: BudgetKind, text: string): { value?: number } | { problem: BudgetProblem } {
  const typed = plain(text);
  if (typed === '') return {};
  if (isMoneyBudget(kind)) {
    const m = /^(\d+)(?:\.(\d{0,4}))?$/.exec(typed);
    if (!m) return { problem: 'notMoney' };
    const value = Number(m[1]) * 10_000 + Number((m[2] ?? '').padEnd(4, '0'));
    if (value === 0) return { problem: 'notMoney' };
    return value > MAX_LIMIT ? { problem: 'tooLarge' } : { value };
  }
  if (!/^\d+$/.test(typed) || Number(typed) === 0) return { problem: 'notWhole' };
  const value = Number(typed);
  return value > MAX_LIMIT ? { problem: 'tooLarge' } : { value };
}

/** Every field's problem, or the limits to save when there is none. */
export function checkBudgets(draft: BudgetDraft): { limits: BudgetLimits } | { problems: Partial<Record<BudgetKind, BudgetProblem>> } {
  const limits: BudgetLimits = {};
  const problems: Partial<Record<BudgetKind, BudgetProblem>> = {};
  for (const kind of BUDGET_KINDS) {
    const parsed = parseBudget(kind, draft[kind]);
    if ('problem' in parsed) problems[kind] = parsed.problem;
    else if (parsed.value !== undefined) limits[kind] = parsed.value;
  }
  return Object.keys(problems).length ? { problems } : { limits };
}

/** A saved limit as the field shows it: yuan without trailing zeros, or tokens. */
export function draftOf(limits: BudgetLimits): BudgetDraft {
  const shown = (kind: BudgetKind) => {
    const v = limits[kind];
    if (v === undefined) return '';
    return isMoneyBudget(kind) ? String(v / 10_000) : String(v);
  };
  return { dailyMoney: shown('dailyMoney'), monthlyMoney: shown('monthlyMoney'), dailyTokens: shown('dailyTokens'), monthlyTokens: shown('monthlyTokens') };
}
