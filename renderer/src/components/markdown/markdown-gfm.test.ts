import { beforeAll, describe, expect, it } from 'vitest';
import { loadHighlighter } from './highlighter.js';
import { attr, elementsOf, renderHtml, renderedText, textContent, type HtmlElement } from './test-html.js';

// The page fetches it after its first screen (highlighter.test.tsx); here it is in from the start.
beforeAll(loadHighlighter);

const byTag = (html: string, tag: string) => elementsOf(html).filter((e) => e.tagName === tag);
const classes = (e: HtmlElement) => (attr(e, 'class') ?? '').split(' ');

describe('Markdown: GitHub-flavoured features', () => {
  it('renders a table inside a focusable horizontal-scroll wrapper, alignment as classes not styles', () => {
    const html = renderHtml('| Name | Qty |\n|:-----|----:|\n| tea | 2 |');
    const [wrap] = elementsOf(html).filter((e) => classes(e).includes('md-table-wrap'));
    expect(wrap.childNodes.map((n) => n.nodeName)).toEqual(['table']);
    expect(attr(wrap, 'tabindex')).toBe('0');
    expect(byTag(html, 'th').map((e) => [textContent(e), attr(e, 'class')])).toEqual([['Name', 'md-align-left'], ['Qty', 'md-align-right']]);
    expect(byTag(html, 'td').map(textContent)).toEqual(['tea', '2']);
    expect(elementsOf(html).filter((e) => attr(e, 'style') !== undefined)).toEqual([]);
  });

  it('renders task lists as disabled checkboxes', () => {
    const inputs = byTag(renderHtml('- [x] done\n- [ ] todo'), 'input');
    expect(inputs.map((e) => [attr(e, 'type'), attr(e, 'checked') !== undefined, attr(e, 'disabled') !== undefined])).toEqual([
      ['checkbox', true, true],
      ['checkbox', false, true],
    ]);
  });

  it('renders strikethrough', () => {
    expect(byTag(renderHtml('~~gone~~ kept'), 'del').map(textContent)).toEqual(['gone']);
  });

  it('links bare URLs and www. autolinks, opening outside the app without a referrer', () => {
    const links = byTag(renderHtml('See https://example.com/a and www.example.org.'), 'a');
    expect(links.map((a) => [attr(a, 'href'), attr(a, 'target'), attr(a, 'rel')])).toEqual([
      ['https://example.com/a', '_blank', 'noopener noreferrer'],
      ['http://www.example.org/', '_blank', 'noopener noreferrer'],
    ]);
  });

  it('links only www. addresses among bare words with dots: file names stay text', () => {
    const html = renderHtml('Edit main.py and README.md, then mail ann@example.com.');
    expect(byTag(html, 'a').map((a) => attr(a, 'href'))).toEqual(['mailto:ann@example.com']);
    expect(renderedText(html)).toContain('Edit main.py and README.md');
  });

  it('numbers footnotes where they are cited and lists them after the block, for screen readers as Footnotes', () => {
    const html = renderHtml('Tea[^t] and cake[^c].\n[^t]: Green, *hot*.\n[^c]: Lemon.');
    expect(byTag(html, 'sup').map(textContent)).toEqual(['1', '2']);
    const [notes] = byTag(html, 'section');
    expect(attr(notes, 'aria-label')).toBe('Footnotes');
    expect(byTag(html, 'li').map(textContent)).toEqual(['Green, hot.', 'Lemon.']);
    expect(byTag(html, 'em').map(textContent)).toEqual(['hot']);
  });

  it('keeps an ordered list\'s first number', () => {
    expect(byTag(renderHtml('3. three\n4. four'), 'ol').map((e) => attr(e, 'start'))).toEqual(['3']);
    expect(byTag(renderHtml('1. one'), 'ol').map((e) => attr(e, 'start'))).toEqual([undefined]);
  });

  it('highlights fenced code in a shipped language, with a label and a Copy button', () => {
    const html = renderHtml('```ts\nconst answer: number = 42;\n```');
    const [code] = byTag(html, 'code');
    expect(classes(code)).toEqual(['hljs', 'language-ts']);
    const tokenClasses = elementsOf(html).filter((e) => e.tagName === 'span').flatMap(classes);
    expect(tokenClasses).toContain('hljs-keyword');
    expect(tokenClasses).toContain('hljs-number');
    expect(textContent(code)).toBe('const answer: number = 42;');
    expect(elementsOf(html).filter((e) => classes(e).includes('md-code-lang')).map(textContent)).toEqual(['ts']);
    const [copy] = byTag(html, 'button');
    expect([textContent(copy), attr(copy, 'type'), attr(copy, 'aria-label')]).toEqual(['Copy', 'button', 'Copy code to clipboard']);
    expect(attr(byTag(html, 'pre')[0], 'tabindex')).toBe('0');
  });

  it('renders a lone fence (the parser-free fast path) exactly as the parser does', () => {
    for (const fence of ['```ts\nconst a = 1;\n\n  let b = "<i>";\n```', '~~~\nplain\n~~~', '````md\n```js\nx\n```\n````', '```py\n']) {
      const code = (html: string) => byTag(html, 'code').map((e) => [attr(e, 'class'), textContent(e)]);
      const viaParser = renderHtml(`Intro\n${fence}`);
      expect(code(renderHtml(fence))).toEqual(code(viaParser));
      expect(code(renderHtml(fence))).toHaveLength(1);
    }
  });

  it('shows code in a language it does not ship as plain text, still labelled', () => {
    const html = renderHtml('```brainfuck\n+[>+<-]\n```');
    expect(byTag(html, 'code').map((e) => [attr(e, 'class'), textContent(e)])).toEqual([[undefined, '+[>+<-]']]);
    expect(elementsOf(html).filter((e) => e.tagName === 'span' && classes(e).some((c) => c.startsWith('hljs-')))).toEqual([]);
    expect(renderedText(html)).toContain('brainfuck');
  });

  it('leaves a long code block plain while it streams and highlights it once settled', () => {
    const source = '```js\n' + 'let x = 1;\n'.repeat(600) + '```';
    const spans = (html: string) => elementsOf(html).filter((e) => classes(e).includes('hljs-keyword')).length;
    expect(spans(renderHtml(source, true))).toBe(0);
    expect(spans(renderHtml(source, false))).toBe(600);
  });

  it('shows raw HTML as the text the model wrote, never as elements', () => {
    const html = renderHtml('Hello <b>bold</b>\n\n<div class="x">block</div>');
    expect(byTag(html, 'b')).toEqual([]);
    expect(byTag(html, 'div').some((e) => attr(e, 'class') === 'x')).toBe(false);
    expect(renderedText(html)).toContain('<b>bold</b>');
    expect(renderedText(html)).toContain('<div class="x">block</div>');
  });

  it('offers an https image behind a button naming its host and alt text, and never loads http ones', () => {
    const html = renderHtml('![a cat](https://img.example.com/cat.png) ![dog](http://img.example.com/dog.png)');
    expect(byTag(html, 'img')).toEqual([]);
    expect(byTag(html, 'button').map(textContent)).toEqual(['Load image from img.example.com: a cat']);
    expect(renderedText(html)).toContain('[image: dog]');
  });

  it('renders a refused link as its text, not a link', () => {
    const html = renderHtml('[click me](javascript:alert(1)) and [rel](/settings)');
    expect(byTag(html, 'a')).toEqual([]);
    expect(renderedText(html)).toContain('click me and rel');
  });

  it('renders each top-level block and marks the reply busy while streaming', () => {
    const html = renderHtml('# Title\n\nPara\n\n> quote', true);
    const [root] = elementsOf(html);
    expect(attr(root, 'aria-busy')).toBe('true');
    // The reply is rendered in parts (a group of settled blocks, then the last block); blocks
    // parsed together are separated by a line break, as HTML source is.
    const parts = root.childNodes.filter((n): n is HtmlElement => 'tagName' in n);
    expect(parts.map((p) => attr(p, 'class'))).toEqual(['md-part', 'md-part']);
    const blocks = parts.flatMap((p) => p.childNodes).filter((n) => !('value' in n && n.nodeName === '#text' && n.value.trim() === ''));
    expect(blocks.map((n) => n.nodeName)).toEqual(['h1', 'p', 'blockquote']);
    expect(attr(elementsOf(renderHtml('x', false))[0], 'aria-busy')).toBeUndefined();
  });
});
