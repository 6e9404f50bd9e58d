/**
 * One guard for every webContents the app ever has, installed once by the composition root before
 * any window exists (docs/architecture.md, "Desktop shell"): the studio window, and any webview,
 * popup or other contents that future code or a Chromium feature creates. Each stays on the app,
 * opens no window, attaches no webview, and its session denies every permission and device and
 * pins the CSP. The renderer is untrusted (it shows model output), so a guard set on the main
 * window alone would leave the next contents unguarded.
 */
import { app, shell, type Session, type WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY, devContentSecurityPolicy } from '@shared/csp.js';
import { appUrlMatcher, externalUrl } from './links.js';

let installed = false;

/**
 * Guards every webContents and session created from now on. `rendererUrl` is what the window
 * loads: the app scheme's index.html, or the dev server in development.
 */
export function installWebContentsGuard(rendererUrl: string): void {
  if (installed) throw new Error('The webContents guard is installed once, by electron/main.ts.');
  const isAppUrl = appUrlMatcher(rendererUrl);
  const csp = cspFor(rendererUrl);
  const hardened = new WeakSet<Session>();
  const harden = (session: Session) => {
    if (hardened.has(session)) return;
    hardened.add(session);
    hardenSession(session, csp);
  };
  // A webview or popup may bring a session of its own (a `partition`); code may create one too.
  app.on('session-created', harden);
  app.on('web-contents-created', (_event, contents) => {
    harden(contents.session);
    guardWebContents(contents, isAppUrl);
  });
  installed = true;
}

/** For the window adapter: a window must not open before the guard is in place. */
export function isWebContentsGuardInstalled(): boolean {
  return installed;
}

function cspFor(rendererUrl: string): string {
  const url = new URL(rendererUrl);
  // Only the dev server needs the looser policy (shared/csp.ts); the app scheme gets the strict one.
  return url.protocol === 'http:' || url.protocol === 'https:' ? devContentSecurityPolicy(url.origin) : CONTENT_SECURITY_POLICY;
}

/** Denies every permission and device, and pins the CSP on every response the session receives. */
function hardenSession(session: Session, csp: string): void {
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
 * Keeps the contents on the app: navigations and redirects elsewhere are cancelled, webviews are
 * never attached, and popups are always denied; a safe https link is opened in the user's browser
 * instead (externalUrl in links.ts decides what is safe).
 */
function guardWebContents(contents: WebContents, isAppUrl: (url: string) => boolean): void {
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
