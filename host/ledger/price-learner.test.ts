/** The price learner, attacked with the samples a real balance gives: rounding, outliers, too few, zero, huge. */
import { describe, expect, it } from 'vitest';
import { PriceLearner } from './price-learner.js';
import type { BilledUnits } from './units.js';

/** The gateway's own rule: per 1,000 tokens, rounded to a whole ten-thousandth, at least one. */
const textCost = (p: [number, number, number], u: { input: number; output: number; thinking: number }) =>
  Math.max(1, Math.round((p[0] * u.input + p[1] * u.output + p[2] * u.thinking) / 1000));
const text = (input: number, output: number, thinking = 0): BilledUnits => ({ kind: 'text', input, output, thinking });
/** Deterministic "mixed sizes": no randomness, so a failure repeats. */
const sizes = (i: number) => ({ input: 200 + ((i * 7919) % 5000), output: 50 + ((i * 104_729) % 2500) });

const within = (value: number, truth: number, rel: number) => expect(Math.abs(value - truth) / truth).toBeLessThanOrEqual(rel);

describe('text: three prices per model', () => {
  it('learns in and out within 1 % from 20 rounded exact samples, and quotes a new call close to its true price', () => {
    const learner = new PriceLearner();
    const price: [number, number, number] = [90, 700, 700];
    for (let i = 0; i < 20; i++) learner.observe('modela-5', text(sizes(i).input, sizes(i).output), textCost(price, { ...sizes(i), thinking: 0 }));
    const learned = learner.learned('modela-5', text(1, 1))!;
    within(learned.rates.input!.price, 90, 0.01);
    within(learned.rates.output!.price, 700, 0.01);
    // A model that never thought: its thinking price is not made up.
    expect(learned.rates.thinking).toBeUndefined();
    const q = learner.quote('modela-5', text(3000, 1000));
    expect(q.priced).toBe(true);
    if (q.priced) {
      expect(Math.abs(q.quote.money - textCost(price, { input: 3000, output: 1000, thinking: 0 }))).toBeLessThanOrEqual(3);
      expect(q.quote.low).toBeLessThanOrEqual(q.quote.money);
      expect(q.quote.high).toBeGreaterThanOrEqual(q.quote.money);
    }
    // A call that thinks, on a model whose thinking price is unknown, is unpriced rather than guessed.
    expect(learner.quote('modela-5', text(10, 10, 10))).toEqual({ priced: false, reason: 'too-few-samples' });
  });

  it('learns the thinking price too where thinking varies', () => {
    const learner = new PriceLearner();
    const price: [number, number, number] = [125, 1000, 1100];
    for (let i = 0; i < 24; i++) {
      const { input, output } = sizes(i);
      const u = { input, output, thinking: 24 + Math.ceil(output / 2) + ((i * 31) % 400) };
      learner.observe('modelc-2.5-pro-thinking', text(u.input, u.output, u.thinking), textCost(price, u));
    }
    const r = learner.learned('modelc-2.5-pro-thinking', text(1, 1))!.rates;
    within(r.input!.price, 125, 0.01);
    within(r.output!.price, 1000, 0.01);
    within(r.thinking!.price, 1100, 0.02);
  });

  it('an outlier among 20 exact samples (a read that caught another client\'s spend) is set aside', () => {
    const learner = new PriceLearner();
    const price: [number, number, number] = [25, 200, 200];
    for (let i = 0; i < 20; i++) {
      const truth = textCost(price, { ...sizes(i), thinking: 0 });
      learner.observe('modela-5-mini', text(sizes(i).input, sizes(i).output), i === 7 ? truth + 45_000 : truth);
    }
    const learned = learner.learned('modela-5-mini', text(1, 1))!;
    expect(learned.outliers).toBe(1);
    expect(learned.samples).toBe(19);
    within(learned.rates.input!.price, 25, 0.01);
    within(learned.rates.output!.price, 200, 0.01);
  });

  it('keeps models apart', () => {
    const learner = new PriceLearner();
    for (let i = 0; i < 10; i++) {
      learner.observe('cheap', text(sizes(i).input, sizes(i).output), textCost([5, 40, 40], { ...sizes(i), thinking: 0 }));
      learner.observe('dear', text(sizes(i).input, sizes(i).output), textCost([1500, 12000, 12000], { ...sizes(i), thinking: 0 }));
    }
    within(learner.learned('cheap', text(1, 1))!.rates.output!.price, 40, 0.02);
    within(learner.learned('dear', text(1, 1))!.rates.output!.price, 12000, 0.01);
  });
});

describe('one-unit kinds: a median of ratios', () => {
  it('images per model and class, video per model and size, speech per 1,000 characters, native images', () => {
    const learner = new PriceLearner();
    for (const n of [1, 3, 2, 4]) {
      learner.observe('seedream-4-0', { kind: 'image', images: n, resolution: '2K' }, 2000 * n);
      learner.observe('seedream-4-0', { kind: 'image', images: n, resolution: '4K' }, 4000 * n);
      learner.observe('wan2.6', { kind: 'video', seconds: 3 + n, size: '1080p' }, 10_000 * (3 + n));
      learner.observe('tts-1', { kind: 'speech', characters: 137 * n + 11 }, Math.max(1, Math.round((1000 * (137 * n + 11)) / 1000)));
      learner.observe('modelc-3-pro-image-preview', { kind: 'native-image', images: n }, 3900 * n);
    }
    const quote = (model: string, u: BilledUnits) => { const q = learner.quote(model, u); return q.priced ? q.quote.money : undefined; };
    expect(quote('seedream-4-0', { kind: 'image', images: 2, resolution: '2K' })).toBe(4000);
    expect(quote('seedream-4-0', { kind: 'image', images: 1, resolution: '4K' })).toBe(4000);
    // A class never seen is not priced from another class.
    expect(learner.quote('seedream-4-0', { kind: 'image', images: 1, resolution: '1K' })).toEqual({ priced: false, reason: 'too-few-samples' });
    expect(learner.quote('wan2.6', { kind: 'video', seconds: 5, size: '720p' }).priced).toBe(false);
    expect(quote('wan2.6', { kind: 'video', seconds: 5, size: '1080p' })).toBe(50_000);
    expect(quote('tts-1', { kind: 'speech', characters: 2000 })).toBe(2000);
    expect(quote('modelc-3-pro-image-preview', { kind: 'native-image', images: 2 })).toBe(7800);
    expect(learner.learned('tts-1', { kind: 'speech', characters: 1 })!.rates.character!.price).toBeCloseTo(1000, 6);
  });

  it('an outlier among 20 is set aside and the range stays tight', () => {
    const learner = new PriceLearner();
    const clip = (i: number) => ({ kind: 'video', seconds: 5 + (i % 10), size: '720p' }) as const;
    for (let i = 0; i < 20; i++) learner.observe('modelg3', clip(i), 6000 * clip(i).seconds + (i === 11 ? 250_000 : 0));
    expect(learner.learned('modelg3', clip(0))).toMatchObject({ samples: 19, outliers: 1, rates: { second: { price: 6000 } } });
    expect(learner.quote('modelg3', { kind: 'video', seconds: 10, size: '720p' })).toEqual({ priced: true, quote: { money: 60_000, low: 60_000, high: 60_000 } });
  });

  it('too few samples is unpriced, never 0; nor are zero-unit calls or unknown units priced', () => {
    const learner = new PriceLearner();
    learner.observe('tts-1-hd', { kind: 'speech', characters: 500 }, 1000);
    learner.observe('tts-1-hd', { kind: 'speech', characters: 700 }, 1400);
    expect(learner.quote('tts-1-hd', { kind: 'speech', characters: 100 })).toEqual({ priced: false, reason: 'too-few-samples' });
    learner.observe('tts-1-hd', { kind: 'speech', characters: 0 }, 1);
    expect(learner.quote('tts-1-hd', { kind: 'speech', characters: 100 }).priced).toBe(false);
    learner.observe('tts-1-hd', { kind: 'speech', characters: 300 }, 600);
    expect(learner.quote('tts-1-hd', { kind: 'speech', characters: 100 })).toMatchObject({ priced: true, quote: { money: 200 } });
    expect(learner.quote('tts-1-hd', { kind: 'speech', characters: 0 })).toEqual({ priced: false, reason: 'zero-units' });
    expect(learner.quote('tts-1-hd', undefined)).toEqual({ priced: false, reason: 'units-unknown' });
    expect(learner.learned('tts-1-hd', { kind: 'speech', characters: 1 })!.samples).toBe(3);
  });

  it('huge quantities and prices stay exact integers or are refused', () => {
    const learner = new PriceLearner();
    for (const n of [1e9, 2e9, 3e9]) learner.observe('big', { kind: 'speech', characters: n }, n * 2);
    expect(learner.quote('big', { kind: 'speech', characters: 4e9 })).toMatchObject({ priced: true, quote: { money: 8e9 } });
    expect(learner.quote('big', { kind: 'speech', characters: 8e15 }).priced).toBe(false);
    expect(() => learner.observe('big', { kind: 'speech', characters: 1 }, 0.5)).toThrow(RangeError);
  });

  it('follows a price the gateway changed once the old samples age out', () => {
    const learner = new PriceLearner({ maxSamples: 10 });
    for (let i = 1; i <= 10; i++) learner.observe('m', { kind: 'native-image', images: i }, 1000 * i);
    for (let i = 1; i <= 10; i++) learner.observe('m', { kind: 'native-image', images: i }, 1500 * i);
    expect(learner.quote('m', { kind: 'native-image', images: 1 })).toMatchObject({ quote: { money: 1500 } });
  });
});
