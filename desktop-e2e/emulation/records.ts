/**
 * What the emulated Electron saw and did, for the test that drives it (docs/desktop-harness.md):
 * one JSON object per line on the file descriptor the harness gives (STUDIO_EMULATION_FD), so the
 * app's own console output stays apart. Run by hand, the records go to stderr.
 */
import { writeSync } from 'node:fs';

export type EmulationRecord =
  | { type: 'chromium'; endpoint: string }
  | { type: 'ready' }
  | { type: 'window'; id: number; action: 'created' | 'load' | 'shown' | 'focused' | 'restored' | 'closed'; url?: string }
  | { type: 'preload-error'; message: string }
  | { type: 'ipc-error'; channel: string; message: string }
  | { type: 'missing-api'; name: string }
  | { type: 'refused'; what: 'navigation' | 'redirect' | 'window-open' | 'webview' | 'permission' | 'request'; url?: string; detail?: string }
  | { type: 'single-instance'; action: 'locked' | 'refused' | 'second-instance' }
  | { type: 'relaunch'; args: string[] }
  | { type: 'shell'; action: 'openExternal' | 'showItemInFolder' | 'openPath'; target: string }
  | { type: 'dialog'; kind: 'error' | 'message' | 'save'; title?: string; message?: string; response?: unknown }
  | { type: 'notification'; title: string; body?: string }
  | { type: 'drag'; file: string }
  | { type: 'ipc'; to: 'renderer'; text: string }
  | { type: 'quit'; code: number };

const fd = process.env.STUDIO_EMULATION_FD ? Number(process.env.STUDIO_EMULATION_FD) : 2;

export function record(entry: EmulationRecord): void {
  try {
    writeSync(fd, `${JSON.stringify(entry)}\n`);
  } catch {
    // The harness went away: nothing left to tell.
  }
}

/** An Electron API the app used and the emulation does not have: recorded, then thrown. */
export function missingApi(name: string): never {
  record({ type: 'missing-api', name });
  throw new Error(`The desktop emulation lacks ${name} (desktop-e2e/emulation): add it, or the app uses an API that Electron does not have.`);
}

/** Wraps an emulated API object so a member it lacks is reported instead of read as undefined. */
export function guarded<T extends object>(name: string, target: T): T {
  return new Proxy(target, {
    get(t, key, receiver) {
      if (typeof key === 'symbol' || key in t || key === 'then' || key === 'toJSON' || key === '__esModule') return Reflect.get(t, key, receiver);
      return missingApi(`${name}.${key}`);
    },
  });
}
