/**
 * The studio's languages (docs/house-rules.md, "Languages"), apart from the settings schema so the
 * renderer can list them without loading zod.
 */
export const LANGUAGES = ['en', 'zh-CN'] as const;
export type StudioLanguage = (typeof LANGUAGES)[number];
/** A language setting: one of the studio's, or `system` to follow the operating system's. */
export type LanguageSetting = 'system' | StudioLanguage;

/**
 * Which of the studio's languages to show: the one chosen in Settings, or, for "system", the
 * first of the system's preferred languages the studio speaks. Any Chinese (zh, zh-CN, zh-Hans,
 * zh-SG, and the Traditional forms, which read Simplified far more easily than English) gets
 * Simplified Chinese; everything else English.
 */
export function resolveLanguage(setting: LanguageSetting | undefined, preferred: readonly string[]): StudioLanguage {
  if (setting && setting !== 'system') return setting;
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (primary === 'zh') return 'zh-CN';
    if (primary === 'en') return 'en';
  }
  return 'en';
}
