import { describe, expect, it } from 'vitest';
import { guessHeight, tailStart } from './reply-window.js';

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
});
