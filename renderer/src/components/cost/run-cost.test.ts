/**
 * A compare run's expected cost (run-quote.ts, docs/ledger.md "Cost where the work is"): the
 * jobs' quotes summed as a creator would read them. A job with no price yet is counted apart,
 * never added as 0; one estimate makes the whole sum an estimate, with the ranges summed.
 */
import { describe, expect, it } from 'vitest';
import { sumQuotes } from './run-quote.js';

describe('a run of jobs, quoted', () => {
  it('sums set prices as set by you', () => {
    expect(sumQuotes([{ basis: 'user', money: 500 }, { basis: 'user', money: 700 }])).toEqual({ money: 1200, basis: 'user', unpriced: 0 });
  });

  it('is an estimate once one job is, with the ranges summed (an exact price adds itself to both ends)', () => {
    expect(sumQuotes([
      { basis: 'estimated', money: 500, range: { low: 450, high: 560 } },
      { basis: 'user', money: 700 },
    ])).toEqual({ money: 1200, basis: 'estimated', range: { low: 1150, high: 1260 }, unpriced: 0 });
  });

  it('counts the jobs with no price apart instead of pricing them at 0', () => {
    const sum = sumQuotes([{ basis: 'unpriced' }, { basis: 'user', money: 700 }, { basis: 'unpriced' }]);
    expect(sum).toEqual({ money: 700, basis: 'user', unpriced: 2 });
  });
});
