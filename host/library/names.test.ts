import { describe, expect, it } from 'vitest';
import { candidateName, cleanStem, MAX_NAME_CHARS, monthFolder } from './names.js';

const name = (preferred: string, ext = '.png', n = 1) => {
  const { stem } = cleanStem(preferred);
  return candidateName(stem, ext, n);
};

describe('file names', () => {
  it('keeps ordinary names and splits off the extension', () => {
    expect(cleanStem('seedream-4-5 a fox in snow.png')).toEqual({ stem: 'seedream-4-5 a fox in snow', ext: '.png' });
    expect(cleanStem('a fox. in snow')).toEqual({ stem: 'a fox. in snow', ext: '' });
  });

  it('removes path separators, control and Windows-forbidden characters, leading dots', () => {
    expect(name('../../etc/passwd')).toBe('etc passwd.png');
    expect(name('a\\b\u0000c\nd<e>f:g"h|i?j*k')).toBe('a b c d e f g h i j k.png');
    expect(name('.hidden')).toBe('hidden.png');
    expect(name('...')).toBe('untitled.png');
    expect(name('  trailing dot. ')).toBe('trailing dot.png');
  });

  it('prefixes reserved Windows device names', () => {
    expect(name('CON')).toBe('_CON.png');
    expect(name('nul.txt', '.png')).toBe('_nul.png');
    expect(name('com1.tar.png')).toBe('_com1.tar.png');
    expect(name('console')).toBe('console.png');
  });

  it('stays within 120 characters and 200 bytes, suffix included, without splitting characters', () => {
    const long = name('x'.repeat(500), '.png', 12);
    expect(long.length).toBe(MAX_NAME_CHARS);
    expect(long.endsWith(' (12).png')).toBe(true);
    const cjk = name('狐'.repeat(200));
    expect(Buffer.byteLength(cjk)).toBeLessThanOrEqual(200);
    expect(cjk).toMatch(/^狐+\.png$/);
    const emoji = name('🦊'.repeat(100));
    expect(emoji).toMatch(/^(🦊)+\.png$/u);
  });

  it('numbers collisions as " (2)", " (3)"', () => {
    expect(name('fox', '.jpg', 2)).toBe('fox (2).jpg');
  });

  it('files by local month', () => {
    expect(monthFolder(new Date(2025, 0, 31, 23, 59).getTime())).toBe('2025-01');
  });
});
