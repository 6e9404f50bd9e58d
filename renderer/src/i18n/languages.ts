/**
 * Which of the studio's languages to show (issue 9.1): the one chosen in Settings, or, for
 * "system", the first of the system's preferred languages the studio speaks. Any Chinese (zh,
 * zh-CN, zh-Hans, zh-SG, and the Traditional forms, which read Simplified far more easily than
 * English) gets Simplified Chinese; everything else English.
 */
import type { LanguageSetting, StudioLanguage } from '../../../shared/languages.js';

export type { StudioLanguage };

/** Each language by its own name, as language pickers show them (never translated). */
export const LANGUAGE_NAMES: Record<StudioLanguage, string> = { en: 'English', 'zh-CN': '简体中文' };

export function resolveLanguage(setting: LanguageSetting | undefined, preferred: readonly string[]): StudioLanguage {
  if (setting && setting !== 'system') return setting;
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (primary === 'zh') return 'zh-CN';
    if (primary === 'en') return 'en';
  }
  return 'en';
}

/** The system's preferred languages as the page sees them (Electron: the operating system's). */
export const systemLanguages = (): readonly string[] => (navigator.languages?.length ? navigator.languages : [navigator.language]);
