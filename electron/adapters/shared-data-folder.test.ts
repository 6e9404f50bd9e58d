/**
 * One data folder, two shells (docs/architecture.md): what either shell writes, the other opens
 * with nothing lost. Each side is the shell's real core on its real storage ports, on real files
 * in a temp folder: the desktop's electron-store and safeStorage adapters (Electron mocked, as in
 * their own tests), the browser shell's `conf` and key-file ports. Also the files each shell
 * wrote before they shared one format, byte for byte as that code wrote them.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// safeStorage stand-in: a reversible transform that never leaves the secret readable on disk.
const os = vi.hoisted(() => ({ available: true }));
vi.mock('electron', () => ({
  safeStorage: {
    isEncryptionAvailable: () => os.available,
    getSelectedStorageBackend: () => 'gnome_libsecret',
    encryptString: (s: string) => Buffer.from(`ENC:${Buffer.from(s).reverse().toString('hex')}`),
    decryptString: (b: Buffer) => {
      const text = b.toString();
      if (!os.available || !text.startsWith('ENC:')) throw new Error('Error while decrypting the ciphertext');
      return Buffer.from(text.slice(4), 'hex').reverse().toString();
    },
  },
}));
// electron-store as conf underneath, the real file logic (test/electron-store-as-conf.ts).
vi.mock('electron-store', () => import('./test/electron-store-as-conf.js'));

const { openCore } = await import('@host/test/open-core.js');
const { createSecretsStore } = await import('./secrets.js');
const { createSettingsStore } = await import('./settings-store.js');
const { createConfSettings, createFileSecrets, SECRETS_FILE } = await import('../../browser-shell/ports.js');

let dir: string;
beforeEach(() => {
  os.available = true;
  dir = mkdtempSync(join(tmpdir(), 'studio-shared-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const desktop = () => openCore({
  shell: 'desktop', dataDir: dir, mediaBase: 'studio-media://library/',
  settings: createSettingsStore({ cwd: dir }), secrets: createSecretsStore({ file: join(dir, SECRETS_FILE) }),
});
const browser = () => openCore({ shell: 'browser', dataDir: dir, settings: createConfSettings(dir), secrets: createFileSecrets(dir) });
type Studio = Awaited<ReturnType<typeof desktop>>;

const keysFile = () => JSON.parse(readFileSync(join(dir, SECRETS_FILE), 'utf8'));
const settingsFile = () => JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'));
const gateways = async (studio: Studio) =>
  Object.fromEntries((await studio.value('profiles.list')).profiles.filter((p: any) => p.kind === 'gateway')
    .map((p: any) => [p.name, { baseUrl: p.baseUrl, hasKey: p.hasKey, keyTail: p.keyTail }]));

describe('a data folder the desktop app wrote', () => {
  it('opens in the browser shell: settings and profiles intact, file keys usable, keychain keys kept and named', async () => {
    const d = await desktop();
    const locked = await d.value('profiles.save', { name: 'Keychain', baseUrl: 'https://a.example', apiKey: 'sk-keychain-1111' });
    os.available = false; // a desktop without encryption stores the next key as is, after consent
    await d.value('profiles.allowPlaintextKeys', { allow: true });
    const plain = await d.value('profiles.save', { name: 'Plain', baseUrl: 'https://b.example', apiKey: 'sk-plain-2222' });
    await d.value('profiles.activate', { id: plain.id });
    await d.value('settings.update', { theme: 'dark' });
    await d.core.close();
    os.available = true;
    const lockedOnDisk = keysFile().entries[locked.id];
    expect(lockedOnDisk).toEqual({ protection: 'os-keychain', value: expect.any(String) });
    expect(Object.keys(settingsFile())).toEqual(['studio']);

    const b = await browser();
    expect(await b.value('app.startupProblems')).toEqual([]);
    expect(await b.value('settings.get')).toMatchObject({ theme: 'dark' });
    expect((await b.value('profiles.list')).activeId).toBe(plain.id);
    expect(await gateways(b)).toEqual({
      Keychain: { baseUrl: 'https://a.example', hasKey: true, keyTail: undefined },
      Plain: { baseUrl: 'https://b.example', hasKey: true, keyTail: '…2222' },
    });
    const test = await b.value('profiles.test', { id: locked.id });
    expect(test).toMatchObject({ outcome: 'rejected_key', message: expect.stringMatching(/saved by the desktop app.*Open the desktop app to use it/) });

    // Saving and deleting other keys here leaves the keychain entry exactly as it was.
    const added = await b.value('profiles.save', { name: 'Added', baseUrl: 'https://c.example', apiKey: 'sk-added-3333' });
    await b.value('profiles.clearKey', { id: plain.id });
    expect(keysFile().entries[locked.id]).toEqual(lockedOnDisk);
    await b.core.close();

    const again = await desktop();
    expect(await gateways(again)).toEqual({
      Keychain: { baseUrl: 'https://a.example', hasKey: true, keyTail: '…1111' },
      Plain: { baseUrl: 'https://b.example', hasKey: false, keyTail: undefined },
      Added: { baseUrl: 'https://c.example', hasKey: true, keyTail: '…3333' },
    });
    expect(added.keyTail).toBe('…3333');
  });

  it('in the format it wrote before (the document under "document", keys by kind)', async () => {
    const doc = { version: 1, profiles: [{ id: 'p-safe', name: 'Safe', baseUrl: 'https://a.example' }, { id: 'p-plain', name: 'Plain', baseUrl: 'https://b.example' }], activeId: 'p-safe', theme: 'light', language: 'zh-CN', allowPlaintextKeys: true };
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ document: doc }, undefined, '\t'));
    const safe = Buffer.from(`ENC:${Buffer.from('sk-safe-4444').reverse().toString('hex')}`).toString('base64');
    writeFileSync(join(dir, SECRETS_FILE), JSON.stringify({ version: 1, secrets: { 'p-safe': { kind: 'safe', data: safe }, 'p-plain': { kind: 'plain', data: 'sk-plain-5555' } } }), { mode: 0o600 });

    const b = await browser();
    expect(await b.value('app.startupProblems')).toEqual([]);
    expect(await b.value('settings.get')).toMatchObject({ theme: 'light', language: 'zh-CN' });
    expect(await gateways(b)).toEqual({
      Safe: { baseUrl: 'https://a.example', hasKey: true, keyTail: undefined },
      Plain: { baseUrl: 'https://b.example', hasKey: true, keyTail: '…5555' },
    });
    await b.value('settings.update', { theme: 'dark' });
    await b.value('profiles.save', { id: 'p-plain', name: 'Plain', baseUrl: 'https://b.example', apiKey: 'sk-plain-6666' });
    await b.core.close();
    // Rewritten in the shared format, nothing dropped.
    expect(settingsFile()).toEqual({ studio: { ...doc, theme: 'dark' } });
    expect(keysFile()).toEqual({ version: 1, entries: { 'p-safe': { protection: 'os-keychain', value: safe }, 'p-plain': { protection: 'file', value: 'sk-plain-6666' } } });

    const d = await desktop();
    expect((await gateways(d)).Safe.keyTail).toBe('…4444');
  });
});

describe('a data folder the browser shell wrote', () => {
  it('opens in the desktop app with everything intact, and the desktop keeps the browser’s keys usable', async () => {
    const b = await browser();
    const one = await b.value('profiles.save', { name: 'One', baseUrl: 'https://one.example', apiKey: 'sk-one-7777' });
    await b.value('profiles.save', { name: 'Two', baseUrl: 'https://two.example' });
    await b.value('profiles.activate', { id: one.id });
    await b.value('settings.update', { theme: 'dark', language: 'en' });
    await b.core.close();

    const d = await desktop();
    expect(await d.value('app.startupProblems')).toEqual([]);
    expect(await d.value('settings.get')).toMatchObject({ theme: 'dark', language: 'en' });
    expect((await d.value('profiles.list')).activeId).toBe(one.id);
    expect(await gateways(d)).toEqual({
      One: { baseUrl: 'https://one.example', hasKey: true, keyTail: '…7777' },
      Two: { baseUrl: 'https://two.example', hasKey: false, keyTail: undefined },
    });
    const two = (await d.value('profiles.list')).profiles.find((p: any) => p.name === 'Two');
    await d.value('profiles.save', { id: two.id, name: 'Two', baseUrl: 'https://two.example', apiKey: 'sk-two-8888' });
    await d.core.close();
    expect(keysFile().entries[one.id]).toEqual({ protection: 'file', value: 'sk-one-7777' });

    const again = await browser();
    expect(await gateways(again)).toEqual({
      One: { baseUrl: 'https://one.example', hasKey: true, keyTail: '…7777' },
      Two: { baseUrl: 'https://two.example', hasKey: true, keyTail: undefined },
    });
  });

  it('in the format it wrote before (a flat id → key file)', async () => {
    const doc = { version: 1, profiles: [{ id: 'p1', name: 'Work', baseUrl: 'https://gw.example' }], activeId: 'p1', theme: 'dark', allowPlaintextKeys: false };
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ studio: doc }, undefined, '\t'), { mode: 0o600 });
    writeFileSync(join(dir, SECRETS_FILE), JSON.stringify({ p1: 'sk-live-0123456789abcdef' }, null, 2), { mode: 0o600 });

    const d = await desktop();
    expect(await d.value('app.startupProblems')).toEqual([]);
    expect(await gateways(d)).toEqual({ Work: { baseUrl: 'https://gw.example', hasKey: true, keyTail: '…cdef' } });
    await d.value('profiles.save', { name: 'New', baseUrl: 'https://new.example', apiKey: 'sk-new-9999' });
    await d.core.close();
    expect(keysFile().entries.p1).toEqual({ protection: 'file', value: 'sk-live-0123456789abcdef' });
    expect(settingsFile().studio.profiles.map((p: any) => p.name)).toEqual(['Work', 'New']);
  });
});
