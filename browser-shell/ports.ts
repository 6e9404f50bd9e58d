/**
 * The browser shell's storage ports, on the same files as the desktop app's, since both shells
 * share the data folder (docs/architecture.md, "One data folder, two shells"): plain settings in
 * `conf` (core/settings/settings-file.ts), and API keys in the shared 0600 keys file
 * (core/settings/secrets-file.ts). There is no OS keychain here, so a key is stored as is and
 * `backend()` says `file`, so the Settings tab can tell the user where the key lives. A key the
 * desktop app protected with the OS keychain cannot be opened here: it is kept as it is and the
 * profile says so (`heldElsewhere`). A file either cannot read is kept as a dated backup before
 * anything is written over it (docs/security.md).
 */
import Conf from 'conf';
import { join } from 'node:path';
import { openSecretsFile, SECRETS_FILE } from '@host/settings/secrets-file.js';
import { openSettingsFile, SETTINGS_CONF } from '@host/settings/settings-file.js';
import type { SecretsPort, SettingsPort } from '@host/ports.js';

export { SECRETS_FILE };

export function createConfSettings(dataDir: string): SettingsPort {
  return openSettingsFile(dataDir, () => new Conf<Record<string, unknown>>({ ...SETTINGS_CONF, cwd: dataDir }));
}

export function createFileSecrets(dataDir: string): SecretsPort {
  const port = openSecretsFile({
    file: join(dataDir, SECRETS_FILE),
    protection: {
      opens: ['file'],
      protect: (secret) => ({ protection: 'file', value: secret }),
      unprotect: (entry) => entry.value,
    },
  });
  return { ...port, backend: () => 'file' };
}
