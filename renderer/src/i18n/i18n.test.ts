// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { sharedZhCN } from './zh-CN/index.js';
import { formatsFor } from './format.js';
import { i18n, setLanguage } from './index.js';
import { resolveLanguage } from './languages.js';
// Every catalog, as the app assembles them: i18n/ itself knows only the shared namespaces.
import { en, featuresEn } from '../app/strings/en.js';
import { featuresZhCN } from '../app/strings/zh-CN.js';
import '../app/strings/languages.js';

const zhCN = { ...sharedZhCN, ...featuresZhCN };

type Tree = { [key: string]: string | Tree };

/** Every leaf of a strings tree as `namespace:dotted.key` → text. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}${prefix.includes(':') ? '.' : ':'}${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

/** Interpolated values and the tags that wrap elements (<n>…</n>) must survive translation. */
const placeholders = (text: string) => [...text.matchAll(/{{\s*([\w.]+)\s*}}|<\/?(\w+)>/g)].map((m) => m[0].replace(/\s/g, '')).sort();

describe('translations', () => {
  const english = leaves(en as unknown as Tree);
  const chinese = leaves(zhCN as unknown as Tree);

  it('has every English string in Simplified Chinese, and nothing else', () => {
    expect([...english.keys()].filter((k) => !chinese.has(k))).toEqual([]);
    expect([...chinese.keys()].filter((k) => !english.has(k))).toEqual([]);
  });

  it('leaves no string empty or untranslated', () => {
    for (const [key, text] of chinese) {
      expect(text.trim(), key).not.toBe('');
      // Chinese text that is the English text verbatim was never translated (names and symbols aside).
      if (/[a-z]{4,}/i.test(english.get(key)!) && /\s/.test(english.get(key)!)) expect(text, key).not.toBe(english.get(key));
    }
  });

  it('keeps the same placeholders and element tags in both languages', () => {
    for (const [key, text] of english) expect(placeholders(chinese.get(key) ?? ''), key).toEqual(placeholders(text));
  });
});

describe("the features' catalogs", () => {
  /** Every catalog file in a feature folder, by path: what a new feature adds. */
  const files = import.meta.glob<Record<string, object>>('../features/*/strings/{en,zh-CN}.ts', { eager: true });

  it('are all assembled by the app, in both languages, under the name the feature gives them', () => {
    const missing: string[] = [];
    for (const [path, exports] of Object.entries(files)) {
      const assembled: Record<string, object> = path.endsWith('/en.ts') ? featuresEn : featuresZhCN;
      for (const [ns, strings] of Object.entries(exports)) if (assembled[ns] !== strings) missing.push(`${path} ${ns}`);
    }
    expect(missing).toEqual([]);
    expect(Object.keys(files).length).toBe(2 * Object.keys(featuresEn).length);
  });

  it("switch with the shared ones: a tab's words in Chinese come from what the app hands in", async () => {
    await import('../features/gallery/strings/register.js');
    expect(i18n.t('gallery:intro.title')).toBe(en.gallery.intro.title);
    await setLanguage('zh-CN');
    expect(i18n.t('gallery:intro.title')).toBe(zhCN.gallery.intro.title);
    expect(i18n.t('common:tryAgain')).toBe(zhCN.common.tryAgain);
    await setLanguage('en');
    expect(i18n.t('gallery:intro.title')).toBe(en.gallery.intro.title);
  });
});

describe('the language shown', () => {
  it('follows the setting, else the first system language the studio speaks', () => {
    expect(resolveLanguage('zh-CN', ['en-US'])).toBe('zh-CN');
    expect(resolveLanguage('en', ['zh-CN'])).toBe('en');
    expect(resolveLanguage('system', ['zh-CN', 'en'])).toBe('zh-CN');
    expect(resolveLanguage('system', ['zh-Hans-SG'])).toBe('zh-CN');
    expect(resolveLanguage('system', ['zh_TW'])).toBe('zh-CN');
    expect(resolveLanguage('system', ['fr-FR', 'en-GB', 'zh'])).toBe('en');
    expect(resolveLanguage('system', ['de-DE'])).toBe('en');
    expect(resolveLanguage(undefined, [])).toBe('en');
  });

  it('switches every string at once, and the page says which language it is in', async () => {
    expect(i18n.t('common:tryAgain')).toBe('Try again');
    await setLanguage('zh-CN');
    expect(i18n.t('common:tryAgain')).toBe(zhCN.common.tryAgain);
    expect(document.documentElement.lang).toBe('zh-CN');
    await setLanguage('en');
    expect(i18n.t('common:tryAgain')).toBe('Try again');
    expect(document.documentElement.lang).toBe('en');
  });

  it('formats numbers, money and dates for the language', () => {
    const day = Date.UTC(2026, 10, 24, 12);
    expect(formatsFor('en').number(1234567)).toBe('1,234,567');
    expect(formatsFor('en').money(12.5, 'CNY')).toBe('CN¥12.50');
    expect(formatsFor('zh-CN').money(12.5, 'CNY')).toBe('¥12.50');
    expect(formatsFor('zh-CN').date(day)).toMatch(/2026年11月2[45]日/);
    expect(formatsFor('en').date(day)).toMatch(/Nov 2[45], 2026/);
    // A currency code Intl does not know is still shown, plainly.
    expect(formatsFor('en').money(3, 'TOKENS-X')).toBe('3.00 TOKENS-X');
  });
});
