/**
 * Plain settings on electron-store (a JSON file in userData). The core owns the document's shape
 * and validates it, so the store keeps it as one opaque value under a single key.
 */
import Store from 'electron-store';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SettingsPort } from '../core/ports.js';
import { readKeyedDocument } from '../core/settings/settings-store.js';
import { keepUnreadable } from '../core/unreadable-file.js';

const KEY = 'document';

export interface SettingsStoreOptions {
  /** Folder of the file: userData in the studio, a temp dir in tests. */
  cwd: string;
  name?: string;
}

export function createSettingsStore({ cwd, name = 'settings' }: SettingsStoreOptions): SettingsPort {
  const file = join(cwd, `${name}.json`);
  // Opened at the first write, once the core has read the file (strictly) and set it aside if it
  // could not: electron-store would otherwise start empty on a damaged file and replace it with
  // its next save (docs/security.md). A file damaged later makes that write fail, not vanish.
  let store: Store<Record<string, unknown>> | undefined;
  const open = () => (store ??= new Store<Record<string, unknown>>({ name, cwd, clearInvalidConfig: false }));
  return {
    read: () => readKeyedDocument(file, KEY),
    write: (value) => {
      if (value === undefined) open().delete(KEY);
      else open().set(KEY, value);
    },
    setAside: () => (existsSync(file) ? keepUnreadable(file) : undefined),
  };
}
