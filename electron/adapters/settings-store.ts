/**
 * Plain settings on electron-store (`conf` with Electron's paths), in the settings file the
 * browser shell shares (core/settings/settings-file.ts): same name, options and shape. The core
 * owns the document's shape and validates it, so the store keeps it as one opaque value.
 */
import Store from 'electron-store';
import type { SettingsPort } from '@host/ports.js';
import { openSettingsFile, SETTINGS_CONF } from '@host/settings/settings-file.js';

export interface SettingsStoreOptions {
  /** The data folder: userData in the studio, a temp dir in tests. */
  cwd: string;
}

export function createSettingsStore({ cwd }: SettingsStoreOptions): SettingsPort {
  const { configName, ...options } = SETTINGS_CONF;
  // electron-store names the file with `name` (its own `configName`), and adds no keys of its own.
  return openSettingsFile(cwd, () => new Store<Record<string, unknown>>({ ...options, name: configName, cwd }));
}
