/** Studio settings other than profiles and keys. */
import { z } from 'zod';
import { LANGUAGES } from '../languages.js';

export const Theme = z.enum(['system', 'light', 'dark']);

/** The language setting; `system` follows the operating system's (issue 9.1). */
export const Language = z.enum(['system', ...LANGUAGES]);
export type Language = z.infer<typeof Language>;

export const SettingsView = z.object({
  /** Where generated outputs are saved. */
  libraryDir: z.string(),
  theme: Theme,
  language: Language,
});
export type SettingsView = z.infer<typeof SettingsView>;

export const UpdateSettingsInput = z.object({
  libraryDir: z.string().trim().min(1, 'Choose a folder for the library').optional(),
  theme: Theme.optional(),
  language: Language.optional(),
});

export const settingsMethods = {
  'settings.get': { input: z.object({}), output: SettingsView },
  'settings.update': { input: UpdateSettingsInput, output: SettingsView },
} as const;

export const settingsEvents = {
  'settings.onDidChange': SettingsView,
} as const;
