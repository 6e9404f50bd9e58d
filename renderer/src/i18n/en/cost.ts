/** What a call cost, or is expected to (docs/ledger.md, "Cost where the work is"): tasks, gallery, chat and the forms. */
export const cost = {
  label: 'Cost',
  expected: 'Expected cost',
  exact: '{{money}}',
  user: '{{money}} · set by you',
  estimated: '≈ {{money}} ({{low}}–{{high}})',
  unpriced: 'unpriced',
  pending: 'working out…',
  refunded: 'refunded',
  /** Tokens of a chat reply, beside its money. */
  tokens: '{{input}} in · {{output}} out',
  tokensThinking: '{{input}} in · {{output}} out · {{thinking}} thinking',
  tokensLabel: 'tokens',
  calls: '{{count}} calls',
  quoteUnpriced: 'unpriced until the studio has learned this model’s price from your calls, or you set one in Settings',
  quoteUser: '{{money}} · your price',
  /** A compare run: its jobs' quotes summed (components/cost/run-cost.tsx). */
  expectedRun: 'Expected cost of {{jobs}} jobs',
  runUnpriced: '+ {{number}} not priced yet',
  runCrosses: 'This run would take your {{budget}} budget past its limit: {{spent}} spent, {{after}} after it, of {{limit}}.',
} as const;
