/**
 * The default session (docs/desktop-harness.md, "What is emulated"): the app's permission and
 * device handlers, and `webRequest.onHeadersReceived`, which the protocol layer applies to every
 * response it serves. With no permission handler set, Electron grants permissions: so does the
 * emulation, so a window left without one is seen.
 */
import type { BrowserContext } from '@playwright/test';
import { guarded, record } from './records.js';

type PermissionHandler = (contents: unknown, permission: string, callback: (granted: boolean) => void, details: Record<string, unknown>) => void;
type CheckHandler = (contents: unknown, permission: string, origin: string, details: Record<string, unknown>) => boolean;
export interface HeadersDetails { url: string; method: string; resourceType: string; statusCode: number; responseHeaders: Record<string, string[]> }
type HeadersListener = (details: HeadersDetails, callback: (response: { cancel?: boolean; responseHeaders?: Record<string, string[] | string> }) => void) => void;

/** Electron's permission names, and what Chromium's grant calls each. */
const PERMISSIONS: Record<string, string[]> = {
  notifications: ['notifications'],
  geolocation: ['geolocation'],
  media: ['camera', 'microphone'],
  midi: ['midi'],
  midiSysex: ['midi-sysex'],
  'clipboard-read': ['clipboard-read'],
  'clipboard-sanitized-write': ['clipboard-write'],
};

class EmulatedSession {
  private requestHandler: PermissionHandler | undefined = undefined;
  private checkHandler: CheckHandler | undefined = undefined;
  private deviceHandler: ((details: unknown) => boolean) | undefined = undefined;
  private headersListener: HeadersListener | undefined = undefined;

  readonly webRequest = guarded('WebRequest', {
    onHeadersReceived: (...args: unknown[]) => {
      this.headersListener = (typeof args[0] === 'function' ? args[0] : args[1]) as HeadersListener | undefined;
    },
  });

  setPermissionRequestHandler(handler: PermissionHandler | null) {
    this.requestHandler = handler ?? undefined;
  }

  setPermissionCheckHandler(handler: CheckHandler | null) {
    this.checkHandler = handler ?? undefined;
  }

  setDevicePermissionHandler(handler: ((details: unknown) => boolean) | null) {
    this.deviceHandler = handler ?? undefined;
  }

  /**
   * Asks the app's handlers about every permission a page can request, once per window, and grants
   * in Chromium only what they allow (Chromium without a grant denies): a page's
   * `Notification.requestPermission()` then gets the answer the app's handler gave.
   */
  async applyPermissions(context: BrowserContext, contents: unknown, origin: string): Promise<void> {
    const granted: string[] = [];
    for (const [permission, chromium] of Object.entries(PERMISSIONS)) {
      const allowed = await new Promise<boolean>((resolve) => {
        if (!this.requestHandler) return resolve(true);
        this.requestHandler(contents, permission, resolve, { requestingUrl: origin, isMainFrame: true });
      });
      const checked = this.checkHandler ? this.checkHandler(contents, permission, origin, { requestingUrl: origin, isMainFrame: true }) : true;
      if (allowed && checked) granted.push(...chromium);
      else record({ type: 'refused', what: 'permission', detail: permission });
    }
    const device = this.deviceHandler ? this.deviceHandler({ deviceType: 'usb', origin }) : true;
    if (!device) record({ type: 'refused', what: 'permission', detail: 'device' });
    if (granted.length) await context.grantPermissions(granted, { origin });
  }

  /** The response's headers as the app's `onHeadersReceived` leaves them. */
  filterHeaders(details: HeadersDetails): Promise<{ cancel: boolean; responseHeaders: Record<string, string[]> }> {
    const listener = this.headersListener;
    if (!listener) return Promise.resolve({ cancel: false, responseHeaders: details.responseHeaders });
    return new Promise((resolve) => listener(details, (answer) => {
      const headers = answer.responseHeaders ?? details.responseHeaders;
      resolve({
        cancel: !!answer.cancel,
        responseHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v : [v]])),
      });
    }));
  }
}

export const session = guarded('Session', new EmulatedSession());
