/**
 * Syntax highlighting with lowlight (highlight.js grammars, output as a tree, not an HTML string),
 * limited to the languages replies commonly use: each grammar adds to the lazy chunk, and
 * rehype-highlight would pull in lowlight's whole `common` set even when given a smaller one.
 * The tree becomes React elements here, so no HTML string is ever injected.
 */
import { createElement, type ReactNode } from 'react';
import type { ElementContent } from 'hast';
import { createLowlight } from 'lowlight';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { renderCache } from './render-cache.js';

const lowlight = createLowlight({
  bash, c, cpp, css, diff, go, java, javascript, json, markdown, python, rust, shell, sql, typescript, xml, yaml,
});

export function canHighlight(language: string): boolean {
  return language !== '' && lowlight.registered(language);
}

function toReact(nodes: readonly ElementContent[]): ReactNode[] {
  return nodes.map((node, index) => {
    if (node.type === 'text') return node.value;
    if (node.type !== 'element') return null;
    const { className } = node.properties;
    return createElement(
      'span',
      { key: index, className: Array.isArray(className) ? className.join(' ') : undefined },
      ...toReact(node.children),
    );
  });
}

/** Code blocks highlighted before, shown again when their row is (see render-cache.ts). */
const highlighted = renderCache<ReactNode[]>(200_000);

/**
 * Highlighted code as React nodes, or null when the language is not one we ship. `keep`: remember
 * the result (not for a block still growing: each frame's code would push out settled ones).
 */
export function highlight(code: string, language: string, keep = true): ReactNode[] | null {
  if (!canHighlight(language)) return null;
  const run = () => toReact(lowlight.highlight(language, code).children as ElementContent[]);
  return keep ? highlighted(`${language}\n${code}`, run) : run();
}
