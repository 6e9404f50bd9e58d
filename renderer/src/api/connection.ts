/**
 * Whether the page is in contact with its host (docs/robust-host.md, "A page that outlives its
 * host"), free of React like the rest of the transport. The browser shell's event stream is the
 * witness (event-stream.ts: it notices a dropped, refused or silent stream at once and tries
 * again by itself); on the desktop, an IPC call the host side cannot answer is. What it holds:
 * - `online`: the host answers;
 * - `lost`: it stopped answering; the page keeps everything typed and keeps trying;
 * - `signedOut`: it answers but refuses this tab (a host started again knows no session of its
 *   previous run); `restarted` when that followed a loss, so the page can say what happened.
 * Back online after a loss (or on a host that names another run), `onReconnect` listeners run:
 * the app reads again what the host owns, since events sent meanwhile never arrived.
 */
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { StreamStatus } from './event-stream.js';

export interface Connection {
  state: 'online' | 'lost' | 'signedOut';
  restarted: boolean;
}

const store = createStore<Connection>(() => ({ state: 'online', restarted: false }));
const reconnected = new Set<() => void>();
let bootId: string | undefined;
let retry: () => void = () => undefined;

function back() {
  store.setState({ state: 'online', restarted: false });
  for (const listener of [...reconnected]) {
    try {
      listener();
    } catch (err) {
      console.error(err);
    }
  }
}

/** The host answered. */
export function connectionOpened(run?: string): void {
  const { state } = store.getState();
  const otherRun = run !== undefined && bootId !== undefined && run !== bootId;
  if (run !== undefined) bootId = run;
  if (state === 'signedOut') return; // only a new sign-in (a new page) mends that
  if (state === 'lost' || otherRun) back();
}

/** The host stopped answering. */
export function connectionLost(): void {
  if (store.getState().state === 'online') store.setState({ state: 'lost' });
}

/** The host refused this tab's session. */
export function signedOut(): void {
  const { state } = store.getState();
  if (state !== 'signedOut') store.setState({ state: 'signedOut', restarted: state === 'lost' });
}

/** What the browser shell's event stream says, as the connection's state. */
export function streamStatus(status: StreamStatus): void {
  if (status.state === 'open') connectionOpened(status.bootId);
  else if (status.state === 'lost') connectionLost();
  else if (status.status === 403) signedOut();
  // Another refusal (not an event stream at all: something else answers on this port) is a loss
  // the stream no longer tries to mend: "Try now" opens it again.
  else connectionLost();
}

/** What "Try now" does; the shell's transport sets it. */
export function setRetry(run: () => void): void {
  retry = run;
}

export function retryConnection(): void {
  retry();
}

/** Runs `listener` each time the page is back in contact after a loss; returns the unsubscribe. */
export function onReconnect(listener: () => void): () => void {
  reconnected.add(listener);
  return () => reconnected.delete(listener);
}

export const connectionState = (): Connection => store.getState();

export const subscribeConnection = (listener: (c: Connection) => void) => store.subscribe(listener);

export function useConnection<T>(select: (c: Connection) => T): T {
  return useStore(store, select);
}

/** Tests only: the state a fresh page starts in. */
export function resetConnection(): void {
  store.setState({ state: 'online', restarted: false });
  bootId = undefined;
  reconnected.clear();
  retry = () => undefined;
}
