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
  it('sends the first delta after a quiet spell at once, so the reply starts on screen without waiting for a window', () => {
    const { timer, pending } = manualTimer();
    const sent: Deltas[] = [];
    const b = new DeltaBatcher((d) => sent.push(d), 30, timer);
    b.push(0, 'Once');
    expect(sent).toEqual([[{ choice: 0, text: 'Once' }]]);
    expect([...pending.values()].map((t) => t.ms)).toEqual([30]);
  });

  it('coalesces every delta of a window into one event, joined per choice and ordered by choice', () => {
    const { timer, fire, pending } = manualTimer();
    const sent: Deltas[] = [];
    const b = new DeltaBatcher((d) => sent.push(d), 30, timer);
    b.push(0, 'first');
    for (const [choice, text] of [[1, 'b1'], [0, 'a1'], [1, 'b2'], [0, 'a2'], [2, '']] as const) b.push(choice, text);
    expect(sent).toHaveLength(1);
    expect(pending.size).toBe(1);
    fire();
    expect(sent.slice(1)).toEqual([[{ choice: 0, text: 'a1a2' }, { choice: 1, text: 'b1b2' }]]);
  });

  it('keeps one event per window while deltas keep coming, and is quiet again after a window with none', () => {
    const { timer, fire, pending } = manualTimer();
    const sent: Deltas[] = [];
    const b = new DeltaBatcher((d) => sent.push(d), 30, timer);
    b.push(0, 'x');
    b.push(0, 'y');
    fire();
    // 'y' went at the window's end, which opened the next window: 'z' waits for it.
    b.push(0, 'z');
    expect(sent).toEqual([[{ choice: 0, text: 'x' }], [{ choice: 0, text: 'y' }]]);
    fire();
    fire();
    expect(pending.size).toBe(0);
    // Quiet: the next delta goes at once again.
    b.push(0, 'w');
    expect(sent.map((d) => d[0].text)).toEqual(['x', 'y', 'z', 'w']);
  });

  it('flush sends what is pending at once and cancels the timer', () => {
    const { timer, pending } = manualTimer();
    const sent: Deltas[] = [];
    const b = new DeltaBatcher((d) => sent.push(d), 30, timer);
    b.push(0, 'first');
    b.push(0, 'last words');
    b.flush();
    expect(sent).toEqual([[{ choice: 0, text: 'first' }], [{ choice: 0, text: 'last words' }]]);
    expect(pending.size).toBe(0);
    b.flush();
    expect(sent).toHaveLength(2);
  });
});
