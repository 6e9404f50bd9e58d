import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { backupName, DAMAGE_NAMES, DAMAGES } from '@host/test/damage.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// safeStorage stand-in: a reversible transform that never leaves the secret readable on disk.
const os = vi.hoisted(() => ({ available: true, backend: 'gnome_libsecret' as string | undefined, keyringChanged: false }));
vi.mock('electron', () => ({
  safeStorage: {
    isEncryptionAvailable: () => os.available,
    getSelectedStorageBackend: () => os.backend,
    encryptString: (s: string) => Buffer.from(`ENC:${Buffer.from(s).reverse().toString('hex')}`),
    decryptString: (b: Buffer) => {
      const text = b.toString();
      if (os.keyringChanged || !text.startsWith('ENC:')) throw new Error('Error while decrypting the ciphertext');
      return Buffer.from(text.slice(4), 'hex').reverse().toString();
    },
  },
}));

const { createSecretsStore } = await import('./secrets.js');

let dir: string;
let file: string;
beforeEach(() => {
  Object.assign(os, { available: true, backend: 'gnome_libsecret', keyringChanged: false });
  dir = mkdtempSync(join(tmpdir(), 'studio-secrets-'));
  file = join(dir, 'nested', 'secrets.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const KEY = 'sk-live-0123456789abcdef';

describe('secrets store', () => {
  it('round-trips a key through a fresh instance without writing it in clear', () => {
    createSecretsStore({ file }).set('profile-1', KEY);
    const onDisk = readFileSync(file, 'utf8');
    expect(onDisk).not.toContain(KEY);
    expect(onDisk).not.toContain('fedcba9876543210'); // not merely reversed either
    expect(createSecretsStore({ file }).get('profile-1')).toBe(KEY);
  });

  it('keeps the file private to the user', () => {
    createSecretsStore({ file }).set('p', KEY);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('deletes one key and keeps the others', () => {
    const store = createSecretsStore({ file });
    store.set('a', 'key-a');
    store.set('b', 'key-b');
    store.delete('a');
    store.delete('never-set');
    expect(store.get('a')).toBeUndefined();
    expect(createSecretsStore({ file }).get('b')).toBe('key-b');
  });

  it('reports encrypted with a real keychain', () => {
    expect(createSecretsStore({ file }).backend()).toBe('encrypted');
    os.backend = undefined; // macOS / Windows have no getSelectedStorageBackend answer
    expect(createSecretsStore({ file }).backend()).toBe('encrypted');
  });

  it('reports plaintext on Linux basic_text, where safeStorage uses a hard-coded password', () => {
    os.backend = 'basic_text';
    expect(createSecretsStore({ file }).backend()).toBe('plaintext');
  });

  it('reports plaintext when encryption is unavailable, and still stores after consent', () => {
    os.available = false;
    const store = createSecretsStore({ file });
    expect(store.backend()).toBe('plaintext');
    store.set('p', KEY);
    expect(store.get('p')).toBe(KEY);
  });

  it('treats a key it can no longer decrypt as missing instead of crashing', () => {
    createSecretsStore({ file }).set('p', KEY);
    os.keyringChanged = true;
    const log = vi.fn();
    expect(createSecretsStore({ file, log }).get('p')).toBeUndefined();
    expect(log).toHaveBeenCalled();
  });

  it.each([
    ...DAMAGE_NAMES.map((d) => [d, DAMAGES[d](JSON.stringify({ version: 1, secrets: { p: { kind: 'safe', data: 'RU5DOjAx' } } }))] as const),
    ['wrong shape', Buffer.from(JSON.stringify({ version: 2, secrets: [] }))] as const,
  ])('%s file: kept aside byte for byte at once, reported, and never written over by a new key', (_kind, bytes) => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, bytes);
    const store = createSecretsStore({ file });
    const [backup] = store.unreadable!();
    expect(backup).toMatch(backupName('secrets.json'));
    expect(readFileSync(join(dirname(file), backup!)).equals(bytes)).toBe(true);
    expect(store.get('p')).toBeUndefined();
    store.set('p', KEY);
    expect(readFileSync(join(dirname(file), backup!)).equals(bytes)).toBe(true);
    expect(createSecretsStore({ file }).get('p')).toBe(KEY);
    expect(store.unreadable!()).toEqual([backup]);
  });

  it('reads the file it wrote before the shells shared one format, and rewrites it in that format', () => {
    mkdirSync(dirname(file), { recursive: true });
    const safe = Buffer.from(`ENC:${Buffer.from(KEY).reverse().toString('hex')}`).toString('base64');
    writeFileSync(file, JSON.stringify({ version: 1, secrets: { a: { kind: 'safe', data: safe }, b: { kind: 'plain', data: 'key-b' } } }));
    const store = createSecretsStore({ file });
    expect([store.get('a'), store.get('b'), store.unreadable!()]).toEqual([KEY, 'key-b', []]);
    store.set('c', 'key-c');
    expect(JSON.parse(readFileSync(file, 'utf8')).entries).toEqual({
      a: { protection: 'os-keychain', value: safe },
      b: { protection: 'file', value: 'key-b' },
      c: { protection: 'os-keychain', value: expect.any(String) },
    });
  });

  it('survives a missing or corrupt file', () => {
    expect(createSecretsStore({ file }).get('p')).toBeUndefined();
    const corrupt = join(dir, 'corrupt.json');
    writeFileSync(corrupt, '{not json');
    const store = createSecretsStore({ file: corrupt });
    expect(store.get('p')).toBeUndefined();
    store.set('p', KEY);
    expect(store.get('p')).toBe(KEY);
  });
});
