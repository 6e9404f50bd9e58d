/**
 * The studio's languages as the renderer shows and picks them (docs/house-rules.md, "Languages";
 * the rule is shared/languages.ts).
 */
import type { StudioLanguage } from '@shared/languages.js';

export { resolveLanguage, type StudioLanguage } from '@shared/languages.js';

/** Each language by its own name, as language pickers show them (never translated). */
export const LANGUAGE_NAMES: Record<StudioLanguage, string> = { en: 'English', 'zh-CN': '简体中文' };

/** The system's preferred languages as the page sees them (Electron: the operating system's). */
export const systemLanguages = (): readonly string[] => (navigator.languages?.length ? navigator.languages : [navigator.language]);
