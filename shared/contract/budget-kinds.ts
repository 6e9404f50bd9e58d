/**
 * Budgets' kinds and warning levels (docs/ledger.md, "Budgets"), free of zod: the renderer's first
 * load and the Settings chunk read these without the contract's schemas (budgets.ts has those).
 */
export const BUDGET_KINDS = ['dailyMoney', 'monthlyMoney', 'dailyTokens', 'monthlyTokens'] as const;
export type BudgetKind = (typeof BUDGET_KINDS)[number];
export const BUDGET_LEVELS = [80, 90, 100] as const;
export type BudgetLevel = (typeof BUDGET_LEVELS)[number];

export const isMoneyBudget = (kind: BudgetKind) => kind === 'dailyMoney' || kind === 'monthlyMoney';
