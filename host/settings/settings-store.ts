/**
 * The studio's settings document (profiles without keys, active profile, library folder, theme, language),
 * validated on every read: a damaged or foreign file never crashes the studio. It is kept as a
 * dated backup beside it before anything is written (docs/security.md), the studio starts from
 * defaults, and the creator is told (`onUnreadable`, shown by the renderer at start).
 */
import { z } from 'zod';
import { ChatSendKey, Language, MediaLimits, Theme } from '@shared/contract/settings.js';
import { ChatDefaultsShape } from '@shared/contract/chat.js';
import { SANDBOX_PROFILE_ID } from '@shared/contract/profiles.js';
import { dataWriteError } from '../errors.js';
import { msg } from '@shared/messages/index.js';
import type { SettingsPort } from '../ports.js';
import { readDataFile } from '../unreadable-file.js';

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
  /** Added later too: files without it send chat messages with Enter (settings/module.ts). */
  chatSendKey: ChatSendKey.optional(),
  /**
   * Added later too: files without it start new conversations from DEFAULT_CHAT_DEFAULTS. Read by
   * its shape only, so a model the catalog later moves to another API cannot make the whole file
   * unreadable (settings/module.ts checks the pair and falls back).
   */
  chatDefaults: ChatDefaultsShape.optional(),
  allowPlaintextKeys: z.boolean(),
});
export type StoredSettings = z.infer<typeof StoredSettings>;

/**
 * The document that `conf` (browser shell) or electron-store (desktop) keeps under a key of its
 * JSON file (the first of `keys` it has: the current one, then older ones), read strictly before
 * either library opens the file: on a file that is not JSON conf throws (the studio did not start)
 * and electron-store starts empty (and its next save replaced the file). Undefined when there is
 * no file or it is empty; a foreign file is returned whole, to fail the schema; throws when the
 * bytes are not a JSON document. Either way the store sets it aside.
 */
export function readKeyedDocument(file: string, keys: readonly string[]): unknown {
  const doc = readDataFile(file)?.value;
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return doc;
  const key = keys.find((k) => Object.hasOwn(doc, k));
  if (key !== undefined) return (doc as Record<string, unknown>)[key];
  return Object.keys(doc).length === 0 ? undefined : doc;
}

const DEFAULTS: StoredSettings = { version: 1, profiles: [], activeId: SANDBOX_PROFILE_ID, theme: 'system', language: 'system', allowPlaintextKeys: false };

export class SettingsStore {
  private value: StoredSettings;
  /** Why the unreadable file could not be kept aside: until it can, nothing is written over it. */
  private blocked: unknown;

  constructor(
    private readonly port: SettingsPort,
    private readonly log: (line: string) => void,
    onUnreadable: (backup: string | null) => void = () => undefined,
  ) {
    let raw: unknown;
    let unreadable = false;
    try {
      raw = port.read();
    } catch (err) {
      unreadable = true;
      log(`Settings file could not be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).name}).`);
    }
    const parsed = raw === undefined ? undefined : StoredSettings.safeParse(raw);
    if (parsed && !parsed.success) {
      unreadable = true;
      log('Settings file does not match its schema.');
    }
    if (unreadable) onUnreadable(this.setAside());
    this.value = parsed?.success ? parsed.data : structuredClone(DEFAULTS);
    if (this.value.activeId !== SANDBOX_PROFILE_ID && !this.value.profiles.some((p) => p.id === this.value.activeId)) {
      this.value.activeId = SANDBOX_PROFILE_ID;
    }
  }

  /** The backup's name, or null when the disk refused (then every save is refused too). */
  private setAside(): string | null {
    try {
      const backup = this.port.setAside() ?? null;
      this.log(`Settings kept as ${backup}; starting from defaults.`);
      return backup;
    } catch (err) {
      this.blocked = err;
      this.log(`Settings could not be kept aside (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); they will not be written over.`);
      return null;
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
    if (this.blocked !== undefined) throw dataWriteError(msg('jobs.dataWrite.settings'), this.blocked);
    try {
      this.port.write(doc);
    } catch (err) {
      this.log(`Settings could not be written: ${(err as Error).message}`);
      throw dataWriteError(msg('jobs.dataWrite.settings'), err);
    }
    this.value = draft;
    return draft;
  }
}
