/**
 * The small Electron modules the main process uses (docs/desktop-harness.md, "What is emulated"):
 * ipcMain, safeStorage, shell, dialog, Notification and nativeImage. Whatever leaves the app for
 * the OS (a link opened, a dialog, a notification) is recorded for the test, not shown.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { guarded, record } from './records.js';
import { shared, type IpcHandler } from './state.js';
import { emulationDir } from './paths.js';

export const ipcMain = guarded('ipcMain', {
  handle(channel: string, handler: IpcHandler) {
    // Electron refuses a second handler on one channel.
    if (shared.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    shared.handlers.set(channel, handler);
  },
  handleOnce(channel: string, handler: IpcHandler) {
    ipcMain.handle(channel, (event, ...args) => {
      shared.handlers.delete(channel);
      return handler(event, ...args);
    });
  },
  removeHandler(channel: string) {
    shared.handlers.delete(channel);
  },
  on(channel: string, listener: (...args: unknown[]) => void) {
    shared.listeners.on(channel, listener);
    return ipcMain;
  },
  once(channel: string, listener: (...args: unknown[]) => void) {
    shared.listeners.once(channel, listener);
    return ipcMain;
  },
  removeListener(channel: string, listener: (...args: unknown[]) => void) {
    shared.listeners.removeListener(channel, listener);
    return ipcMain;
  },
  off(channel: string, listener: (...args: unknown[]) => void) {
    return ipcMain.removeListener(channel, listener);
  },
  removeAllListeners(channel?: string) {
    shared.listeners.removeAllListeners(channel);
    return ipcMain;
  },
});

/**
 * The OS keychain, as Chromium's os_crypt uses it on Linux: AES-256-GCM under a key kept in the
 * emulation's own folder (the "keyring"), outside the user-data folder, so a file in the data
 * folder alone never reveals a key, and the same key decrypts after a restart. Before `ready` it
 * is unavailable, as on Linux.
 */
let cachedKey: Buffer | undefined;

function keyringKey(): Buffer {
  // Read once: every key saved or read would otherwise read and hash the keyring file again.
  if (cachedKey) return cachedKey;
  const file = join(emulationDir(), 'keyring');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  }
  cachedKey = createHash('sha256').update(readFileSync(file, 'utf8')).digest();
  return cachedKey;
}

const VERSION = Buffer.from('v11');

export const safeStorage = guarded('safeStorage', {
  isEncryptionAvailable: () => shared.ready,
  getSelectedStorageBackend: () => 'gnome_libsecret',
  encryptString(plain: string): Buffer {
    if (!shared.ready) throw new Error('Error while encrypting the text provided to safeStorage.encryptString. Encryption is not available.');
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', keyringKey(), iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([VERSION, iv, body, cipher.getAuthTag()]);
  },
  decryptString(encrypted: Buffer): string {
    if (!shared.ready) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString. Decryption is not available.');
    if (!Buffer.isBuffer(encrypted) || encrypted.length < 3 + 12 + 16 || !encrypted.subarray(0, 3).equals(VERSION)) {
      throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    }
    const decipher = createDecipheriv('aes-256-gcm', keyringKey(), encrypted.subarray(3, 15));
    decipher.setAuthTag(encrypted.subarray(encrypted.length - 16));
    return Buffer.concat([decipher.update(encrypted.subarray(15, encrypted.length - 16)), decipher.final()]).toString('utf8');
  },
});

export const shell = guarded('shell', {
  async openExternal(url: string) {
    record({ type: 'shell', action: 'openExternal', target: url });
  },
  showItemInFolder(path: string) {
    record({ type: 'shell', action: 'showItemInFolder', target: path });
  },
  async openPath(path: string) {
    record({ type: 'shell', action: 'openPath', target: path });
    return '';
  },
});

interface BoxOptions { title?: string; message?: string; cancelId?: number; defaultPath?: string }

/** Dialogs answer as a user who cancels: the app must cope with that, and tests never hang on one. */
export const dialog = guarded('dialog', {
  showErrorBox(title: string, content: string) {
    record({ type: 'dialog', kind: 'error', title, message: content });
    console.error(`[dialog] ${title}: ${content}`);
  },
  async showMessageBox(...args: unknown[]) {
    const options = (args.length > 1 ? args[1] : args[0]) as BoxOptions;
    const response = options.cancelId ?? 0;
    record({ type: 'dialog', kind: 'message', title: options.title, message: options.message, response });
    return { response, checkboxChecked: false };
  },
  async showSaveDialog(...args: unknown[]) {
    const options = (args.length > 1 ? args[1] : args[0]) as BoxOptions;
    record({ type: 'dialog', kind: 'save', title: options.title, message: options.defaultPath, response: 'cancelled' });
    return { canceled: true, filePath: '' };
  },
});

class EmulatedNotification {
  static isSupported(): boolean {
    return true;
  }

  constructor(private readonly options: { title: string; body?: string }) {}

  show(): void {
    record({ type: 'notification', title: this.options.title, body: this.options.body });
  }
}
export const Notification = guarded('Notification', EmulatedNotification);

/** Images for a drag's icon: only whether the file is there and a size are emulated. */
function image(source: string | undefined) {
  const empty = source === undefined;
  const self = guarded('NativeImage', {
    isEmpty: () => empty,
    getSize: () => (empty ? { width: 0, height: 0 } : { width: 64, height: 64 }),
    resize: () => self,
    toDataURL: () => (empty ? 'data:image/png;base64,' : source),
  });
  return self;
}

export const nativeImage = guarded('nativeImage', {
  createFromPath: (path: string) => image(existsSync(path) ? path : undefined),
  createFromDataURL: (url: string) => image(url),
  createEmpty: () => image(undefined),
});
