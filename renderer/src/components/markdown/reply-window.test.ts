import { describe, expect, it } from 'vitest';
import { guessHeight, partShown, runsOf, spanOf, startsOf, tailStart, type PartPlace } from './reply-window.js';

describe('a long reply rendered in part', () => {
  it('always renders its end: the last part, and the parts before it up to the height asked for', () => {
    expect(tailStart(startsOf([100, 100, 100, 100]), 250)).toBe(1);
    expect(tailStart(startsOf([100, 100, 100, 100]), 1_000)).toBe(0);
    // A last part taller than the view is the whole tail.
    expect(tailStart(startsOf([100, 100, 5000]), 250)).toBe(2);
    expect(tailStart(startsOf([]), 250)).toBe(0);
  });

  it('finds the parts a stretch of the reply overlaps, from where each starts', () => {
    const starts = startsOf([100, 50, 200, 100]);
    expect([...starts]).toEqual([0, 100, 150, 350, 450]);
    expect(spanOf(starts, 0, 10)).toEqual({ first: 0, last: 0 });
    expect(spanOf(starts, 120, 160)).toEqual({ first: 1, last: 2 });
    // A part that ends where the stretch starts, or starts where it ends, is not in it.
    expect(spanOf(starts, 100, 150)).toEqual({ first: 1, last: 1 });
    expect(spanOf(starts, -500, 5_000)).toEqual({ first: 0, last: 3 });
    // Above or below the reply: none.
    expect(spanOf(starts, -500, -10).last).toBeLessThan(0);
    expect(spanOf(starts, 460, 900).last).toBeLessThan(0);
  });

  it('stands in for each stretch of parts not rendered with one box of their summed height', () => {
    const starts = startsOf([10, 20, 30, 40, 50, 60]);
    const shown = new Set([2, 5]);
    expect(runsOf(6, (i) => shown.has(i), starts)).toEqual([{ from: 0, to: 2, height: 30 }, { index: 2 }, { from: 3, to: 5, height: 90 }, { index: 5 }]);
    expect(runsOf(3, () => true, startsOf([1, 2, 3]))).toEqual([{ index: 0 }, { index: 1 }, { index: 2 }]);
  });

  it('guesses a part never shown from its lines, long lines wrapping, and its code blocks', () => {
    const paragraph = 'word '.repeat(19);
    expect(guessHeight(paragraph)).toBe(22);
    expect(guessHeight(`${paragraph}\n${paragraph}`)).toBe(44);
    expect(guessHeight('x'.repeat(250))).toBe(66);
    expect(guessHeight('```ts\nconst a = 1;\n```')).toBe(3 * 22 + 48);
  });

  it('renders a part in view at once; the margin while a reader who went up reads a streaming reply, or once idle after its end', () => {
    const at = (p: Partial<PartPlace>): boolean =>
      partShown({ visible: false, inMargin: false, ahead: false, idleSinceEnd: false, streaming: false, following: true, ...p });
    expect(at({ visible: true, streaming: true })).toBe(true);
    // Following a streaming reply's end: the margin above it is new text every frame, and waits.
    expect(at({ inMargin: true, ahead: true, streaming: true })).toBe(false);
    // The reader went up to read while it streams: the margin around what they read is there.
    expect(at({ inMargin: true, ahead: true, streaming: true, following: false })).toBe(true);
    expect(at({ ahead: true, streaming: true, following: false })).toBe(false);
    // Just ended, the page not yet idle: still waiting; once idle, margin and ahead.
    expect(at({ inMargin: true })).toBe(false);
    expect(at({ inMargin: true, idleSinceEnd: true })).toBe(true);
    expect(at({ ahead: true, idleSinceEnd: true })).toBe(true);
  });
});
