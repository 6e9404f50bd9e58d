/** Attribution of a balance change to the calls in its window: bases, refunds, the remainder, exact sums. */
import { describe, expect, it } from 'vitest';
import { attribute, type Attribution, type Pricing } from './attribution.js';
import { PriceLearner } from './price-learner.js';
import { moneyFromYuan, subtractMoney } from './money.js';
import type { BilledUnits } from './units.js';

const image = (images: number): BilledUnits => ({ kind: 'image', images, resolution: '2K' });
const speech = (characters: number): BilledUnits => ({ kind: 'speech', characters });

/** A learner that knows seedream-4-0 at 2K (2,000 each) and tts-1 (1,000 per 1k characters). */
function learned(): PriceLearner {
  const l = new PriceLearner();
  for (const n of [1, 2, 3]) l.observe('seedream-4-0', image(n), 2000 * n);
  for (const c of [400, 900, 1500]) l.observe('tts-1', speech(c), c);
  return l;
}
const pricing = (learner = learned(), userPrices?: Pricing['userPrices']): Pricing => ({ quote: (m, u) => learner.quote(m, u), userPrices });

/** The rule that must always hold: entries plus remainder equal the change, exactly. */
function balanced(a: Attribution) {
  const sum = a.entries.reduce((n, e) => n + BigInt(e.money ?? 0), 0n) + BigInt(a.remainder);
  expect(sum).toBe(BigInt(a.change));
  for (const e of a.entries) if (e.money !== undefined) expect(Number.isSafeInteger(e.money)).toBe(true);
  return a;
}

describe('bases', () => {
  it('one call since the last read is exact: it gets the whole change, and the learner may take it', () => {
    const a = balanced(attribute({ change: 4321, calls: [{ id: 'c1', model: 'unknown-model', units: speech(10) }] }, pricing()));
    expect(a.entries).toEqual([{ callId: 'c1', kind: 'charge', basis: 'exact', money: 4321 }]);
    expect(a.remainder).toBe(0);
    expect(a.observation).toEqual({ model: 'unknown-model', units: speech(10), money: 4321 });
  });

  it('overlapping calls are estimated at learned prices with their range; the rest is the remainder', () => {
    const a = balanced(attribute({
      change: 4000 + 1234 + 777,
      calls: [{ id: 'img', model: 'seedream-4-0', units: image(2) }, { id: 'tts', model: 'tts-1', units: speech(1234) }, { id: 'new', model: 'tts-1-hd', units: speech(50) }],
    }, pricing()));
    expect(a.entries).toEqual([
      { callId: 'img', kind: 'charge', basis: 'estimated', money: 4000, range: { low: 4000, high: 4000 } },
      { callId: 'tts', kind: 'charge', basis: 'estimated', money: 1234, range: { low: 1234, high: 1234 } },
      // Nothing known of tts-1-hd: unpriced, never 0; its money stays in the remainder.
      { callId: 'new', kind: 'charge', basis: 'unpriced' },
    ]);
    expect(a.remainder).toBe(777);
    expect(a.observation).toBeUndefined();
  });

  it('a price the creator set overrides both the exact and the learned money, and learning goes on', () => {
    const user = { image: { 'seedream-4-0': { '2K': 2500 } } };
    const alone = balanced(attribute({ change: 4000, calls: [{ id: 'a', model: 'seedream-4-0', units: image(2) }] }, pricing(learned(), user)));
    expect(alone.entries).toEqual([{ callId: 'a', kind: 'charge', basis: 'user', money: 5000 }]);
    expect(alone.remainder).toBe(-1000);
    expect(alone.observation).toMatchObject({ money: 4000 });
    const both = balanced(attribute({ change: 6000, calls: [{ id: 'a', model: 'seedream-4-0', units: image(1) }, { id: 'b', model: 'seedream-4-0', units: image(2) }] }, pricing(learned(), user)));
    expect(both.entries.map((e) => [e.basis, e.money])).toEqual([['user', 2500], ['user', 5000]]);
    expect(both.remainder).toBe(-1500);
  });

  it('a zero-unit call among others is unpriced, and an exact one still gets its money', () => {
    const zero = { id: 'z', model: 'tts-1', units: speech(0) };
    expect(balanced(attribute({ change: 1, calls: [zero] }, pricing())).entries).toEqual([{ callId: 'z', kind: 'charge', basis: 'exact', money: 1 }]);
    const a = balanced(attribute({ change: 401, calls: [zero, { id: 's', model: 'tts-1', units: speech(400) }] }, pricing()));
    expect(a.entries.map((e) => e.basis)).toEqual(['unpriced', 'estimated']);
    expect(a.remainder).toBe(1);
  });
});

describe('refunds and other clients', () => {
  it('a refund arriving between reads: an exact earlier charge comes back exactly, and the one new call is still exact', () => {
    const a = balanced(attribute({
      change: 1500 - 8000,
      calls: [{ id: 'tts', model: 'tts-1', units: speech(1500) }],
      refunds: [{ id: 'job', model: 'seedream-4-0', units: image(4), charged: { basis: 'exact', money: 8000 } }],
    }, pricing()));
    expect(a.entries).toEqual([
      { callId: 'tts', kind: 'charge', basis: 'exact', money: 1500 },
      { callId: 'job', kind: 'refund', basis: 'exact', money: -8000 },
    ]);
    expect(a.remainder).toBe(0);
    expect(a.observation).toMatchObject({ model: 'tts-1', money: 1500 });
  });

  it('a refund of an estimated charge mirrors it, and makes the new call estimated: the true refund is unknown', () => {
    const a = balanced(attribute({
      change: 1500 - 8100,
      calls: [{ id: 'tts', model: 'tts-1', units: speech(1500) }],
      refunds: [{ id: 'job', model: 'seedream-4-0', units: image(4), charged: { basis: 'estimated', money: 8000 } }],
    }, pricing()));
    expect(a.entries.map((e) => [e.kind, e.basis, e.money])).toEqual([['charge', 'estimated', 1500], ['refund', 'estimated', -8000]]);
    expect(a.remainder).toBe(-100);
    expect(a.observation).toBeUndefined();
  });

  it('a job charged and refunded in the same window nets to zero and leaves the other call exact', () => {
    const a = balanced(attribute({
      change: 900,
      calls: [{ id: 'job', model: 'nobody-knows', units: image(1) }, { id: 'tts', model: 'tts-1', units: speech(900) }],
      refunds: [{ id: 'job', model: 'nobody-knows', units: image(1) }],
    }, pricing()));
    expect(a.entries.map((e) => [e.callId, e.kind, e.basis, e.money])).toEqual([
      ['job', 'charge', 'unpriced', undefined], ['tts', 'charge', 'exact', 900], ['job', 'refund', 'unpriced', undefined],
    ]);
    expect(a.remainder).toBe(0);
  });

  it('another client\'s spend, or a read that raced a call, is never exact: it shows as the remainder', () => {
    const raced = balanced(attribute({ change: 2000 + 3333, calls: [{ id: 'i', model: 'seedream-4-0', units: image(1) }], ambiguous: true }, pricing()));
    expect(raced.entries).toEqual([{ callId: 'i', kind: 'charge', basis: 'estimated', money: 2000, range: { low: 2000, high: 2000 } }]);
    expect(raced.remainder).toBe(3333);
    const alone = balanced(attribute({ change: 3333, calls: [] }, pricing()));
    expect(alone).toMatchObject({ entries: [], remainder: 3333 });
    // A balance that went down with no refund to explain it: not a negative exact price.
    const down = balanced(attribute({ change: -50, calls: [{ id: 'i', model: 'seedream-4-0', units: image(1) }] }, pricing()));
    expect(down.entries[0].basis).toBe('estimated');
    expect(down.remainder).toBe(-2050);
    expect(down.observation).toBeUndefined();
  });
});

describe('money is exact', () => {
  it('float balances become whole ten-thousandths, and sums over many calls do not drift', () => {
    const before = moneyFromYuan(0.1 + 0.2);
    const after = moneyFromYuan(1234.5678 + 0.0003);
    expect([before, after]).toEqual([3000, 12_345_681]);
    const calls = Array.from({ length: 1000 }, (_, i) => ({ id: `s${i}`, model: 'tts-1', units: speech(7 + (i % 13)) }));
    const a = balanced(attribute({ change: subtractMoney(after, before), calls }, pricing()));
    expect(a.entries.every((e) => e.basis === 'estimated')).toBe(true);
  });

  it('huge figures stay exact, and one beyond exact arithmetic is refused, not rounded', () => {
    const huge = 2 ** 53 - 10;
    expect(balanced(attribute({ change: huge, calls: [{ id: 'a', model: 'x', units: undefined }] }, pricing())).entries[0].money).toBe(huge);
    expect(() => attribute({ change: 2 ** 53, calls: [] }, pricing())).toThrow(RangeError);
    expect(() => attribute({ change: 0.5, calls: [] }, pricing())).toThrow(RangeError);
    expect(() => moneyFromYuan(Number.NaN)).toThrow(RangeError);
    const user = { speech: { 'tts-1': 1e12 } };
    const a = balanced(attribute({ change: 5, calls: [{ id: 'a', model: 'tts-1', units: speech(9e12) }, { id: 'b', model: 'tts-1', units: speech(1) }] }, pricing(learned(), user)));
    // 9e12 characters at 1e12 per 1,000 is beyond exact money: not priced by the user's table.
    expect(a.entries[0].basis).not.toBe('user');
  });
});
