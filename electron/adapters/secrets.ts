/**
 * API keys at rest: encrypted with the OS keychain through `safeStorage`, stored as base64 in a
 * small 0600 JSON file under userData. When the OS offers no real keychain (Linux `basic_text`, or
 * no encryption at all) the backend reports 'plaintext' and the core asks the user before storing.
 */
import { writeFileAtomic } from '../core/atomic-file.js';
import { keepUnreadable, readDataFile } from '../core/unreadable-file.js';
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
  const setAside: (string | null)[] = [];
  /** Why an unreadable file could not be kept aside: until it can, no key is written over it. */
  let blocked: unknown;

  const read = (): SecretsFile => {
    let found: { value: unknown } | undefined;
    try {
      found = readDataFile(file);
    } catch {
      found = { value: undefined };
    }
    if (!found) return { version: 1, secrets: {} };
    const parsed = SecretsFile.safeParse(found.value);
    if (parsed.success) return parsed.data;
    // Never written over: the keys in it may be recoverable (docs/security.md).
    if (blocked === undefined) {
      try {
        const backup = keepUnreadable(file);
        setAside.push(backup);
        log(`secrets: ${file} is unreadable; kept as ${backup}, starting empty`);
      } catch (err) {
        blocked = err;
        setAside.push(null);
        log(`secrets: ${file} is unreadable and could not be kept aside; no key will be written over it`);
      }
    }
    return { version: 1, secrets: {} };
  };

  // A crash never leaves a half-written file (and loses every key).
  const write = (doc: SecretsFile) => {
    if (blocked !== undefined) throw blocked;
    writeFileAtomic(file, JSON.stringify(doc));
  };
  // Read once now, so a damaged file is found (and reported) at start, not at the first key.
  read();

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

    unreadable: () => setAside,
  };
}
