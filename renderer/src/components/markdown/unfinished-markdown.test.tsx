// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import '../../i18n/index.js';
import { Markdown } from './markdown.js';

/** The reply as the page shows it: a stopped (or cut, or still streaming) one is unfinished. */
const html = (text: string, unfinished: boolean) => renderToStaticMarkup(<Markdown text={text} streaming={false} unfinished={unfinished} />);

describe('an unfinished reply whose last line only opens something', () => {
  const para = 'The plan has three steps:';

  it.each([
    ['a list marker', '-'],
    ['a star', '*'],
    ['a number', '1.'],
    ['a setext = line', '='],
    ['a setext - line', '---'],
    ['a rule of stars', '***'],
    ['a rule of underscores', '___'],
  ])('keeps the paragraph above a paragraph, not a heading or a rule, after %s', (_, tail) => {
    const out = html(`Intro.\n\n${para}\n${tail}`, true);
    expect(out).toContain(`<p>${para}</p>`);
    expect(out).not.toMatch(/<h[1-6]|<hr/);
  });

  it('is left alone in a finished reply: a setext heading stays a heading', () => {
    expect(html(`${para}\n---`, false)).toMatch(/<h2>The plan has three steps:<\/h2>/);
  });

  it('is left alone inside an open code fence, and after a blank line', () => {
    expect(html('```\nconst a = 1;\n---', true)).toContain('---');
    // A rule after a blank line is the model's own rule, not the paragraph's underline.
    expect(html(`${para}\n\n---`, true)).toMatch(/<p>The plan has three steps:<\/p><\/div><div[^>]*><hr\/?>|<p>The plan has three steps:<\/p>\s*<hr/);
  });

  it('keeps a list item that has its text', () => {
    expect(html(`${para}\n- first`, true)).toMatch(/<li>first<\/li>/);
  });
});
