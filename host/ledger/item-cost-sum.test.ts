/**
 * An item's cost summed from its rows (item-costs.ts, `costOf`): the least sure basis is what is
 * shown, a range adds up, a refund nets, and an item none of whose money is known has no money at
 * all rather than 0.
 */
import { describe, expect, it } from 'vitest';
import { costOf } from './item-costs.js';
import type { LedgerRow } from './ledger-table.js';

const row = (r: Partial<LedgerRow>): LedgerRow => ({
  callId: 'c', kind: 'call', at: 0, profileId: 'p', route: 'chat', model: 'm', modality: 'text', outcome: 'succeeded', links: {}, ...r,
});

describe('an item\'s cost from its rows', () => {
  it('shows a reply of several calls as the least sure of them, with its tokens summed', () => {
    const text = { kind: 'text' as const, input: 10, output: 20, thinking: 0 };
    const c = costOf([
      row({ money: 100, basis: 'exact', units: text }),
      row({ money: 50, basis: 'estimated', range: { low: 40, high: 70 }, units: { ...text, thinking: 5 } }),
    ]);
    expect(c).toEqual({ calls: 2, basis: 'estimated', money: 150, range: { low: 140, high: 170 }, refunded: false, tokens: { input: 20, output: 40, thinking: 5 } });
    expect(costOf([row({ money: 100, basis: 'exact' }), row({ money: 30, basis: 'user' })]).basis).toBe('user');
  });

  it('never turns unknown money into 0', () => {
    expect(costOf([row({ basis: 'unpriced' })])).toEqual({ calls: 1, basis: 'unpriced', refunded: false });
    expect(costOf([row({})])).toEqual({ calls: 1, basis: 'pending', refunded: false });
    // Part known, part not: unpriced, with what is known kept beside it.
    expect(costOf([row({ money: 100, basis: 'exact' }), row({ basis: 'unpriced' })])).toMatchObject({ basis: 'unpriced', money: 100 });
  });

  it('nets a refunded job to what the gateway kept, and says it was refunded', () => {
    expect(costOf([row({ money: 1000, basis: 'exact', outcome: 'refunded', refund: { money: -1000, basis: 'exact' } })]))
      .toEqual({ calls: 1, basis: 'exact', money: 0, refunded: true });
    expect(costOf([row({ money: 1000, basis: 'exact', outcome: 'refunded', refund: { basis: 'unpriced' } })])).toMatchObject({ basis: 'unpriced', refunded: true });
  });
});
