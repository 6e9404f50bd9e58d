/** A reply's words taken for speech or a prompt: what a listener would hear, not Markdown's marks. */
import { describe, expect, it } from 'vitest';
import { firstWords, plainWords } from './reply-words.js';

describe('the words of a reply', () => {
  it('drops the marks a listener would hear as noise', () => {
    const md = '## Plan\n\n- **Ferry** at *nine*\n- see [the map](https://x.example/m)\n\n```js\nleave()\n```\n\n> `quiet` please';
    expect(plainWords(md)).toBe('Plan\n\nFerry at nine\nsee the map\n\nleave()\n\nquiet please');
  });

  it('keeps ordinary words, numbers and stars that are not emphasis', () => {
    expect(plainWords('3 * 4 = 12, and snake_case_names stay.')).toBe('3 * 4 = 12, and snake_case_names stay.');
  });

  it('names words by their start, on one line', () => {
    expect(firstWords('one\n two   three', 9)).toBe('one two t…');
    expect(firstWords('short')).toBe('short');
  });
});
