/**
 * The host's messages in the studio's language. The host writes English (its messages are data:
 * stored with conversations and task records, logged, tested as written), so they are translated
 * here, when shown, through the `host` namespace: each English entry is a host message as a
 * template (`The download ended early ({{size}} of {{total}} bytes).`), its translation the same
 * with the values put back. A value that is itself a host text (a reason, the gateway's wording
 * wrapped by the host) is translated in turn; a message of several sentences that only match one
 * by one is translated sentence by sentence; anything unknown (a third-party gateway's own words)
 * is shown as it came. scripts/host-messages.test.ts keeps the catalog in step with the host.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from './index.js';

type Tree = { readonly [key: string]: string | Tree };

interface Template {
  regex: RegExp;
  names: string[];
  /** The translation, with the same `{{name}}` placeholders. */
  target: string;
  /** Literal characters: the more, the more specific. */
  weight: number;
}

interface Catalog {
  /** Templates that start with a literal, by their first character; the others apart. */
  byFirst: Map<string, Template[]>;
  open: Template[];
  results: Map<string, string>;
}

const PLACEHOLDER = /{{\s*(\w+)\s*}}/;
/** Results kept per language; a list shows the same few messages again and again. */
const MAX_RESULTS = 2000;
/** How deep values inside values are translated (a reason inside a wrapped gateway failure…). */
const MAX_DEPTH = 4;
const WIDE = '\\u3000-\\u303f\\uff00-\\uffef';
const ENDS_WIDE = new RegExp(`[${WIDE}]$`);
const CJK = `\\u4e00-\\u9fff${WIDE}`;
/** A space a placeholder left between two Chinese characters ("请 稍后 重试"). */
const CJK_GAP = new RegExp(`(?<=[${CJK}]) (?=[${CJK}])`, 'g');
const LATIN = /[A-Za-z]/g;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const catalogs = new Map<string, Catalog>();

function compile(english: string, target: string): Template {
  // A piece may be written with the space that joins it to its message; values come trimmed.
  const parts = english.trim().split(PLACEHOLDER);
  let source = '^';
  let weight = 0;
  const names: string[] = [];
  parts.forEach((part, i) => {
    if (i % 2) {
      names.push(part);
      source += '([\\s\\S]*?)';
    } else {
      source += escape(part);
      weight += part.length;
    }
  });
  return { regex: new RegExp(`${source}$`), names, target, weight };
}

function build(local: Tree): Catalog {
  const catalog: Catalog = { byFirst: new Map(), open: [], results: new Map() };
  const walk = (english: Tree, translated: Tree | undefined) => {
    for (const [key, value] of Object.entries(english)) {
      const there = translated?.[key];
      if (typeof value !== 'string') walk(value, typeof there === 'object' ? there : undefined);
      else if (typeof there === 'string') {
        const template = compile(value, there);
        const first = value.trim().split(PLACEHOLDER)[0][0];
        if (first === undefined) catalog.open.push(template);
        else catalog.byFirst.set(first, [...(catalog.byFirst.get(first) ?? []), template]);
      }
    }
  };
  walk(i18n.getResourceBundle('en', 'host') as Tree, local);
  return catalog;
}

function catalogFor(language: string): Catalog | undefined {
  const known = catalogs.get(language);
  if (known) return known;
  // Chinese is fetched only when it is shown (index.ts): until then there is nothing to use.
  const local = i18n.getResourceBundle(language, 'host') as Tree | undefined;
  if (!local) return undefined;
  const catalog = build(local);
  catalogs.set(language, catalog);
  return catalog;
}

/** The template's translation, with each value put back (translated, when it is a host text). */
function fill(catalog: Catalog, template: Template, values: string[], depth: number): string {
  const text = template.target.replace(new RegExp(PLACEHOLDER, 'g'), (placeholder, name: string) => {
    const i = template.names.indexOf(name);
    if (i < 0) return placeholder;
    const value = values[i];
    const trimmed = value.trim();
    if (depth >= MAX_DEPTH || !/\p{L}{2}/u.test(trimmed)) return value;
    const translated = translate(catalog, trimmed, depth + 1);
    if (translated !== trimmed) return translated;
    // A message wrapped as "…: {{message}}." lends its full stop to the wrapper.
    if (/[.!?]$/.test(trimmed)) return value;
    const sentence = translate(catalog, `${trimmed}.`, depth + 1);
    return sentence === `${trimmed}.` ? value : sentence.replace(/。$/, '');
  });
  return text.replace(CJK_GAP, '');
}

/** The whole text as one template; of several that fit, the one that leaves the least English. */
function whole(catalog: Catalog, text: string, depth: number): string | undefined {
  let best: { text: string; left: number; weight: number } | undefined;
  for (const list of [catalog.byFirst.get(text[0]), catalog.open]) {
    for (const template of list ?? []) {
      const m = template.regex.exec(text);
      if (!m) continue;
      const out = fill(catalog, template, m.slice(1), depth);
      const left = out.match(LATIN)?.length ?? 0;
      if (!best || left < best.left || (left === best.left && template.weight > best.weight)) best = { text: out, left, weight: template.weight };
    }
  }
  return best?.text;
}

/** Sentence by sentence, each run of sentences as long as a template fits. */
function sentences(catalog: Catalog, text: string, depth: number): string {
  const pieces = text.split(/(?<=[.!?。！？])(\s+)/);
  if (pieces.length < 3) return text;
  const parts: { text: string; gap: string }[] = [];
  let changed = false;
  for (let i = 0; i < pieces.length; ) {
    let found: string | undefined;
    let j = pieces.length - 1;
    for (; j >= i; j -= 2) {
      if (i === 0 && j === pieces.length - 1) continue; // the whole text did not fit
      found = whole(catalog, pieces.slice(i, j + 1).join(''), depth);
      if (found !== undefined) break;
    }
    const gap = i > 0 ? pieces[i - 1] : '';
    if (found !== undefined) {
      parts.push({ text: found, gap });
      changed = true;
      i = j + 2;
    } else {
      parts.push({ text: pieces[i], gap });
      i += 2;
    }
  }
  if (!changed) return text;
  return parts.reduce((out, p) => out + (ENDS_WIDE.test(out) ? '' : p.gap) + p.text, '');
}

function translate(catalog: Catalog, text: string, depth: number): string {
  const known = catalog.results.get(text);
  if (known !== undefined) return known;
  const result = whole(catalog, text, depth) ?? sentences(catalog, text, depth);
  if (catalog.results.size >= MAX_RESULTS) catalog.results.clear();
  catalog.results.set(text, result);
  return result;
}

/** A message from the host in `language`; English, and anything the catalog does not know, unchanged. */
export function hostText(message: string, language: string): string {
  if (!message || language === 'en' || language.startsWith('en-')) return message;
  const catalog = catalogFor(language);
  return catalog ? translate(catalog, message, 0) : message;
}

/** A host message in the language the studio shows now (for code outside components). */
export const hostTextNow = (message: string) => hostText(message, i18n.language);

/** `hostText` bound to the language shown; the component re-renders when it changes. */
export function useHostText(): (message: string) => string {
  const language = useTranslation().i18n.language;
  return useCallback((message: string) => hostText(message, language), [language]);
}
