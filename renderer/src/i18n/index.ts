/**
 * The studio's translations (docs/house-rules.md, "Languages"; docs/architecture.md, "Strings"),
 * with i18next. English is what any missing key falls back to: the shared namespaces the first
 * screen reads ship in the first bundle (the host's messages, shared/messages, among them: any
 * screen may show one); a feature's, and a shared widget's, come with its code (`addEnglish`,
 * from its strings/register.ts). Another language is fetched only when it is shown: its shared
 * namespaces from zh-CN/, the features' from what the app registered (`registerTranslations`), as
 * i18n/ may not import a feature.
 * `setLanguage` switches the whole studio at once (react-i18next re-renders).
 */
import i18next, { type TypeOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { common } from './en/common.js';
import { generator } from './en/generator.js';
import { markdown } from './en/markdown.js';
import { en as messages } from '@shared/messages/en/index.js';
import { shell } from './en/shell.js';
import type { StudioLanguage } from './languages.js';

/** Every namespace's English, as the app assembles them (app/strings/types.d.ts). */
type Catalogs = TypeOptions['resources'];

/** The shared namespaces the first screen reads (the Chat tab registers its own as it loads). */
const FIRST_SCREEN = { common, shell, markdown, generator, messages };

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: FIRST_SCREEN },
  lng: 'en',
  fallbackLng: 'en',
  defaultNS: 'common',
  ns: Object.keys(FIRST_SCREEN),
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

/** A feature's or a widget's English strings, registered by its code as it loads, before it renders. */
export function addEnglish<NS extends keyof Catalogs>(ns: NS, strings: Catalogs[NS]): void {
  if (!i18n.hasResourceBundle('en', ns)) i18n.addResourceBundle('en', ns, strings as object, true, true);
}

/** Namespaces of a language other than English, keyed by namespace, fetched when first shown. */
export type TranslationLoader = () => Promise<Record<string, object>>;
type Translated = Exclude<StudioLanguage, 'en'>;
/** Each language's shared namespaces, its own chunk. */
const SHARED: Record<Translated, TranslationLoader> = { 'zh-CN': () => import('./zh-CN/index.js').then((m) => m.sharedZhCN) };
const loaders = new Map<Translated, TranslationLoader[]>();

/**
 * What the app hands in for `language` beyond the shared namespaces: the features' catalogs
 * (app/strings/languages.ts). Registered before the language is first shown.
 */
export function registerTranslations(language: Translated, loader: TranslationLoader): void {
  loaders.set(language, [...(loaders.get(language) ?? []), loader]);
  // Registered late, with the language already shown: its words follow as soon as they come.
  if (loaded.has(language)) void loader().then((part) => add(language, part));
}

const add = (language: Translated, part: Record<string, object>) => {
  for (const [ns, strings] of Object.entries(part)) i18n.addResourceBundle(language, ns, strings, true, true);
};

async function load(language: StudioLanguage): Promise<void> {
  if (language === 'en' || loaded.has(language)) return;
  const parts = await Promise.all([SHARED[language], ...(loaders.get(language) ?? [])].map((loader) => loader()));
  for (const part of parts) add(language, part);
  loaded.add(language);
}

/** Shows the studio in `language` (its strings fetched first if needed); the page's `lang` follows. */
export async function setLanguage(language: StudioLanguage): Promise<void> {
  await load(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}
