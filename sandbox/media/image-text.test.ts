import { describe, expect, it } from 'vitest';
import { fitText, measure, normalizeText, wrap } from './image-text.js';

describe('image-text layout', () => {
  it('measures in font pixels with a one-pixel letter gap', () => {
    expect(measure('')).toBe(0);
    expect(measure('A')).toBe(5);
    expect(measure('AA')).toBe(11);
    // Anything outside ASCII is drawn as the font's placeholder box, one per code point.
    expect(measure('猫')).toBe(measure('🐱'));
  });

  it('wraps on spaces, hard-breaks long words and ellipsizes past maxLines', () => {
    expect(wrap('aaa bbb ccc', measure('aaa bbb'))).toEqual(['aaa bbb', 'ccc']);
    const broken = wrap('x'.repeat(50), measure('xxxxxxxxxx'));
    expect(broken.join('')).toBe('x'.repeat(50));
    expect(broken.every((l) => measure(l) <= measure('xxxxxxxxxx'))).toBe(true);
    const cut = wrap('one two three four five six', measure('one two'), 2);
    expect(cut).toHaveLength(2);
    expect(cut[1].endsWith('...')).toBe(true);
  });

  it('normalizes whitespace and picks the largest scale that fits', () => {
    expect(normalizeText('  a\n\tb  ')).toBe('a b');
    expect(fitText('hi', 1000, 1000, 8).scale).toBe(8);
    const small = fitText('many words '.repeat(40), 300, 60, 8);
    expect(small.scale).toBe(1);
    expect(small.lines.length).toBeLessThanOrEqual(6);
  });
});
