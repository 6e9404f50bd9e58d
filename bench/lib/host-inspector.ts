/**
 * The studio process's own heap, through Node's inspector: a scenario starts the shell with
 * `INSPECT_FLAG` (a port of the system's choosing, on the loopback only), and `connectHost` reads
 * the address Node prints and opens a DevTools session on it. A reading forces a full collection
 * twice first, as the page's readings do (day-memory.ts), so what it says is memory still held,
 * not garbage that happened not to be collected yet when the reading was taken.
 */
import { WebSocket } from 'undici';
import type { Child } from './child.js';

export const INSPECT_FLAG = '--inspect=127.0.0.1:0';

export interface HostInspector {
  /** Two full collections in the studio process. */
  collectGarbage(): Promise<void>;
  /** V8's heap in use (bytes), after `collectGarbage` when taken as a reading. */
  heapUsed(): Promise<number>;
  close(): void;
}

/** Node prints `Debugger listening on ws://…` on stderr as it starts; the child keeps its output. */
async function inspectorUrl(child: Child, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const url = /Debugger listening on (ws:\/\/\S+)/.exec(child.output.join('\n'))?.[1];
    if (url) return url;
    if (Date.now() > deadline) throw new Error(`the studio printed no inspector address (started without ${INSPECT_FLAG}?)`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function connectHost(child: Child, timeoutMs = 10_000): Promise<HostInspector> {
  const socket = new WebSocket(await inspectorUrl(child, timeoutMs));
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error('could not open the studio\'s inspector')), { once: true });
  });
  let next = 1;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  socket.addEventListener('message', (event) => {
    const msg = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
    const w = msg.id === undefined ? undefined : waiting.get(msg.id);
    if (!w) return;
    waiting.delete(msg.id!);
    if (msg.error) w.reject(new Error(msg.error.message));
    else w.resolve(msg.result);
  });
  // A studio that exits (killed, crashed) mid-reading fails the reading instead of leaving it
  // waiting for ever, and every later one with it.
  let gone: Error | undefined;
  socket.addEventListener('close', () => {
    gone = new Error('the studio\'s inspector closed (did the studio exit?)');
    for (const w of waiting.values()) w.reject(gone);
    waiting.clear();
  });
  const send = <T>(method: string): Promise<T> => {
    if (gone) return Promise.reject(gone);
    const id = next++;
    socket.send(JSON.stringify({ id, method }));
    return new Promise<T>((resolve, reject) => waiting.set(id, { resolve: resolve as (v: unknown) => void, reject }));
  };
  return {
    async collectGarbage() {
      await send('HeapProfiler.collectGarbage');
      await send('HeapProfiler.collectGarbage');
    },
    heapUsed: async () => (await send<{ usedSize: number }>('Runtime.getHeapUsage')).usedSize,
    close: () => socket.close(),
  };
}
