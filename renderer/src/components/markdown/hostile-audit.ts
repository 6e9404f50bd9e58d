/**
 * Test helper: what is unsafe in rendered Markdown HTML, as readable strings (an empty list means
 * safe), read with a real HTML parser so it sees the elements and decoded values a browser would.
 */
import { elementsOf } from './test-html.js';

/** Elements that can run code, load content, navigate or restyle the page. */
const FORBIDDEN_TAGS = new Set([
  'script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'portal', 'param', 'base', 'form',
  'style', 'meta', 'link', 'img', 'picture', 'svg', 'math', 'template', 'video', 'audio', 'source', 'track', 'noscript', 'xmp', 'plaintext',
]);
const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href', 'poster', 'background', 'data', 'cite', 'codebase', 'ping']);
const SAFE_SCHEME = /^(https?|mailto):/i;

export interface AuditOptions {
  /** After the user pressed "Load image": an https image with no handler is then expected. */
  imagesShown?: boolean;
}

export function unsafeParts(html: string, { imagesShown = false }: AuditOptions = {}): string[] {
  const found: string[] = [];
  for (const element of elementsOf(html)) {
    const shownImage = imagesShown && element.tagName === 'img';
    if (FORBIDDEN_TAGS.has(element.tagName) && !shownImage) found.push(`<${element.tagName}>`);
    for (const { name, value } of element.attrs) {
      if (name.startsWith('on')) found.push(`${element.tagName}[${name}]`);
      if (name === 'style' || name === 'srcdoc' || name === 'formaction' || name === 'action') found.push(`${element.tagName}[${name}]`);
      // parse5 has already decoded entities; browsers also ignore tabs, newlines and leading controls.
      const url = [...value].filter((ch) => ch.charCodeAt(0) > 0x20).join('');
      const scheme = shownImage && name === 'src' ? /^https:/i : SAFE_SCHEME;
      if (URL_ATTRIBUTES.has(name) && !scheme.test(url)) found.push(`${element.tagName}[${name}=${value}]`);
    }
  }
  return found;
}

/** Every prefix for short inputs; for long ones a sample, always including the whole text. */
export function streamPrefixes(text: string): string[] {
  const step = Math.max(1, Math.floor(text.length / 120));
  const cuts = new Set<number>([text.length]);
  for (let end = 1; end < text.length; end += step) cuts.add(end);
  return [...cuts].map((end) => text.slice(0, end));
}
