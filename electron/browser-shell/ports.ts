/**
 * The browser shell's storage ports: plain settings in `conf`, and API keys in one JSON file
 * only this user can read (issue 3 §4). There is no OS keychain here, so `backend()` says
 * `file` and the Settings tab can tell the user where the key lives. A file either cannot read
 * is kept as a dated backup before anything is written over it (docs/security.md).
 */
import Conf from 'conf';
import { chmodSync, existsSync, statSync } from 'node:fs';
import { writeFileAtomic } from '../core/atomic-file.js';
import { keepUnreadable, readDataFile } from '../core/unreadable-file.js';
import { readKeyedDocument } from '../core/settings/settings-store.js';
import { join } from 'node:path';
import { z } from 'zod';
import type { SecretsPort, SettingsPort } from '../core/ports.js';

const SETTINGS_KEY = 'studio';

export function createConfSettings(dataDir: string): SettingsPort {
  const file = join(dataDir, 'settings.json');
  // Opened at the first write, once the core has read the file (strictly) and set it aside if it
  // could not: conf throws on a file that is not JSON, which stopped the studio from starting.
  let conf: Conf<Record<string, unknown>> | undefined;
  const open = () => (conf ??= new Conf<Record<string, unknown>>({
    cwd: dataDir,
    configName: 'settings',
    // The core validates the document; keys with dots must stay keys, not paths.
    accessPropertiesByDotNotation: false,
    configFileMode: 0o600,
  }));
  return {
    read: () => readKeyedDocument(file, SETTINGS_KEY),
    write: (value) => open().set(SETTINGS_KEY, value),
    setAside: () => (existsSync(file) ? keepUnreadable(file) : undefined),
  };
}

const SecretsFile = z.record(z.string(), z.string());

export const SECRETS_FILE = 'secrets.json';

export function createFileSecrets(dataDir: string): SecretsPort {
  const file = join(dataDir, SECRETS_FILE);
  const setAside: (string | null)[] = [];
  /** Why an unreadable file could not be kept aside: until it can, no key is written over it. */
  let blocked: unknown;

  // Read on every access: the file is tiny, and a second studio process may have changed it.
  function load(): Record<string, string> {
    let found: { value: unknown } | undefined;
    try {
      found = readDataFile(file);
    } catch {
      found = { value: undefined };
    }
    if (!found) return {};
    // A file copied in with loose permissions is tightened before anything else is done with it
    // (its backup, if it is unreadable, keeps the same mode).
    try {
      if (process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    } catch {
      // Another user's file: not ours to change, and read (or kept aside) as it is.
    }
    const parsed = SecretsFile.safeParse(found.value);
    if (parsed.success) return { ...parsed.data };
    // Never overwrite keys we cannot read: keep the file aside so the user can recover it.
    if (blocked !== undefined) return {};
    try {
      setAside.push(keepUnreadable(file));
    } catch (err) {
      blocked = err;
      setAside.push(null);
    }
    return {};
  }

  // Created 0600 from the start and renamed over the old file: the old keys or the new, never half.
  const save = (secrets: Record<string, string>) => {
    if (blocked !== undefined) throw blocked;
    writeFileAtomic(file, JSON.stringify(secrets, null, 2));
  };
  // Read once now, so a damaged file is found (and reported) at start, not at the first key.
  load();

  return {
    backend: () => 'file',
    get: (id) => load()[id],
    set(id, secret) {
      save({ ...load(), [id]: secret });
    },
    delete(id) {
      const secrets = load();
      if (!(id in secrets)) return;
      delete secrets[id];
      save(secrets);
    },
    unreadable: () => setAside,
  };
}
