/**
 * The browser shell's storage ports: plain settings in `conf`, and API keys in one JSON file
 * only this user can read (issue 3 §4). There is no OS keychain here, so `backend()` says
 * `file` and the Settings tab can tell the user where the key lives.
 */
import Conf from 'conf';
import { chmodSync, readFileSync, renameSync, statSync } from 'node:fs';
import { writeFileAtomic } from '../core/atomic-file.js';
import { join } from 'node:path';
import { z } from 'zod';
import type { SecretsPort, SettingsPort } from '../core/ports.js';

const SETTINGS_KEY = 'studio';

export function createConfSettings(dataDir: string): SettingsPort {
  const conf = new Conf<Record<string, unknown>>({
    cwd: dataDir,
    configName: 'settings',
    // The core validates the document; keys with dots must stay keys, not paths.
    accessPropertiesByDotNotation: false,
    configFileMode: 0o600,
  });
  return {
    read: () => conf.get(SETTINGS_KEY),
    write: (value) => conf.set(SETTINGS_KEY, value),
  };
}

const SecretsFile = z.record(z.string(), z.string());

export const SECRETS_FILE = 'secrets.json';

export function createFileSecrets(dataDir: string): SecretsPort {
  const file = join(dataDir, SECRETS_FILE);

  // Read on every access: the file is tiny, and a second studio process may have changed it.
  function load(): Record<string, string> {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw e;
    }
    // A file copied in with loose permissions is tightened before anything else is read.
    if (process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    const parsed = SecretsFile.safeParse(safeJson(text));
    if (parsed.success) return { ...parsed.data };
    // Never overwrite keys we cannot read: move the file aside so the user can recover it.
    renameSync(file, `${file}.unreadable-${Date.now()}`);
    return {};
  }

  // Created 0600 from the start and renamed over the old file: the old keys or the new, never half.
  const save = (secrets: Record<string, string>) => writeFileAtomic(file, JSON.stringify(secrets, null, 2));

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
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
