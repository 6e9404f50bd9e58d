/**
 * The studio window, locked down as Electron's security checklist asks: the renderer is untrusted
 * (it shows model output), so it gets no Node, no webview tag and a sandbox. Navigation, popups,
 * webviews, permissions and the CSP are decided for every webContents in one place,
 * web-contents-guard.ts, which must be installed before the first window opens.
 */
import { BrowserWindow } from 'electron';
import { isWebContentsGuardInstalled } from './web-contents-guard.js';

export interface MainWindowOptions {
  /** Absolute path of the built preload script. */
  preload: string;
}

export function createMainWindow({ preload }: MainWindowOptions): BrowserWindow {
  // Without the guard the window's contents would have no navigation, popup or permission rules.
  if (!isWebContentsGuardInstalled()) throw new Error('Install the webContents guard before opening a window.');
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Gateway Studio',
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      // A middle click on a link would otherwise ask for a new window (electronegativity AUXCLICK).
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
    },
  });
  // Showing only once painted avoids a white flash.
  win.once('ready-to-show', () => win.show());
  return win;
}
