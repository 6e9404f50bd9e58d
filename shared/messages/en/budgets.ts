/**
 * Budgets (docs/ledger.md, "Budgets"): the hard stop's refusal and the warnings at 80, 90 and
 * 100 %, shown in the app and as desktop notifications in the same words.
 */
export const budgets = {
  kind: {
    dailyMoney: 'daily spending',
    monthlyMoney: 'monthly spending',
    dailyTokens: 'daily token',
    monthlyTokens: 'monthly token',
  },
  /** An amount: money in yuan, or tokens. */
  money: '¥{{yuan}}',
  tokens: '{{tokens}} tokens',
  refused:
    'Not sent: your {{budget}} budget of {{limit}} is spent ({{spent}} so far). Nothing was charged. Raise the budget or turn off the hard stop in Settings › Budgets, or choose “Allow the next one” to let one submission through.',
  warning: {
    title80: '80 % of your {{budget}} budget is spent',
    title90: '90 % of your {{budget}} budget is spent',
    title100: 'Your {{budget}} budget is spent',
    body: '{{spent}} of {{limit}} spent on {{profile}}.',
  },
} as const;
