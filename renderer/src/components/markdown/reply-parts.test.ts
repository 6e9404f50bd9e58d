import { describe, expect, it } from 'vitest';
import { groupBlocks, splitBlocks } from './blocks.js';
import { GIANT_CHARS, PIECE_CHARS, replyParts, type PartsMemo } from './reply-parts.js';

const word = (chars: number) => 'abcdefghijklmnopqrstuvwxyz'.repeat(Math.ceil(chars / 26)).slice(0, chars);
const table = (rows: number) => ['| # | Name |', '|--:|:-----|', ...Array.from({ length: rows }, (_, i) => `| ${i + 1} | row ${i + 1} |`)].join('\n');
const prose = (n: number) =>
  Array.from({ length: n }, (_, i) => (i % 4 === 3 ? `\`\`\`ts\nconst a${i} = ${i};\n\n\`\`\`` : i % 4 === 1 ? `- item ${i}\n\n- loose ${i}` : `Paragraph ${i} ${'with words '.repeat(20)}`)).join('\n\n');

describe('the parts of a reply', () => {
  it('are the grouped blocks for a reply of ordinary blocks', () => {
    const text = prose(200);
    const parts = replyParts(text);
    expect(parts.sources).toEqual(groupBlocks(splitBlocks(text)));
    expect(parts.plain.size).toBe(0);
  });

  it('cut an unbroken word into plain pieces that give back every character in order', () => {
    const text = `Before.\n\n${word(100_000)}\n\nAfter.`;
    const parts = replyParts(text);
    const pieces = parts.sources.filter((_, i) => parts.plain.has(i));
    expect(pieces.join('')).toBe(word(100_000));
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(PIECE_CHARS);
    expect(parts.sources[0]).toBe('Before.');
    expect(parts.sources.at(-1)).toBe('After.');
  });

  it('never cut a surrogate pair in two', () => {
    const text = '😀'.repeat(20_000);
    const parts = replyParts(text);
    for (const piece of parts.sources) expect(piece).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
    expect(parts.sources.join('')).toBe(text);
  });

  it('cut a big table into tables under its own header, every row once, in order', () => {
    const text = table(3_000);
    const parts = replyParts(text);
    expect(parts.sources.length).toBeGreaterThan(5);
    const [head, delimiter] = text.split('\n');
    const rows: string[] = [];
    for (const piece of parts.sources) {
      const lines = piece.split('\n');
      expect(lines.slice(0, 2)).toEqual([head, delimiter]);
      expect(piece.length).toBeLessThanOrEqual(PIECE_CHARS + 200);
      rows.push(...lines.slice(2));
    }
    expect(rows).toEqual(text.split('\n').slice(2));
    expect(parts.plain.size).toBe(0);
  });

  it('cut a long list at line breaks, and leave a giant block holding a code fence whole', () => {
    const list = Array.from({ length: 2_000 }, (_, i) => `- item ${i}`).join('\n');
    expect(replyParts(list).sources.join('\n')).toBe(list);
    expect(replyParts(list).sources.length).toBeGreaterThan(1);
    const fenced = `- item\n  \`\`\`\n${'code line\n'.repeat(GIANT_CHARS / 5)}  \`\`\``;
    expect(replyParts(fenced).sources).toEqual([fenced]);
  });

  it('come out the same whether worked out whole or while the text streams in', () => {
    for (const text of [prose(300), `${prose(20)}\n\n${word(50_000)}\n\n${table(1_000)}\n\n${prose(20)}`]) {
      let memo: PartsMemo | undefined;
      for (let end = 1; end < text.length; end += 997) {
        memo = replyParts(text.slice(0, end), memo);
        const whole = replyParts(text.slice(0, end));
        expect(memo.sources).toEqual(whole.sources);
        expect([...memo.plain]).toEqual([...whole.plain]);
      }
    }
  });
});
