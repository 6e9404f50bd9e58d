/**
 * The API keys' file, in one format for both shells, since they share the data folder
 * (docs/architecture.md, "One data folder, two shells"):
 *
 *   { "version": 1, "entries": { "<profile id>": { "protection": "os-keychain" | "file", "value": "…" } } }
 *
 * `os-keychain`: base64 of the bytes Electron's `safeStorage` encrypted (only the desktop app can
 * open it); `file`: the key itself, which is why the file is always 0600. Each shell supplies only
 * how it protects a new key and which protections it can open; an entry it cannot open stays on
 * disk exactly as it was, through every save of another key (the other shell still needs it).
 * The formats each shell wrote before are read too, and rewritten in this one at the next save.
 * A file in none of them is kept aside before anything is written (docs/security.md).
 *
 * Lookups answer from memory: every gateway call (each status check of each job) asks for its
 * profile's key, and a file read on the host's loop for each would let a hung disk freeze the host.
 * The file is looked at again off the loop, at most once a second, since the other shell (or a
 * second studio) may change it; saving and removing a key read and write it at once, as before.
 */
import { chmodSync, statSync, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileAtomic } from '../atomic-file.js';
import { keepUnreadable, parseDataFile, readDataFile } from '../unreadable-file.js';
import type { SecretsPort } from '../ports.js';

export const SECRETS_FILE = 'secrets.json';

const Entry = z.object({ protection: z.enum(['os-keychain', 'file']), value: z.string() });
export type SecretEntry = z.infer<typeof Entry>;
export type Protection = SecretEntry['protection'];

const SecretsFile = z.object({ version: z.literal(1), entries: z.record(z.string(), Entry) });
type SecretsFile = z.infer<typeof SecretsFile>;

/** What the desktop app wrote before: `safe` was safeStorage ciphertext, `plain` the key as is. */
const DesktopV1 = z.object({
  version: z.literal(1),
  secrets: z.record(z.string(), z.object({ kind: z.enum(['safe', 'plain']), data: z.string() })),
});
/** What the browser shell wrote before: profile id → key, in a 0600 file. */
const BrowserV0 = z.record(z.string(), z.string());

/** The file's keys in the current format, whichever format wrote them; undefined when it is none. */
export function parseSecretsFile(value: unknown): SecretsFile | undefined {
  const current = SecretsFile.safeParse(value);
  if (current.success) return current.data;
  const desktop = DesktopV1.safeParse(value);
  if (desktop.success) {
    const entries = Object.entries(desktop.data.secrets).map(([id, e]): [string, SecretEntry] =>
      [id, { protection: e.kind === 'safe' ? 'os-keychain' : 'file', value: e.data }]);
    return { version: 1, entries: Object.fromEntries(entries) };
  }
  const browser = BrowserV0.safeParse(value);
  if (browser.success) {
    const entries = Object.entries(browser.data).map(([id, key]): [string, SecretEntry] => [id, { protection: 'file', value: key }]);
    return { version: 1, entries: Object.fromEntries(entries) };
  }
  return undefined;
}

/** How one shell keeps keys: the protections it can open, and how it protects a new key. */
export interface KeyProtection {
  opens: readonly Protection[];
  protect(secret: string): SecretEntry;
  /** Only called for a protection in `opens`; may throw (a keychain that changed). */
  unprotect(entry: SecretEntry): string;
}

export interface SecretsFileOptions {
  file: string;
  protection: KeyProtection;
  log?: (line: string) => void;
  /** The clock of the look for changes (ms). */
  now?: () => number;
}

/** How long a lookup trusts what was last read before the file is looked at again (off the loop). */
export const SECRETS_RECHECK_MS = 1_000;

/** What identifies one version of the file: a rewrite (temp file and rename) changes the inode too. */
const versionOf = (st: Stats | undefined) => (st ? `${st.ino}:${st.size}:${st.mtimeMs}` : 'none');

/** A secrets port on the shared file, without `backend()`, which each shell answers itself. */
export function openSecretsFile({ file, protection, log = () => undefined, now = Date.now }: SecretsFileOptions): Omit<SecretsPort, 'backend'> {
  const setAside: (string | null)[] = [];
  /** Why an unreadable file could not be kept aside: until it can, no key is written over it. */
  let blocked: unknown;

  /** The file's keys as last read or written, the version they came from, and when that was checked. */
  let known: SecretsFile = { version: 1, entries: {} };
  let version = 'none';
  let checkedAt = -Infinity;
  let checking = false;
  /** What the last failed look said (logged once). */
  let lastProblem: string | undefined;
  /** A key opened once is not opened again (the desktop's keychain call) until its entry changes. */
  const opened = new Map<string, { value: string; key: string }>();

  const statOrNone = () => {
    try {
      return statSync(file);
    } catch {
      return undefined;
    }
  };

  // Read at once: at start, and before a key is saved or removed (the other shell's keys are kept).
  const readNow = (): SecretsFile => {
    const before = statOrNone();
    known = parsedNow();
    version = versionOf(before);
    checkedAt = now();
    return known;
  };

  const parsedNow = (): SecretsFile => {
    let found: { value: unknown } | undefined;
    try {
      found = readDataFile(file);
    } catch {
      found = { value: undefined };
    }
    if (!found) return { version: 1, entries: {} };
    // A file copied in with loose permissions is tightened before anything else is done with it
    // (its backup, if it is unreadable, keeps the same mode): it may hold keys in clear.
    try {
      if (process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    } catch {
      // Another user's file: not ours to change, and read (or kept aside) as it is.
    }
    const parsed = parseSecretsFile(found.value);
    if (parsed) return parsed;
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
    return { version: 1, entries: {} };
  };

  // Off the loop: a stat, and a read only when the file changed. Whatever goes wrong keeps what
  // was known; an unreadable file is left to the next save or removal, which keeps it aside.
  const recheck = () => {
    if (checking || now() - checkedAt < SECRETS_RECHECK_MS) return;
    checking = true;
    checkedAt = now();
    const looked = version;
    void (async () => {
      const st = await stat(file).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return undefined;
        throw err;
      });
      if (versionOf(st) !== looked) {
        const parsed = st ? parseSecretsFile(parseDataFile(await readFile(file))) : { version: 1 as const, entries: {} };
        // A save or removal meanwhile read the file itself, and is newer.
        if (parsed && version === looked) {
          known = parsed;
          version = versionOf(st);
        }
      }
      lastProblem = undefined;
    })()
      .catch((err: unknown) => {
        // Said once, not every second while the file stays as it is; by the disk's code only, as
        // a parser's message quotes the file, and the file holds keys.
        const why = (err as NodeJS.ErrnoException).code ?? 'not a keys file';
        if (why !== lastProblem) log(`secrets: ${file} could not be looked at again (${why}); the keys known stay in use`);
        lastProblem = why;
      })
      .finally(() => {
        checking = false;
      });
  };

  const entryOf = (id: string): SecretEntry | undefined => {
    recheck();
    return known.entries[id];
  };

  // Created 0600 and renamed over the old file: a crash leaves the old keys or the new, never half.
  const write = (doc: SecretsFile) => {
    if (blocked !== undefined) throw blocked;
    writeFileAtomic(file, JSON.stringify(doc, null, 2));
    known = doc;
    version = versionOf(statOrNone());
    checkedAt = now();
  };
  // Read once now, so a damaged file is found (and reported) at start, not at the first key.
  readNow();

  return {
    get(id) {
      const entry = entryOf(id);
      if (!entry || !protection.opens.includes(entry.protection)) return undefined;
      const held = opened.get(id);
      if (held?.value === entry.value) return held.key;
      try {
        const key = protection.unprotect(entry);
        opened.set(id, { value: entry.value, key });
        return key;
      } catch {
        // The keychain changed (new user, new machine): the key is gone; the user enters it again.
        log(`secrets: could not open the key of "${id}"`);
        return undefined;
      }
    },

    heldElsewhere(id) {
      const entry = entryOf(id);
      return !!entry && !protection.opens.includes(entry.protection);
    },

    set(id, secret) {
      const doc = readNow();
      doc.entries[id] = protection.protect(secret);
      write(doc);
    },

    // An explicit delete (the key cleared, the profile removed or pointed at another address)
    // removes the entry whatever protects it: the other shell must not keep using that key either.
    delete(id) {
      const doc = readNow();
      if (!(id in doc.entries)) return;
      delete doc.entries[id];
      opened.delete(id);
      write(doc);
    },

    unreadable: () => setAside,
  };
}
