/**
 * The studio's languages (issue 9.1), apart from the settings schema so the renderer can list
 * them without loading zod.
 */
export const LANGUAGES = ['en', 'zh-CN'] as const;
export type StudioLanguage = (typeof LANGUAGES)[number];
/** A language setting: one of the studio's, or `system` to follow the operating system's. */
export type LanguageSetting = 'system' | StudioLanguage;
