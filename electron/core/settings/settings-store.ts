/**
 * The studio's settings document (profiles without keys, active profile, library folder, theme, language),
 * validated on every read: a damaged or foreign file never crashes the studio, it falls back to
 * defaults and the previous file is left for the user (the port decides how to keep it).
 */
import { z } from 'zod';
import { Language, MediaLimits, Theme } from '../../../shared/contract/settings.js';
import { SANDBOX_PROFILE_ID } from '../../../shared/contract/profiles.js';
import { dataWriteError } from '../errors.js';
import type { SettingsPort } from '../ports.js';

export const StoredProfile = z.object({ id: z.string().min(1), name: z.string(), baseUrl: z.string() });
export type StoredProfile = z.infer<typeof StoredProfile>;

export const StoredSettings = z.object({
  version: z.literal(1),
  profiles: z.array(StoredProfile),
  activeId: z.string(),
  libraryDir: z.string().optional(),
  theme: Theme,
  /** Added after version 1 shipped: files without it follow the system language. */
  language: Language.default('system'),
  /** Added later too: a missing limit takes its default (DEFAULT_MEDIA_LIMITS). */
  mediaLimits: MediaLimits.partial().optional(),
  allowPlaintextKeys: z.boolean(),
});
export type StoredSettings = z.infer<typeof StoredSettings>;

const DEFAULTS: StoredSettings = { version: 1, profiles: [], activeId: SANDBOX_PROFILE_ID, theme: 'system', language: 'system', allowPlaintextKeys: false };

export class SettingsStore {
  private value: StoredSettings;

  constructor(private readonly port: SettingsPort, private readonly log: (line: string) => void) {
    const raw = port.read();
    const parsed = raw === undefined ? undefined : StoredSettings.safeParse(raw);
    if (parsed && !parsed.success) log('Settings file was unreadable; starting from defaults.');
    this.value = parsed?.success ? parsed.data : structuredClone(DEFAULTS);
    if (this.value.activeId !== SANDBOX_PROFILE_ID && !this.value.profiles.some((p) => p.id === this.value.activeId)) {
      this.value.activeId = SANDBOX_PROFILE_ID;
    }
  }

  get(): Readonly<StoredSettings> {
    return this.value;
  }

  /** Writes the changed document; when the disk refuses, the creator is told and nothing changes. */
  update(change: (draft: StoredSettings) => void): StoredSettings {
    const draft = structuredClone(this.value);
    change(draft);
    const doc = StoredSettings.parse(draft);
    try {
      this.port.write(doc);
    } catch (err) {
      this.log(`Settings could not be written: ${(err as Error).message}`);
      throw dataWriteError('Your settings', err);
    }
    this.value = draft;
    return draft;
  }
}
