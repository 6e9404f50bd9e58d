/**
 * API keys at rest on the desktop: in the data folder's shared keys file
 * (core/settings/secrets-file.ts), each key encrypted with the OS keychain through `safeStorage`
 * (`os-keychain`). When the OS offers no encryption at all the key is stored as is (`file`) and
 * `backend()` reports 'plaintext', so the core asks the user first; so does Linux's `basic_text`,
 * encrypted in name only. Keys the browser shell saved (`file`) are read as they are.
 */
import { safeStorage } from 'electron';
import type { SecretsPort } from '@host/ports.js';
import { openSecretsFile, type KeyProtection } from '@host/settings/secrets-file.js';

export interface SecretsStoreOptions {
  /** e.g. `join(app.getPath('userData'), SECRETS_FILE)`. */
  file: string;
  log?: (line: string) => void;
}

const keychain: KeyProtection = {
  opens: ['os-keychain', 'file'],
  protect: (secret) => safeStorage.isEncryptionAvailable()
    ? { protection: 'os-keychain', value: safeStorage.encryptString(secret).toString('base64') }
    : { protection: 'file', value: secret },
  unprotect: (entry) => entry.protection === 'file'
    ? entry.value
    : safeStorage.decryptString(Buffer.from(entry.value, 'base64')),
};

export function createSecretsStore({ file, log }: SecretsStoreOptions): SecretsPort {
  return {
    ...openSecretsFile({ file, protection: keychain, log }),
    backend() {
      if (!safeStorage.isEncryptionAvailable()) return 'plaintext';
      // Linux without a keyring falls back to a hard-coded password: encrypted in name only.
      let selected: string | undefined;
      try {
        selected = safeStorage.getSelectedStorageBackend?.();
      } catch {
        selected = undefined; // not Linux
      }
      return selected === 'basic_text' ? 'plaintext' : 'encrypted';
    },
  };
}
