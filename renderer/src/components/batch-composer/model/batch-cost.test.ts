/** A batch's expected cost (batch-cost.ts): each distinct request quoted once, times its cells; what has no price is named. */
import { describe, expect, it } from 'vitest';
import { sumShapes } from './batch-cost.js';

const shape = (model: string, count: number) => ({ input: { route: 'image' as const, request: { model } }, count, model });

describe('a batch, quoted', () => {
  it('multiplies each quote by the cells it stands for, ranges included', () => {
    expect(sumShapes([shape('a', 6), shape('b', 2)], [{ basis: 'estimated', money: 100, range: { low: 90, high: 120 } }, { basis: 'user', money: 50 }]))
      .toEqual({ money: 700, basis: 'estimated', range: { low: 640, high: 820 }, unpriced: 0, unpricedModels: [], priced: true });
  });

  it('counts the jobs of an unpriced model apart and names the model, never adding 0', () => {
    expect(sumShapes([shape('a', 6), shape('b', 3), shape('b', 1)], [{ basis: 'user', money: 100 }, { basis: 'unpriced' }, { basis: 'unpriced' }]))
      .toEqual({ money: 600, basis: 'user', unpriced: 4, unpricedModels: ['b'], priced: true });
    expect(sumShapes([shape('b', 3)], [{ basis: 'unpriced' }])).toMatchObject({ priced: false, unpriced: 3 });
  });
});
