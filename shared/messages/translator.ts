/**
 * Messages translated outside the renderer (the desktop shell's notifications, shown by the main
 * process), with i18next and the same catalog the renderer uses (docs/house-rules.md, "Languages").
 * Both languages are loaded here: the main process has no bundle size to save.
 */
import i18next from 'i18next';
import type { StudioLanguage } from '../languages.js';
import { en } from './en/index.js';
import { i18nextLookup, MESSAGES_NS } from './i18next-lookup.js';
import { translate, type Text } from './message.js';
import { zhCN } from './zh-CN/index.js';

let instance: typeof i18next | undefined;

function loaded() {
  if (instance) return instance;
  instance = i18next.createInstance();
  void instance.init({
    resources: { en: { [MESSAGES_NS]: en }, 'zh-CN': { [MESSAGES_NS]: zhCN } },
    lng: 'en',
    fallbackLng: 'en',
    ns: [MESSAGES_NS],
    defaultNS: MESSAGES_NS,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}

/** `text` in `language` (a plain string from an older record: as it is). */
export function translateMessage(text: Text | undefined, language: StudioLanguage): string {
  return translate(text, i18nextLookup(loaded(), language));
}
