// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Count how often each block's source is parsed: the cost that must not grow with the reply.
const parsed = vi.hoisted(() => [] as string[]);
vi.mock('react-markdown', async (importOriginal) => {
  const real = await importOriginal<typeof import('react-markdown')>();
  return {
    ...real,
    default: (options: Parameters<typeof real.default>[0]) => {
      parsed.push(String(options.children));
      return real.default(options);
    },
  };
});

const { Markdown } = await import('./markdown.js');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('Markdown while streaming', () => {
  beforeEach(() => {
    parsed.length = 0;
  });

  it('re-parses only the growing last block on each delta', () => {
    const root = createRoot(document.createElement('div'));
    const settled = Array.from({ length: 50 }, (_, i) => `Paragraph ${i} with **bold** text.`).join('\n\n');
    let text = `${settled}\n\nThe code:\n\`\`\`ts\nconst a = 1;`;
    act(() => root.render(<Markdown text={text} streaming />));
    expect(parsed).toHaveLength(51);

    for (const delta of ['\nconst b', ' = 2;', '\n\nconst c = 3;']) {
      parsed.length = 0;
      text += delta;
      act(() => root.render(<Markdown text={text} streaming />));
      expect(parsed).toEqual([text.slice(settled.length + 2)]);
    }

    // The stream ends: the last block settles (and gets highlighted) once; the rest stay untouched.
    parsed.length = 0;
    act(() => root.render(<Markdown text={text} streaming={false} />));
    expect(parsed).toHaveLength(1);
    act(() => root.unmount());
  });

  it('never parses a block that is one growing code fence', () => {
    const root = createRoot(document.createElement('div'));
    let text = 'Intro\n\n```python\n';
    act(() => root.render(<Markdown text={text} streaming />));
    parsed.length = 0;
    for (let line = 0; line < 20; line++) {
      text += `print(${line})\n`;
      act(() => root.render(<Markdown text={text} streaming />));
    }
    act(() => root.render(<Markdown text={`${text}\`\`\``} streaming={false} />));
    expect(parsed).toEqual([]);
    act(() => root.unmount());
  });
});
