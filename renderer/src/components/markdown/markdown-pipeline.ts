/**
 * Markdown source to React elements: markdown-parser.ts's tokens, nested, each mapped to an
 * element. Elements only, no HTML string: text is always text, and the only attributes that reach
 * the page are those this file sets — URLs after safe-url.ts, alignment as a class (the CSP
 * forbids inline styles), a task box that cannot be ticked.
 */
import { createElement, Fragment, type ReactElement, type ReactNode } from 'react';
import { fenceLanguage } from './blocks.js';
import { CodeBlock } from './code-block.js';
import { FootnoteRef, Footnotes, Image, Link, Table } from './markdown-elements.js';
import { parseMarkdown, type Token } from './markdown-parser.js';
import { safeUrl } from './safe-url.js';

/** A token with what sits between it and its closing token. */
interface Node {
  token: Token;
  children: Node[];
}

/** Nests a flat token stream (`x_open` … `x_close`) into a tree. */
function nest(tokens: readonly Token[]): Node[] {
  const root: Node[] = [];
  const levels: Node[][] = [root];
  for (const token of tokens) {
    const node = { token, children: [] };
    if (token.nesting === -1) {
      if (levels.length > 1) levels.pop();
      continue;
    }
    levels[levels.length - 1].push(node);
    if (token.nesting === 1) levels.push(node.children);
  }
  return root;
}

/** An attribute the parser set, as text. */
const attr = (token: Token, name: string): string => String(token.attrGet(name) ?? '');

/** GFM alignment (`style="text-align:…"` from the parser) as the class markdown.css styles. */
function alignClass(token: Token): string | undefined {
  const align = /text-align:(left|center|right)/.exec(attr(token, 'style'))?.[1];
  return align ? `md-align-${align}` : undefined;
}

/** The plain text of inline tokens (an image's alt text). */
function textOf(tokens: readonly Token[] | null): string {
  return (tokens ?? []).map((t) => (t.type === 'text' || t.type === 'code_inline' ? t.content : t.type === 'softbreak' || t.type === 'hardbreak' ? '\n' : textOf(t.children))).join('');
}

/** A fence's or an indented block's code: the parser ends it with a newline that is not the user's. */
const codeBlock = (token: Token, key: number, live: boolean) =>
  createElement(CodeBlock, { key, language: token.type === 'fence' ? fenceLanguage(token.info) : '', code: token.content.replace(/\n$/, ''), live });

/** Tokens that become their own tag (`token.tag`), children inside. */
const PLAIN = new Set(['blockquote_open', 'bullet_list_open', 'heading_open', 'thead_open', 'tbody_open', 'tr_open', 'em_open', 'strong_open', 's_open', 'footnote_open']);
/** Where the element is not the parser's tag: GFM strikethrough is `<del>`; a footnote is an item of their list. */
const TAG_FOR: Readonly<Record<string, string>> = { s_open: 'del', footnote_open: 'li' };

function render(nodes: readonly Node[], live: boolean): ReactNode[] {
  return nodes.map(({ token, children }, key) => {
    const inner = () => render(children, live);
    if (PLAIN.has(token.type)) return createElement(TAG_FOR[token.type] ?? token.tag, { key }, ...inner());
    switch (token.type) {
      case 'text':
        return token.content;
      case 'inline':
        return createElement(Fragment, { key }, ...render(nest(token.children ?? []), live));
      case 'paragraph_open':
        // A tight list's paragraphs are hidden: their text sits in the item itself.
        return createElement(token.hidden ? Fragment : 'p', { key }, ...inner());
      case 'ordered_list_open': {
        const start = Number(attr(token, 'start') || 1);
        return createElement('ol', { key, start: start === 1 ? undefined : start }, ...inner());
      }
      case 'list_item_open': {
        const task = token.meta?.task;
        if (typeof task !== 'boolean') return createElement('li', { key }, ...inner());
        return createElement('li', { key, className: 'task-list-item' }, createElement('input', { type: 'checkbox', checked: task, disabled: true, readOnly: true }), ' ', ...inner());
      }
      case 'table_open':
        return createElement(Table, { key }, ...inner());
      case 'th_open':
      case 'td_open':
        return createElement(token.tag, { key, className: alignClass(token) }, ...inner());
      case 'hr':
        return createElement('hr', { key });
      case 'fence':
      case 'code_block':
        return codeBlock(token, key, live);
      case 'softbreak':
        return '\n';
      case 'hardbreak':
        return createElement('br', { key });
      case 'code_inline':
        return createElement('code', { key }, token.content);
      case 'link_open':
        return createElement(Link, { key, href: safeUrl(attr(token, 'href'), 'href') ?? undefined, title: attr(token, 'title') || undefined }, ...inner());
      case 'image':
        return createElement(Image, { key, src: safeUrl(attr(token, 'src'), 'src') ?? undefined, alt: textOf(token.children) });
      case 'footnote_ref':
        return createElement(FootnoteRef, { key, id: Number(token.meta?.id ?? 0), subId: Number(token.meta?.subId ?? 0) });
      case 'footnote_block_open':
        return createElement(Footnotes, { key }, ...inner());
      case 'footnote_anchor':
        // The way back to the reference is an in-page link, which safe-url.ts refuses anyway.
        return null;
      default:
        // Anything else (raw HTML, were it ever parsed) shows as its text.
        return token.content || (children.length ? createElement('span', { key }, ...inner()) : null);
    }
  });
}

/** `source` as React elements; `live`: the block still streaming (its code stays plain past a size). */
export function renderMarkdown(source: string, live: boolean): ReactElement {
  return createElement(Fragment, null, ...render(nest(parseMarkdown(source)), live));
}
