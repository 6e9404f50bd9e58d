import { describe, expect, it } from 'vitest';
import { HOSTILE_CORPUS } from './hostile-corpus.js';
import { elementsOf, renderHtml } from './test-html.js';

/** Elements that can run code, load content, navigate or restyle the page. */
const FORBIDDEN_TAGS = new Set(['script', 'iframe', 'frame', 'object', 'embed', 'base', 'form', 'style', 'meta', 'link', 'img', 'svg', 'math', 'template', 'video', 'audio', 'source']);
const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href', 'poster', 'background', 'data', 'cite']);
const SAFE_SCHEME = /^(https?|mailto):/i;

/** What is wrong with the rendered HTML, as readable strings (an empty list means safe). */
function problems(html: string): string[] {
  const found: string[] = [];
  for (const element of elementsOf(html)) {
    if (FORBIDDEN_TAGS.has(element.tagName)) found.push(`<${element.tagName}>`);
    for (const { name, value } of element.attrs) {
      if (name.startsWith('on')) found.push(`${element.tagName}[${name}]`);
      if (name === 'style' || name === 'srcdoc') found.push(`${element.tagName}[${name}]`);
      // parse5 has already decoded entities; browsers also ignore tabs, newlines and leading controls.
      const url = [...value].filter((ch) => ch.charCodeAt(0) > 0x20).join('');
      if (URL_ATTRIBUTES.has(name) && !SAFE_SCHEME.test(url)) found.push(`${element.tagName}[${name}=${value}]`);
    }
  }
  return found;
}

/** Every prefix for short inputs; for long ones a sample, always including the whole text. */
function prefixes(text: string): string[] {
  const step = Math.max(1, Math.floor(text.length / 120));
  const cuts = new Set<number>([text.length]);
  for (let end = 1; end < text.length; end += step) cuts.add(end);
  return [...cuts].map((end) => text.slice(0, end));
}

describe('Markdown with hostile input', () => {
  it('has a corpus big enough to mean something', () => {
    expect(HOSTILE_CORPUS.length).toBeGreaterThanOrEqual(40);
  });

  it('the audit itself catches live HTML, handlers, bad schemes and images', () => {
    expect(problems('<a href=" java&#x09;script:alert(1)">x</a>')).toEqual(['a[href= java\tscript:alert(1)]']);
    expect(problems('<p onclick="x"><img src="https://a.example/i.png"></p>')).toEqual(['p[onclick]', '<img>']);
    expect(problems('<a href="https://ok.example">x</a><a href="mailto:a@b.example">m</a>')).toEqual([]);
  });

  it.each(HOSTILE_CORPUS.map((text, index) => [index, text]))('#%i renders safely when final: %j', (_index, text) => {
    expect(problems(renderHtml(text, false))).toEqual([]);
  });

  it.each(HOSTILE_CORPUS.map((text, index) => [index, text]))('#%i renders safely at every stage of a stream: %j', (_index, text) => {
    for (const prefix of prefixes(text)) {
      expect({ prefix, problems: problems(renderHtml(prefix, true)) }).toEqual({ prefix, problems: [] });
    }
  });

  it('renders the whole corpus as one reply safely, streamed and final', () => {
    const all = HOSTILE_CORPUS.join('\n\n');
    expect(problems(renderHtml(all, false))).toEqual([]);
    for (const prefix of prefixes(all)) expect(problems(renderHtml(prefix, true))).toEqual([]);
  });

  it('still shows what the model wrote: raw HTML stays visible as text', () => {
    expect(renderHtml('<img src=x onerror=alert(1)>')).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
