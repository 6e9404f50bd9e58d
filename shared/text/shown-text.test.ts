/**
 * The one escaping of what reaches a terminal or a native dialog, fed every kind of hidden
 * character an attacker has: each comes out visible, and two values never come out alike.
 */
import { describe, expect, it } from 'vitest';
import { shownRequest, shownText } from './shown-text.js';
import { withoutHiddenCharacters } from './hidden-characters.js';

const HIDDEN = [
  ['\x1b', '\\x1b'], ['\r', '\\x0d'], ['\n', '\\x0a'], ['\t', '\\x09'], ['\0', '\\x00'], ['\x7f', '\\x7f'],
  ['\x9b', '\\x9b'], ['\x85', '\\x85'], ['\u202e', '\\u202e'], ['\u202a', '\\u202a'], ['\u2066', '\\u2066'], ['\u2069', '\\u2069'],
  ['\u200e', '\\u200e'], ['\u200f', '\\u200f'], ['\u061c', '\\u061c'], ['\u200b', '\\u200b'], ['\ufeff', '\\ufeff'],
  ['\u2028', '\\u2028'], ['\u2029', '\\u2029'], ['\ud800', '\\ud800'], ['\u{e0041}', '\\u{e0041}'],
] as const;

describe('shownText', () => {
  it.each(HIDDEN)('shows %j as its escape', (raw, shown) => {
    expect(shownText(`a${raw}b`)).toBe(`a${shown}b`);
  });

  it('doubles a backslash, so a typed escape never reads as a real one', () => {
    expect(shownText('a\\x0ab')).toBe('a\\\\x0ab');
    expect(shownText('a\\x0ab')).not.toBe(shownText('a\nb'));
    expect(shownText('\\u202e')).not.toBe(shownText('\u202e'));
  });

  it('leaves printable text of any script alone', () => {
    for (const text of ['/home/me/Pictures', "it's \"quoted\"", '雪の中の狐', 'Ünïcödé', '🦊 fox', 'مرحبا']) expect(shownText(text)).toBe(text);
  });

  it('is one-to-one over values built from the tricky characters', () => {
    const parts = ['\\', 'x', '0', 'a', '\n', 'u', '2', 'e', '\u202e', '{', '}'];
    const seen = new Map<string, string>();
    const walk = (prefix: string, depth: number) => {
      if (depth === 0) return;
      for (const p of parts) {
        const value = prefix + p;
        const shown = shownText(value);
        expect(seen.get(shown) ?? value).toBe(value);
        seen.set(shown, value);
        walk(value, depth - 1);
      }
    };
    walk('', 4);
  });

  it('escapes every string of a request but its kind and language', () => {
    expect(shownRequest({ kind: 'library-move', from: '/a', to: '/b\x1b', language: 'en', code: '12 34' })).toEqual({ kind: 'library-move', from: '/a', to: '/b\\x1b', language: 'en', code: '12 34' });
  });
});

describe('withoutHiddenCharacters', () => {
  it('drops format characters and turns controls into spaces', () => {
    expect(withoutHiddenCharacters('fox\u202egnp.exe\u200b\ufeff')).toBe('foxgnp.exe');
    expect(withoutHiddenCharacters('a\nb\x9bc\x1bd\u2028e')).toBe('a b c d e');
  });
});
