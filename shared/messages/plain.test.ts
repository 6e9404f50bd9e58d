/**
 * Words for creators: every request rule reads plainly first (in the field's own label, saying
 * what to do) in both languages, with its technical text kept for Details; and what the gateway
 * (the sandbox) answers on the wire stays the technical English it always was.
 */
import { describe, expect, it } from 'vitest';
import { check, IMAGE_MODELS, imageRequestSchema, SpeechRequest } from '../gateway/index.js';
import { en } from './en/index.js';
import { i18nextLookup } from './i18next-lookup.js';
import { msg, type Lookup, type MessageCode } from './index.js';
import { labelOf, plainOf, worded } from './plain.js';
import { zhCN } from './zh-CN/index.js';
import i18next from 'i18next';

type Tree = { readonly [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
const placeholders = (text: string) => new Set([...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]));
const at = (tree: Tree, path: string) => path.split('.').reduce<string | Tree | undefined>((n, k) => (n && typeof n === 'object' ? n[k] : undefined), tree);

const i18n = i18next.createInstance();
void i18n.init({ resources: { en: { messages: en }, 'zh-CN': { messages: zhCN } }, lng: 'en', fallbackLng: 'en', initAsync: false, interpolation: { escapeValue: false } });
const lookups: Record<'en' | 'zh-CN', Lookup> = { en: i18nextLookup(i18n, 'en'), 'zh-CN': i18nextLookup(i18n, 'zh-CN') };

/** What a creator must not meet first: JSON types, HTTP statuses, quoted wire names, wire shapes. */
const JARGON = [/JSON/i, /HTTP(?!s?:\/\/)/, /'[a-z_.A-Z]+'/, /\{ ?\w/, /\bbase64\b/i, /\bMIME\b/, /\bSSE\b/, /\b(true|false)\b/, /\bstring\b/, /字符串/, /\bdata URI\b/i, /envelope/i];

describe('plain words for every request rule', () => {
  const rules = [...leaves(en.rules.param, 'rules.param.'), ...leaves(en.rules.request, 'rules.request.')];

  it('has a plain text for each in both languages, using only its own placeholders and the label', () => {
    for (const [code, technical] of rules) {
      for (const catalog of [en, zhCN] as Tree[]) {
        const plain = at(catalog, `plain.${code}`);
        expect(typeof plain, code).toBe('string');
        const allowed = new Set([...placeholders(technical), 'label']);
        for (const name of placeholders(plain as string)) expect(allowed.has(name), `${code}: {{${name}}}`).toBe(true);
      }
    }
  });

  it('names no wire jargon in any plain text, English or Chinese', () => {
    for (const catalog of [en.plain, zhCN.plain] as Tree[]) {
      for (const [code, text] of leaves(catalog)) {
        const shown = text.replace(/{{\s*\w+\s*}}/g, '…');
        for (const jargon of JARGON) expect(shown, `${code} ${String(jargon)}`).not.toMatch(jargon);
      }
    }
  });

  it('reads each rule plainly first and keeps its technical text as the detail', () => {
    // `forModel` is a fragment (" for modelX") put inside the others, plain already.
    for (const [code] of rules.filter(([c]) => c !== 'rules.param.forModel')) {
      const params = Object.fromEntries([...placeholders(at(en as Tree, code) as string)].map((p) => [p, p === 'name' ? 'n' : p === 'max' ? 4 : 'x']));
      const message = (msg as (c: MessageCode, p?: object) => ReturnType<typeof msg>)(code as MessageCode, params);
      for (const lookup of Object.values(lookups)) {
        const words = worded(message, lookup);
        expect(words.detail, code).toBeTruthy();
        expect(words.first, code).not.toBe(words.detail);
      }
    }
  });
});

describe('a refused image request', () => {
  const refused = check(imageRequestSchema(IMAGE_MODELS['seedream-4-0']), { model: 'seedream-4-0', prompt: 'a fox', n: 5 });
  const problem = refused.ok ? undefined : refused.problems[0];

  it('still answers on the wire with the technical English (the sandbox sends `message`)', () => {
    expect(problem?.param).toBe('n');
    expect(problem?.message).toBe("'n' must be a JSON integer from 1 to 4 (a number, not a string)");
  });

  it('reads to a creator in the field\'s own label, in English and Chinese, with Details behind', () => {
    expect(worded(problem?.text, lookups.en)).toEqual({
      first: 'Number of images: choose a whole number from 1 to 4.',
      detail: "'n' must be a JSON integer from 1 to 4 (a number, not a string)",
    });
    expect(worded(problem?.text, lookups['zh-CN'])).toEqual({
      first: '张数：请选择 1 到 4 之间的整数。',
      detail: "'n' 必须是 1 到 4 之间的 JSON 整数（数字，而非字符串）",
    });
  });

  it('reads a zod check\'s coded message the same way (a stored string)', () => {
    expect(worded("rules.param.intRange {\"name\":\"n\",\"min\":1,\"max\":4}", lookups.en).first).toBe('Number of images: choose a whole number from 1 to 4.');
  });

  it('names an unknown field in words, never by its wire name in quotes', () => {
    const speech = check(SpeechRequest, { model: 'tts-1', input: 'hi', voice: 'alloy', response_format: 'ogg' });
    const text = speech.ok ? undefined : speech.problems[0].text;
    expect(worded(text, lookups.en).first).toMatch(/^Format: choose one of mp3/);
    expect(labelOf('some_new_thing')).toBe('Some new thing');
    expect(labelOf('request.duration')).toEqual(msg('rules.field.duration'));
  });
});

describe('failures with technical wording', () => {
  it('put the gateway\'s refusal in the field\'s label first, its words behind Details', () => {
    const text = msg('gateway.failure.refused', { detail: "'n' must be a JSON integer from 1 to 4 (a number, not a string)" });
    expect(worded(text, lookups.en, 'n')).toEqual({
      first: 'The gateway did not accept the value of Number of images. Change it and try again.',
      detail: "The gateway refused the request: 'n' must be a JSON integer from 1 to 4 (a number, not a string)",
    });
    expect(worded(text, lookups.en).first).toBe('The gateway did not accept the value of one of the settings. Change it and try again.');
  });

  it('take the HTTP status out of what is read first, also inside another message', () => {
    const down = msg('gateway.failure.serverError', { status: 503, said: msg('gateway.failure.said', { detail: 'upstream timeout' }) });
    const notSent = msg('jobs.task.notSent', { message: down });
    const words = worded(notSent, lookups.en);
    expect(words.first).toBe('The gateway had a problem; this is usually temporary. Try again in a moment. The job was not sent.');
    expect(words.detail).toContain('(503)');
    expect(words.detail).toContain('upstream timeout');
    expect(plainOf(notSent).params?.message).toMatchObject({ code: 'plain.gateway.failure.serverError' });
  });

  it('leave a message with nothing technical as it is, with no Details', () => {
    const gone = msg('jobs.task.gone');
    expect(plainOf(gone)).toBe(gone);
    expect(worded(gone, lookups['zh-CN'])).toEqual({ first: '该任务已不在列表中。' });
    expect(worded('Written by an older version.', lookups.en)).toEqual({ first: 'Written by an older version.' });
  });
});
