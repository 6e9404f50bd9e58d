/**
 * The emulation's objects under the names Electron's types give them, for the coverage test
 * (desktop-e2e/api-coverage.test.ts): it reads each one's members with the TypeScript checker and
 * holds them to the members the app's code uses. Types only: nothing here runs.
 */
import type { app, BrowserWindow, dialog, ipcMain, nativeImage, Notification, protocol, safeStorage, session, shell } from './electron.js';
import type { HeadersDetails } from './session.js';

type Window = InstanceType<typeof BrowserWindow>;
type Contents = Window['webContents'];

export interface EmulatedApi {
  App: typeof app;
  Dock: (typeof app)['dock'];
  BrowserWindow: typeof BrowserWindow & Window;
  BaseWindow: Window;
  WebContents: Contents;
  WebFrameMain: Contents['mainFrame'];
  IpcMainInvokeEvent: ReturnType<Contents['ipcEvent']>;
  Session: Contents['session'];
  WebRequest: Contents['session']['webRequest'];
  OnHeadersReceivedListenerDetails: HeadersDetails;
  IpcMain: typeof ipcMain;
  Protocol: typeof protocol;
  SafeStorage: typeof safeStorage;
  Shell: typeof shell;
  Dialog: typeof dialog;
  SaveDialogReturnValue: Awaited<ReturnType<typeof dialog.showSaveDialog>>;
  MessageBoxReturnValue: Awaited<ReturnType<typeof dialog.showMessageBox>>;
  Notification: typeof Notification & InstanceType<typeof Notification>;
  NativeImage: typeof nativeImage & ReturnType<typeof nativeImage.createFromPath>;
  session: typeof session;
}
