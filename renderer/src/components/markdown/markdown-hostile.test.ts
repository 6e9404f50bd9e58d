import { describe, expect, it } from 'vitest';
import { HOSTILE_CORPUS } from './hostile-corpus.js';
import { streamPrefixes as prefixes, unsafeParts as problems } from './hostile-audit.js';
import { renderHtml } from './test-html.js';

// Both paths a reply takes: "final" renders it settled (memoized, highlighted), "stream" renders
// every prefix as it grows, its last block live. The live page is audited in markdown-hostile-dom.

describe('Markdown with hostile input', () => {
  it('has a corpus big enough to mean something, with every element kind that must never appear', () => {
    expect(HOSTILE_CORPUS.length).toBeGreaterThanOrEqual(100);
    const all = HOSTILE_CORPUS.join('\n').toLowerCase();
    for (const kind of ['<iframe', '<object', '<embed', '<base', '<script', '<svg', '<form', '<frame', ' on', 'javascript:']) {
      expect(all, kind).toContain(kind);
    }
  });

  it('the audit itself catches live HTML, handlers, bad schemes and images', () => {
    expect(problems('<a href=" java&#x09;script:alert(1)">x</a>')).toEqual(['a[href= java\tscript:alert(1)]']);
    expect(problems('<p onclick="x"><img src="https://a.example/i.png"></p>')).toEqual(['p[onclick]', '<img>']);
    expect(problems('<iframe></iframe><object></object><embed><base href="https://a.example/">')).toEqual(['<iframe>', '<object>', '<embed>', '<base>']);
    expect(problems('<a href="https://ok.example">x</a><a href="mailto:a@b.example">m</a>')).toEqual([]);
    // Once the user chose to load it, an https image is expected; anything else about it is not.
    expect(problems('<img src="https://a.example/i.png">', { imagesShown: true })).toEqual([]);
    expect(problems('<img src="http://a.example/i.png" onerror="x">', { imagesShown: true })).toEqual(['img[src=http://a.example/i.png]', 'img[onerror]']);
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
    // A `>` in text needs no escape: only the opening `<` can start a tag.
    const html = renderHtml('<img src=x onerror=alert(1)>');
    expect(html).toMatch(/&lt;img src=x onerror=alert\(1\)(&gt;|>)/);
    expect(html).not.toContain('<img');
  });
});
