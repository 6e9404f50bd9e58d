/** What the emulated modules share: the browser, the scheme map and the main process's IPC registry. */
import { EventEmitter } from 'node:events';
import type { BrowserContext } from '@playwright/test';
import { SchemeMap } from './scheme-map.js';

export type IpcHandler = (event: unknown, ...args: unknown[]) => unknown;

export const shared = {
  /** The one browser context, persistent in the user-data folder: Electron's default session. */
  context: undefined as BrowserContext | undefined,
  schemes: new SchemeMap(),
  /** Scheme → privileges, as granted before `ready`. */
  privileged: new Map<string, Record<string, boolean | undefined>>(),
  handlers: new Map<string, IpcHandler>(),
  /** `ipcMain.on` listeners (ipcRenderer.send). */
  listeners: new EventEmitter(),
  ready: false,
  /** Windows whose page is being made: until they are attached, a new page may be one of them. */
  windowsInTheMaking: 0,
  /** The emulated `app` (an EventEmitter): windows announce themselves on it. */
  appEvents: new EventEmitter(),
};

/** Set by the app module: what happens when the last window closes (window.ts cannot import app.ts back). */
export const lifecycle = {
  quitting: false,
  allWindowsClosed: () => undefined as void,
};
