/**
 * Test helper: render Markdown to static HTML and read it back with a real HTML parser (parse5),
 * so assertions see the elements and decoded attribute values a browser would, not regex guesses.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { parseFragment } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
// The studio's strings, as main.tsx sets them up: rendered elements say their words in English.
import '../../i18n/index.js';
import { Markdown } from './markdown.js';

export type HtmlElement = DefaultTreeAdapterMap['element'];
type HtmlNode = DefaultTreeAdapterMap['childNode'];

export function renderHtml(text: string, streaming = false): string {
  return renderToStaticMarkup(createElement(Markdown, { text, streaming }));
}

function walk(nodes: readonly HtmlNode[], out: HtmlElement[]): HtmlElement[] {
  for (const node of nodes) {
    if ('tagName' in node) {
      out.push(node);
      walk(node.childNodes, out);
      // parse5 keeps <template> content apart; it must be audited too.
      if (node.tagName === 'template') walk((node as DefaultTreeAdapterMap['template']).content.childNodes, out);
    }
  }
  return out;
}

/** Every element in the rendered HTML, depth first. */
export function elementsOf(html: string): HtmlElement[] {
  return walk(parseFragment(html).childNodes, []);
}

export function attr(element: HtmlElement, name: string): string | undefined {
  return element.attrs.find((a) => a.name === name)?.value;
}

export function textContent(element: HtmlElement | { childNodes: HtmlNode[] }): string {
  return element.childNodes.map((node) => ('value' in node && node.nodeName === '#text' ? node.value : 'childNodes' in node ? textContent(node) : '')).join('');
}

export function renderedText(html: string): string {
  return textContent(parseFragment(html));
}
