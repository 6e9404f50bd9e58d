/**
 * The studio's translations (docs/house-rules.md, "Languages"), with i18next. English is what any
 * missing key falls back to: the first screen's namespaces ship in the first bundle (the host's
 * messages, shared/messages, among them: any screen may show one), each other tab's come with the
 * tab's own chunk (`addEnglish`). Simplified Chinese is its own chunk, fetched only when it is
 * shown.
 * `setLanguage` switches the whole studio at once (react-i18next re-renders).
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { chat } from '../features/chat/strings/en.js';
import { common } from './en/common.js';
import type { en } from './en/index.js';
import { generator } from './en/generator.js';
import { markdown } from './en/markdown.js';
import { en as messages } from '@shared/messages/en/index.js';
import { shell } from './en/shell.js';
import type { StudioLanguage } from './languages.js';

/** What the first screen (the shell and the Chat tab) reads. */
const FIRST_SCREEN = { common, shell, chat, markdown, generator, messages };

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

/** A lazily loaded tab's English strings, registered by the tab's chunk before it renders. */
export function addEnglish<NS extends keyof typeof en>(ns: NS, strings: (typeof en)[NS]): void {
  if (!i18n.hasResourceBundle('en', ns)) i18n.addResourceBundle('en', ns, strings, true, true);
}

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
