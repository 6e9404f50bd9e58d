/**
 * The IPC server of the contract: one `ipcMain.handle` per method, on channels derived from the
 * contract. Every call is checked to come from the app's own top-level frame in our window, so a
 * foreign page or an iframe that somehow got loaded cannot drive the host (Electron checklist #17).
 */
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import {
  IPC_EVENT_CHANNEL,
  METHOD_NAMES,
  errorData,
  fail,
  ipcChannel,
  type Result,
  type StudioHost,
} from '@shared/contract/index.js';
import { msg } from '@shared/messages/index.js';

export interface IpcServerOptions {
  core: StudioHost;
  /** The studio window, when one is open (macOS keeps the app alive without one). */
  getWindow(): BrowserWindow | undefined;
  /** The app's own URL (file:// index.html or the dev server origin); see `appUrlMatcher`. */
  isAppUrl(url: string): boolean;
}

const UNAUTHORIZED: Result<never> = fail(errorData('unauthorized', msg('app.calls.notFromWindow'), false));

export function isTrustedSender(event: IpcMainInvokeEvent, options: Pick<IpcServerOptions, 'getWindow' | 'isAppUrl'>): boolean {
  const win = options.getWindow();
  if (!win || win.isDestroyed() || event.sender !== win.webContents) return false;
  const frame = event.senderFrame;
  const main = win.webContents.mainFrame;
  // senderFrame is null once the frame navigated away or was destroyed.
  if (!frame || frame.parent !== null) return false;
  if (frame.processId !== main.processId || frame.routingId !== main.routingId) return false;
  return options.isAppUrl(frame.url);
}

/** Registers every method handler and forwards core events; returns the disposer. */
export function registerIpc(options: IpcServerOptions): () => void {
  const { core, getWindow, isAppUrl } = options;
  for (const method of METHOD_NAMES) {
    ipcMain.handle(ipcChannel(method), async (event, input: unknown): Promise<Result<unknown>> => {
      if (!isTrustedSender(event, options)) return UNAUTHORIZED;
      try {
        return await core.dispatch(method, input);
      } catch {
        // The core reports failures as data; a throw here is a bug, not something to leak.
        return fail(errorData('internal', msg('app.calls.failed'), true));
      }
    });
  }
  const unsubscribe = core.subscribe((event, payload) => {
    const win = getWindow();
    if (!win || win.isDestroyed()) return;
    // Never hand host data to a page that is not the app (navigation is blocked, but be sure).
    if (!isAppUrl(win.webContents.getURL())) return;
    win.webContents.send(IPC_EVENT_CHANNEL, { event, payload });
  });
  return () => {
    unsubscribe();
    for (const method of METHOD_NAMES) ipcMain.removeHandler(ipcChannel(method));
  };
}
