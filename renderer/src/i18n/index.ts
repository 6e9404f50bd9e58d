/**
 * The studio's translations (issue 9.1), with i18next. English ships in the first bundle and is
 * what any missing key falls back to; Simplified Chinese is its own chunk, fetched only when it
 * is shown. `setLanguage` switches the whole studio at once (react-i18next re-renders).
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en/index.js';
import type { StudioLanguage } from './languages.js';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en },
  lng: 'en',
  fallbackLng: 'en',
  defaultNS: 'common',
  ns: Object.keys(en),
  // Resources are in memory: initialise now, so the first render already has them.
  initAsync: false,
  // React escapes what it renders; escaping here too would show entities.
  interpolation: { escapeValue: false },
  returnNull: false,
  // Every language's strings are in memory before it is shown (setLanguage loads them first), so
  // nothing needs to suspend: a switch re-renders in place instead of remounting through a
  // Suspense fallback (which would drop focus and half-typed input).
  react: { useSuspense: false },
});

const loaded = new Set<StudioLanguage>(['en']);

async function load(language: StudioLanguage): Promise<void> {
  if (loaded.has(language)) return;
  const { zhCN } = await import('./zh-CN/index.js');
  for (const [ns, strings] of Object.entries(zhCN)) i18n.addResourceBundle('zh-CN', ns, strings, true, true);
  loaded.add(language);
}

/** Shows the studio in `language` (its strings fetched first if needed); the page's `lang` follows. */
export async function setLanguage(language: StudioLanguage): Promise<void> {
  await load(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}
