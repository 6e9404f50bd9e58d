/** Batching of stream deltas, on a timer the test turns by hand. */
import { describe, expect, it } from 'vitest';
import { DeltaBatcher, type Deltas, type Timer } from './delta-batcher.js';

function manualTimer() {
  const pending = new Map<number, { fn: () => void; ms: number }>();
  let next = 0;
  const timer: Timer = {
    set: (fn, ms) => {
      pending.set(++next, { fn, ms });
      return next;
    },
    clear: (h) => void pending.delete(h as number),
  };
  const fire = () => {
    const due = [...pending.entries()];
    pending.clear();
    for (const [, t] of due) t.fn();
  };
  return { timer, fire, pending };
}

describe('DeltaBatcher', () => {
  it('coalesces every delta of a window into one event, joined per choice and ordered by choice', () => {
    const { timer, fire, pending } = manualTimer();
    const sent: Deltas[] = [];
    const b = new DeltaBatcher((d) => sent.push(d), 30, timer);
    for (const [choice, text] of [[1, 'b1'], [0, 'a1'], [1, 'b2'], [0, 'a2'], [2, '']] as const) b.push(choice, text);
    expect(sent).toEqual([]);
    expect([...pending.values()].map((t) => t.ms)).toEqual([30]);
    fire();
    expect(sent).toEqual([[{ choice: 0, text: 'a1a2' }, { choice: 1, text: 'b1b2' }]]);
  });

  it('starts a new window after each event, and sends nothing when nothing arrived', () => {
    const { timer, fire, pending } = manualTimer();
    const sent: Deltas[] = [];
    const b = new DeltaBatcher((d) => sent.push(d), 30, timer);
    b.push(0, 'x');
    fire();
    fire();
    expect(pending.size).toBe(0);
    b.push(0, 'y');
    expect(pending.size).toBe(1);
    fire();
    expect(sent).toEqual([[{ choice: 0, text: 'x' }], [{ choice: 0, text: 'y' }]]);
  });

  it('flush sends what is pending at once and cancels the timer', () => {
    const { timer, pending } = manualTimer();
    const sent: Deltas[] = [];
    const b = new DeltaBatcher((d) => sent.push(d), 30, timer);
    b.push(0, 'last words');
    b.flush();
    expect(sent).toEqual([[{ choice: 0, text: 'last words' }]]);
    expect(pending.size).toBe(0);
    b.flush();
    expect(sent).toHaveLength(1);
  });
});
