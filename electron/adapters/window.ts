/**
 * The studio window and its session, locked down as Electron's security checklist asks: the
 * renderer is untrusted (it shows model output), so it gets no Node, no navigation away from the
 * app, no popups, no permissions, and a strict CSP.
 */
import { BrowserWindow, shell, type Session, type WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY, devContentSecurityPolicy } from '../../shared/csp.js';
import { appUrlMatcher, externalUrl } from './links.js';

export interface MainWindowOptions {
  /** Absolute path of the built preload script. */
  preload: string;
  /** What the window loads: the dev server URL, or the file URL of `out/renderer/index.html`. */
  rendererUrl: string;
}

export function createMainWindow({ preload, rendererUrl }: MainWindowOptions): BrowserWindow {
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
  const isAppUrl = appUrlMatcher(rendererUrl);
  hardenSession(win.webContents.session, cspFor(rendererUrl));
  guardWebContents(win.webContents, isAppUrl);
  // Showing only once painted avoids a white flash.
  win.once('ready-to-show', () => win.show());
  return win;
}

function cspFor(rendererUrl: string): string {
  const url = new URL(rendererUrl);
  return url.protocol === 'file:' ? CONTENT_SECURITY_POLICY : devContentSecurityPolicy(url.origin);
}

/** Denies every permission and pins the CSP on every response the session receives. */
export function hardenSession(session: Session, csp: string = CONTENT_SECURITY_POLICY): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  // USB, HID and serial devices have their own grant, apart from permissions.
  session.setDevicePermissionHandler(() => false);
  session.webRequest.onHeadersReceived((details, callback) => {
    const headers: Record<string, string[]> = {};
    // Drop any policy the server sent (in any letter case) so ours is the only one in force.
    for (const [name, value] of Object.entries(details.responseHeaders ?? {})) {
      if (name.toLowerCase() !== 'content-security-policy') headers[name] = value;
    }
    headers['Content-Security-Policy'] = [csp];
    callback({ responseHeaders: headers });
  });
}

/**
 * Keeps the window on the app: navigations and redirects elsewhere are cancelled, and popups are
 * always denied; a safe https link is opened in the user's browser instead.
 */
export function guardWebContents(contents: WebContents, isAppUrl: (url: string) => boolean): void {
  const stayOnApp = (event: { url: string; preventDefault(): void }) => {
    if (!isAppUrl(event.url)) event.preventDefault();
  };
  contents.on('will-navigate', stayOnApp);
  contents.on('will-frame-navigate', stayOnApp);
  contents.on('will-redirect', stayOnApp);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const external = externalUrl(url);
    if (external) shell.openExternal(external).catch(() => undefined);
    return { action: 'deny' };
  });
}
