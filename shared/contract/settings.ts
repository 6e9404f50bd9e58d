/** Studio settings other than profiles and keys. */
import { z } from 'zod';

export const Theme = z.enum(['system', 'light', 'dark']);

export const SettingsView = z.object({
  /** Where generated outputs are saved. */
  libraryDir: z.string(),
  theme: Theme,
});
export type SettingsView = z.infer<typeof SettingsView>;

export const UpdateSettingsInput = z.object({
  libraryDir: z.string().trim().min(1, 'Choose a folder for the library').optional(),
  theme: Theme.optional(),
});

export const settingsMethods = {
  'settings.get': { input: z.object({}), output: SettingsView },
  'settings.update': { input: UpdateSettingsInput, output: SettingsView },
} as const;

export const settingsEvents = {
  'settings.onDidChange': SettingsView,
} as const;
