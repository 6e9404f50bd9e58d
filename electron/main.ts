/**
 * Composition root of the desktop shell: app lifecycle, the core with its Electron-backed ports,
 * and the adapters that carry the contract to the window. Behaviour lives in the core and adapters.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, shell } from 'electron';
import { startStickySandbox } from '@sandbox/sticky-port.js';
import type { Core } from '../host/index.js';
import { bootShell, type BootedShell } from '../host/shell-boot.js';
import { installCrashGuards } from '../host/health/crash-guards.js';
import { registerIpc } from './adapters/ipc.js';
import { handleAppProtocol, registerPrivilegedSchemes } from './adapters/app-scheme.js';
import { APP_INDEX_URL, appUrlMatcher } from './adapters/links.js';
import { handleMediaProtocol } from './adapters/protocol.js';
import { dialogConfirmation } from './adapters/confirm-dialog.js';
import { dialogSavePath, dragOut } from './adapters/file-out.js';
import { createSecretsStore } from './adapters/secrets.js';
import { SECRETS_FILE } from '../host/settings/secrets-file.js';
import { studioDataDir } from '../host/settings/data-folder.js';
import { createSettingsStore } from './adapters/settings-store.js';
import { installWebContentsGuard } from './adapters/web-contents-guard.js';
import { createMainWindow } from './adapters/window.js';
import { relaunchApp } from './adapters/relaunch.js';
import { notifyOnJobEnd } from './adapters/notifications.js';
import { shownText } from '@shared/text/shown-text.js';
import { senderSocketArg } from '../host/tasks/sender/channel.js';

const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

// A packaged app ignores the dev-server variable: an environment variable must not be able to
// point the trusted window (and its IPC rights) at another origin. The built renderer comes from
// the app's own scheme, never file:// (docs/packaging.md, "The app scheme").
const rendererUrl = !app.isPackaged && process.env.ELECTRON_RENDERER_URL
  ? process.env.ELECTRON_RENDERER_URL
  : APP_INDEX_URL;
const isAppUrl = appUrlMatcher(rendererUrl);

let booted: BootedShell | undefined;
let window: BrowserWindow | undefined;
let shutDown = false;

// A packaged app has no Node to run its job sender with (RunAsNode is off, docs/packaging.md):
// the host starts this very binary with the sender's flag, and then it is that sender, with no
// window, no single-instance lock and no data folder of its own (docs/robust-host.md).
if (senderSocketArg(process.argv)) startSender();
else startStudio();

function startSender(): void {
  app.dock?.hide();
  app.disableHardwareAcceleration();
  installCrashGuards({ log: (line) => console.error(shownText(line)) });
  import('../host/tasks/sender/sender-main.js').catch((error: unknown) => {
    console.error(shownText(`sender: ${error instanceof Error ? error.message : String(error)}`));
    app.exit(1);
  });
}

function startStudio(): void {
  // The browser shell's data folder, not Electron's default (core/settings/data-folder.ts); set
  // before `ready`, so nothing is read from or written to the default one.
  app.setPath('userData', studioDataDir());
  registerPrivilegedSchemes(); // privileges can only be granted before `ready`, in one call
  // Every webContents, the window's and any later one, is guarded from its creation on.
  installWebContentsGuard(rendererUrl);
  // A bug in one job's path is logged, not a dialog and a dead app (docs/robust-host.md).
  // Escaped: a message may carry a file name or a gateway's words (docs/house-rules.md, "What reaches a terminal, a dialog or a file name").
  installCrashGuards({ log: (line) => console.error(shownText(line)) });

  if (!app.requestSingleInstanceLock()) {
    app.quit();
  } else {
    app.on('second-instance', () => {
      if (!window || window.isDestroyed()) return;
      if (window.isMinimized()) window.restore();
      window.focus();
    });
    app.on('window-all-closed', () => {
      // macOS apps stay in the dock until Cmd+Q.
      if (process.platform !== 'darwin') app.quit();
    });
    app.on('activate', () => {
      if (booted && BrowserWindow.getAllWindows().length === 0) void openWindow();
    });
    app.on('before-quit', (event) => {
      if (shutDown || !booted) return;
      // Let the core finish writes and stop the sandbox gateway before the process exits.
      event.preventDefault();
      shutDown = true;
      booted.close().catch(() => undefined).finally(() => app.quit());
    });
    app.whenReady().then(start).catch((error: unknown) => {
      dialog.showErrorBox('Gateway Studio could not start', shownText(error instanceof Error ? error.message : String(error)));
      app.exit(1);
    });
  }
}

async function start(): Promise<void> {
  const dataDir = app.getPath('userData');
  booted = await bootShell({
    ports: {
      shell: 'desktop',
      version: app.getVersion(),
      platform: process.platform,
      dataDir,
      settings: createSettingsStore({ cwd: dataDir }),
      secrets: createSecretsStore({ file: join(dataDir, SECRETS_FILE) }),
      startSandbox: () => startStickySandbox({ dataDir: join(dataDir, 'sandbox') }),
      mediaBase: 'studio-media://library/',
      revealInFolder: (path) => shell.showItemInFolder(path),
      // Save as…, exports and dragging out are the main process's: the page names an item, never a path (docs/library-files.md).
      chooseSavePath: dialogSavePath(() => window),
      startDrag: dragOut(() => window),
      // A move of the library, or a local command's start, is confirmed in a native dialog, never by the page (docs/architecture.md).
      confirmOutside: dialogConfirmation(() => window),
      // "Restart now" after a restore: relaunched through the before-quit above, so the studio closes cleanly first.
      restart: relaunchApp(),
    },
    // The work left from the last run resumes once the window has its page (docs/robust-host.md).
    serve: async (core) => ({ close: await serve(core), ready: openWindow() }),
  });
}

/** Carries the core to the window: notifications, the media and app schemes, and IPC. */
async function serve(core: Core): Promise<() => void> {
  const current = await core.call('settings.get', {});
  const stopNotices = notifyOnJobEnd(core, current.ok ? current.value.language : 'system');
  // Only media the library knows, from whichever folder is current (docs/architecture.md).
  handleMediaProtocol((raw) => core.mediaFile(raw));
  handleAppProtocol(here('../renderer'));
  const disposeIpc = registerIpc({ core, getWindow: () => window, isAppUrl });
  return () => {
    disposeIpc();
    stopNotices();
  };
}

function openWindow(): Promise<void> {
  const win = createMainWindow({ preload: here('../preload/index.cjs') });
  window = win;
  win.on('closed', () => {
    if (window === win) window = undefined;
  });
  return win.loadURL(rendererUrl);
}
