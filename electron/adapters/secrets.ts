/**
 * API keys at rest: encrypted with the OS keychain through `safeStorage`, stored as base64 in a
 * small 0600 JSON file under userData. When the OS offers no real keychain (Linux `basic_text`, or
 * no encryption at all) the backend reports 'plaintext' and the core asks the user before storing.
 */
import { readFileSync } from 'node:fs';
import { writeFileAtomic } from '../core/atomic-file.js';
import { safeStorage } from 'electron';
import { z } from 'zod';
import type { SecretsPort } from '../core/ports.js';

const Entry = z.object({
  /** 'safe' = safeStorage ciphertext; 'plain' = stored as is (only when encryption is unavailable). */
  kind: z.enum(['safe', 'plain']),
  data: z.string(),
});
const SecretsFile = z.object({ version: z.literal(1), secrets: z.record(z.string(), Entry) });
type SecretsFile = z.infer<typeof SecretsFile>;

export interface SecretsStoreOptions {
  /** e.g. `join(app.getPath('userData'), 'secrets.json')`. */
  file: string;
  log?: (line: string) => void;
}

export function createSecretsStore({ file, log = () => undefined }: SecretsStoreOptions): SecretsPort {
  const read = (): SecretsFile => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return { version: 1, secrets: {} };
    }
    const parsed = SecretsFile.safeParse(safeJson(text));
    if (parsed.success) return parsed.data;
    log(`secrets: ${file} is unreadable; treating it as empty`);
    return { version: 1, secrets: {} };
  };

  // A crash never leaves a half-written file (and loses every key).
  const write = (doc: SecretsFile) => writeFileAtomic(file, JSON.stringify(doc));

  return {
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

    get(id) {
      const entry = read().secrets[id];
      if (!entry) return undefined;
      if (entry.kind === 'plain') return entry.data;
      try {
        return safeStorage.decryptString(Buffer.from(entry.data, 'base64'));
      } catch {
        // The keychain changed (new user, new machine): the key is gone; the user enters it again.
        log(`secrets: could not decrypt "${id}"`);
        return undefined;
      }
    },

    set(id, secret) {
      const doc = read();
      doc.secrets[id] = safeStorage.isEncryptionAvailable()
        ? { kind: 'safe', data: safeStorage.encryptString(secret).toString('base64') }
        : { kind: 'plain', data: secret };
      write(doc);
    },

    delete(id) {
      const doc = read();
      if (!(id in doc.secrets)) return;
      delete doc.secrets[id];
      write(doc);
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
