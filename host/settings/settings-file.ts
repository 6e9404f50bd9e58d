/**
 * The settings file, in one format for both shells, since they share the data folder
 * (docs/architecture.md, "One data folder, two shells"): `settings.json`, written by `conf` (the
 * browser shell) or electron-store (the desktop, which is `conf` with Electron's paths) with the
 * same options, holding the core's document under one key and nothing else:
 *
 *   { "studio": { "version": 1, "profiles": [...], "activeId": "...", ... } }
 *
 * The desktop app used to keep it under "document": such a file is read as it is, and the next
 * save writes it under "studio" alone.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SettingsPort } from '../ports.js';
import { keepUnreadable } from '../unreadable-file.js';
import { readKeyedDocument } from './settings-store.js';

export const SETTINGS_KEY = 'studio';
const OLDER_KEYS = ['document'];

/** The options both libraries open the file with (electron-store takes `configName` as `name`). */
export const SETTINGS_CONF = {
  configName: 'settings',
  fileExtension: 'json',
  // The core validates the document; keys with dots must stay keys, not paths.
  accessPropertiesByDotNotation: false,
  // Never reset a file either library finds invalid: the core reads it first and keeps it aside.
  clearInvalidConfig: false,
  configFileMode: 0o600,
} as const;

export const SETTINGS_FILE = `${SETTINGS_CONF.configName}.${SETTINGS_CONF.fileExtension}`;

/** The part of `conf` (and electron-store) the port uses: the whole file as one object. */
export interface ConfFile {
  store: Record<string, unknown>;
}

/**
 * A settings port on `dir`'s settings file. `open` creates the shell's library on it: only at the
 * first write, once the core has read the file (strictly) and set it aside if it could not, since
 * `conf` throws on a file that is not JSON and electron-store would start empty and save over it.
 */
export function openSettingsFile(dir: string, open: () => ConfFile): SettingsPort {
  const file = join(dir, SETTINGS_FILE);
  let conf: ConfFile | undefined;
  return {
    read: () => readKeyedDocument(file, [SETTINGS_KEY, ...OLDER_KEYS]),
    write: (value) => {
      const c = (conf ??= open());
      // The getter throws on a file damaged since the core read it (clearInvalidConfig is off),
      // so the save fails instead of replacing it (docs/security.md).
      void c.store;
      // The whole file in one write: the document under its key, and an older key gone with it.
      c.store = value === undefined ? {} : { [SETTINGS_KEY]: value };
    },
    setAside: () => (existsSync(file) ? keepUnreadable(file) : undefined),
  };
}
