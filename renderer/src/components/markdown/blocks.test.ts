import { describe, expect, it } from 'vitest';
import { GROUP_CHARS, groupBlocks, soleFence, splitBlocks } from './blocks.js';

describe('splitBlocks', () => {
  it('splits paragraphs and headings at blank lines and drops the blank lines', () => {
    expect(splitBlocks('# Title\n\nFirst para\nstill first\n\n\nSecond')).toEqual(['# Title', 'First para\nstill first', 'Second']);
  });

  it('keeps a fence with blank lines inside as one block', () => {
    const fence = '```python\ndef f():\n\n    return 1\n\n\n```';
    expect(splitBlocks(`Intro\n\n${fence}\n\nAfter`)).toEqual(['Intro', fence, 'After']);
  });

  it('needs the same fence character, at least as long, to close a fence', () => {
    const fence = '````md\n```js\n\nx\n```\n\n~~~\n````';
    expect(splitBlocks(`${fence}\n\nend`)).toEqual([fence, 'end']);
  });

  it('treats a line of backticks followed by more backticks as inline code, not a fence', () => {
    expect(splitBlocks('```a``` inline\n\nnext')).toEqual(['```a``` inline', 'next']);
  });

  it('keeps everything after an unclosed fence at the end in one block', () => {
    expect(splitBlocks('Text\n\n```ts\nconst a = 1;\n\nconst b')).toEqual(['Text', '```ts\nconst a = 1;\n\nconst b']);
  });

  it('keeps a loose list together, including indented continuations and nested fences', () => {
    const list = '1. Install:\n\n   ```bash\n   npm i\n\n   npm test\n   ```\n\n2. Run it\n\n   - nested\n\n- other';
    expect(splitBlocks(`${list}\n\nDone.`)).toEqual([list, 'Done.']);
  });

  it('keeps an indented code block with blank lines together', () => {
    const code = 'Example:\n\n    line 1\n\n    line 2';
    expect(splitBlocks(code)).toEqual([code]);
  });

  it('keeps a table as one block and separates it from the text around it', () => {
    const table = '| a | b |\n|---|:-:|\n| 1 | 2 |\n| 3 | 4 |';
    expect(splitBlocks(`Before\n\n${table}\n\nAfter`)).toEqual(['Before', table, 'After']);
  });

  it('normalizes CRLF and lone CR line endings', () => {
    expect(splitBlocks('a\r\nb\r\n\r\n```\r\nx\r\n\r\ny\r\n```\r\n\r\nc\rd')).toEqual(['a\nb', '```\nx\n\ny\n```', 'c\nd']);
  });

  it('ends a block at a trailing blank line so its source is stable when the next block streams in', () => {
    const first = splitBlocks('Para one\n\n');
    const later = splitBlocks('Para one\n\nPara tw');
    expect(first).toEqual(['Para one']);
    expect(later[0]).toBe(first[0]);
  });

  it('returns no blocks for empty or blank text', () => {
    expect(splitBlocks('')).toEqual([]);
    expect(splitBlocks('\n \n\t\n')).toEqual([]);
  });

  it('loses no non-blank line: joining the blocks gives back every line in order', () => {
    const text = '# H\n\n- a\n- b\n\n```\n\n```\n\n> quote\n\n| x |\n|---|\n| 1 |\n\n~~~\nunclosed\n\n';
    const nonBlank = (s: string) => s.split('\n').filter((l) => l.trim() !== '');
    expect(nonBlank(splitBlocks(text).join('\n'))).toEqual(nonBlank(text));
  });
});

describe('soleFence', () => {
  it('reads a closed or still-open fence at the left margin', () => {
    expect(soleFence('```TS title\nconst a = 1;\n\nconst b = 2;\n```')).toEqual({ language: 'ts', code: 'const a = 1;\n\nconst b = 2;' });
    expect(soleFence('~~~~\n~~~\nstill code')).toEqual({ language: '', code: '~~~\nstill code' });
    expect(soleFence('```py')).toEqual({ language: 'py', code: '' });
  });

  it('leaves anything else to the Markdown parser', () => {
    for (const block of ['text\n```\nx\n```', '```\nx\n```\nafter', '  ```\nx\n  ```', '```c&#43;&#43;\nx\n```', '```a`b', '- ```\n  x']) {
      expect(soleFence(block)).toBeNull();
    }
  });
});

describe('groupBlocks', () => {
  const para = (i: number) => `Paragraph ${i}: ${'x'.repeat(300)}`;

  it('joins settled blocks into groups of at least GROUP_CHARS and keeps the last block alone', () => {
    const blocks = Array.from({ length: 20 }, (_, i) => para(i));
    const groups = groupBlocks(blocks);
    expect(groups.at(-1)).toBe(blocks.at(-1));
    for (const g of groups.slice(0, -2)) expect(g.length).toBeGreaterThanOrEqual(GROUP_CHARS);
    // Nothing is lost or reordered: the groups are the blocks, separated by blank lines.
    expect(groups.join('\n\n')).toBe(blocks.join('\n\n'));
  });

  it('keeps full groups unchanged as text arrives at the end', () => {
    const blocks = Array.from({ length: 20 }, (_, i) => para(i));
    const before = groupBlocks(blocks);
    const after = groupBlocks([...blocks, para(20), para(21)]);
    const full = before.slice(0, -2);
    expect(after.slice(0, full.length)).toEqual(full);
  });

  it('leaves short replies as they are', () => {
    expect(groupBlocks([])).toEqual([]);
    expect(groupBlocks(['only'])).toEqual(['only']);
    expect(groupBlocks(['a', 'b', 'c'])).toEqual(['a\n\nb', 'c']);
  });
});
