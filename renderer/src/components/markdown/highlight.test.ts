import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { canHighlight, highlight } from './highlight.js';
import { attr, elementsOf, textContent } from './test-html.js';

describe('highlight', () => {
  it.each(['ts', 'typescript', 'tsx', 'js', 'javascript', 'jsx', 'json', 'python', 'py', 'bash', 'sh', 'shell', 'console', 'html', 'xml', 'css', 'sql', 'go', 'rust', 'rs', 'java', 'c', 'cpp', 'c++', 'yaml', 'yml', 'markdown', 'md', 'diff', 'patch'])(
    'ships %s',
    (language) => {
      expect(canHighlight(language)).toBe(true);
    },
  );

  it('does not ship rarer languages, keeping the chunk small', () => {
    for (const language of ['php', 'ruby', 'kotlin', 'haskell', '']) expect(canHighlight(language)).toBe(false);
    expect(highlight('<?php echo 1;', 'php')).toBeNull();
  });

  it('returns the code as text and token spans, nothing else', () => {
    const source = 'if (x) { return "<b>y</b>"; }';
    const html = renderToStaticMarkup(createElement('code', null, highlight(source, 'js')));
    const [code, ...tokens] = elementsOf(html);
    expect(textContent(code)).toBe(source);
    expect(new Set(tokens.map((e) => e.tagName))).toEqual(new Set(['span']));
    expect(tokens.map((e) => attr(e, 'class'))).toContain('hljs-keyword');
  });
});
