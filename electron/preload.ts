/**
 * Exposes exactly the contract as `window.studio`: one function per method and one subscription
 * per event, each bound to its derived channel. Nothing generic crosses (no ipcRenderer, no
 * send/on by name), so a compromised renderer can only make the calls the contract declares.
 */
import { contextBridge, ipcRenderer } from 'electron';
import {
  EVENT_NAMES,
  IPC_EVENT_CHANNEL,
  METHOD_NAMES,
  ipcChannel,
  isEventName,
  type StudioBridge,
} from '@shared/contract/index.js';

type Listener = (payload: unknown) => void;

const listeners = new Map<string, Set<Listener>>(EVENT_NAMES.map((name) => [name, new Set<Listener>()]));

// One IPC listener for all events, so many subscriptions do not pile up listeners on ipcRenderer.
// Only the payload is passed on: the IpcRendererEvent would leak `sender` (ipcRenderer itself).
ipcRenderer.on(IPC_EVENT_CHANNEL, (_event, message: unknown) => {
  if (typeof message !== 'object' || message === null) return;
  const { event, payload } = message as { event?: unknown; payload?: unknown };
  if (typeof event !== 'string' || !isEventName(event)) return;
  for (const listener of [...(listeners.get(event) ?? [])]) {
    try {
      listener(payload);
    } catch (error) {
      console.error(`studio: a listener of ${event} failed`, error);
    }
  }
});

const bridge: Record<string, unknown> = {};
for (const method of METHOD_NAMES) {
  const channel = ipcChannel(method);
  bridge[method] = (input: unknown) => ipcRenderer.invoke(channel, input);
}
for (const name of EVENT_NAMES) {
  bridge[name] = (listener: unknown) => {
    if (typeof listener !== 'function') throw new TypeError(`studio.${name} needs a listener function`);
    const set = listeners.get(name)!;
    const entry: Listener = (payload) => (listener as Listener)(payload);
    set.add(entry);
    return () => void set.delete(entry);
  };
}

contextBridge.exposeInMainWorld('studio', bridge as StudioBridge);
