/**
 * Plain settings on electron-store (a JSON file in userData). The core owns the document's shape
 * and validates it, so the store keeps it as one opaque value under a single key.
 */
import Store from 'electron-store';
import type { SettingsPort } from '../core/ports.js';

const KEY = 'document';

export interface SettingsStoreOptions {
  /** Folder of the file; electron-store defaults to userData. Tests pass a temp dir. */
  cwd?: string;
  name?: string;
}

export function createSettingsStore(options: SettingsStoreOptions = {}): SettingsPort {
  const store = new Store<Record<string, unknown>>({
    name: options.name ?? 'settings',
    cwd: options.cwd,
    // A corrupt file must not keep the studio from starting; the core falls back to defaults.
    clearInvalidConfig: true,
  });
  return {
    read: () => store.get(KEY),
    write: (value) => {
      if (value === undefined) store.delete(KEY);
      else store.set(KEY, value);
    },
  };
}
