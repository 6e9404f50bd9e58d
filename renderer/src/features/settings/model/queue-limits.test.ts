import { describe, expect, it } from 'vitest';
import { QueueLimits } from '@shared/contract/tasks.js';
import { checkQueueLimits, QUEUE_BOUNDS, QUEUE_FIELDS } from './queue-limits.js';

describe('the queue limits form', () => {
  it('has the contract’s bounds: the host accepts each end and refuses one past it', () => {
    for (const field of QUEUE_FIELDS) {
      const { min, max } = QUEUE_BOUNDS[field];
      const at = (n: number) => QueueLimits.shape[field].safeParse(n).success;
      expect([at(min - 1), at(min), at(max), at(max + 1)], field).toEqual([false, true, true, false]);
    }
  });

  it('refuses what is not a whole number, or out of range, field by field', () => {
    expect(checkQueueLimits({ perModel: '1.5', overall: '' })).toEqual({ problems: { perModel: 'notWhole', overall: 'notWhole' } });
    expect(checkQueueLimits({ perModel: '0', overall: '33' })).toEqual({ problems: { perModel: 'outOfRange', overall: 'outOfRange' } });
    expect(checkQueueLimits({ perModel: '-2', overall: '4' })).toEqual({ problems: { perModel: 'notWhole' } });
  });

  it('refuses a per-model limit above the overall one, which the queue could never reach', () => {
    expect(checkQueueLimits({ perModel: '5', overall: '3' })).toEqual({ problems: { perModel: 'perModelOverOverall' } });
  });

  it('takes full-width digits and spaces around them', () => {
    expect(checkQueueLimits({ perModel: ' ３ ', overall: '１２' })).toEqual({ limits: { perModel: 3, overall: 12 } });
  });
});
