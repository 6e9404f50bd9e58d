/**
 * The `electron` module the built main process imports when it runs in Node under the desktop
 * harness (docs/desktop-harness.md): a loader hook (register.mjs) resolves `electron` here, for
 * out/main/index.js and for the packages it imports (electron-store). Every object is guarded:
 * a member the emulation lacks is reported to the test and thrown, never read as undefined.
 */
import { app, startApp } from './app.js';
import { BrowserWindow } from './window.js';
import { dialog, ipcMain, nativeImage, Notification, safeStorage, shell } from './misc.js';
import { protocol } from './protocol.js';
import { session as defaultSession } from './session.js';
import { guarded } from './records.js';

// As in Electron's main process (electron-store reads it).
(process as { type?: string }).type = 'browser';

const session = guarded('session', { defaultSession });

startApp();

export { app, BrowserWindow, dialog, ipcMain, nativeImage, Notification, protocol, safeStorage, session, shell };
export default guarded('electron', { app, BrowserWindow, dialog, ipcMain, nativeImage, Notification, protocol, safeStorage, session, shell });
