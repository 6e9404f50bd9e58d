/** The Budgets form's rules: what a creator may type, and what it is kept as. */
import { describe, expect, it } from 'vitest';
import { checkBudgets, draftOf, parseBudget } from './budget-form.js';

describe('the budgets form', () => {
  it('reads yuan to the ten-thousandth, tokens as whole numbers, and an empty field as no budget', () => {
    expect(parseBudget('dailyMoney', '0.01')).toEqual({ value: 100 });
    expect(parseBudget('monthlyMoney', ' ¥1,250.5 ')).toEqual({ value: 12_505_000 });
    expect(parseBudget('dailyMoney', '０．５')).toEqual({ value: 5000 });
    expect(parseBudget('dailyTokens', '20,000')).toEqual({ value: 20_000 });
    expect(parseBudget('monthlyTokens', '')).toEqual({});
  });

  it('refuses what is no amount: a fifth decimal, zero, a sign, words, beyond the largest limit', () => {
    for (const text of ['0.00001', '0', '-5', 'ten', '1e3', '.5']) expect(parseBudget('dailyMoney', text)).toEqual({ problem: 'notMoney' });
    for (const text of ['1.5', '0', '-1', 'many']) expect(parseBudget('dailyTokens', text)).toEqual({ problem: 'notWhole' });
    expect(parseBudget('monthlyMoney', '100000001')).toEqual({ problem: 'tooLarge' });
    expect(parseBudget('monthlyTokens', '1000000000001')).toEqual({ problem: 'tooLarge' });
  });

  it('gives every field its problem at once, or the limits; a saved budget reads back as typed', () => {
    expect(checkBudgets({ dailyMoney: 'x', monthlyMoney: '', dailyTokens: '1.5', monthlyTokens: '10' })).toEqual({ problems: { dailyMoney: 'notMoney', dailyTokens: 'notWhole' } });
    const checked = checkBudgets({ dailyMoney: '0.015', monthlyMoney: '', dailyTokens: '', monthlyTokens: '10' });
    expect(checked).toEqual({ limits: { dailyMoney: 150, monthlyTokens: 10 } });
    expect(draftOf({ dailyMoney: 150, monthlyTokens: 10 })).toEqual({ dailyMoney: '0.015', monthlyMoney: '', dailyTokens: '', monthlyTokens: '10' });
  });
});
