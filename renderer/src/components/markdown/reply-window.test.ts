import { describe, expect, it } from 'vitest';
import { guessHeight, partShown, tailStart, type PartPlace } from './reply-window.js';

describe('a long reply rendered in part', () => {
  const px = (source: string) => Number(source);

  it('always renders its end: the last part, and the parts before it up to the height asked for', () => {
    expect(tailStart(['100', '100', '100', '100'], px, 250)).toBe(1);
    expect(tailStart(['100', '100', '100', '100'], px, 1_000)).toBe(0);
    // A last part taller than the view is the whole tail.
    expect(tailStart(['100', '100', '5000'], px, 250)).toBe(2);
    expect(tailStart([], px, 250)).toBe(0);
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
