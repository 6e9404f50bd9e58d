/**
 * A real core and sandbox for chat tests, with the request bodies the core sent (as a real HTTP
 * hop in front of the sandbox received them, so tests can check the exact context) and helpers
 * for streams and sandbox faults.
 */
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { startSandbox } from '@sandbox/server.js';
import type { CorePorts } from '../../ports.js';
import type { CoreOptions } from '../../options.js';
import { startHop } from '../../test/gateway-hop.js';
import { openCore } from '../../test/open-core.js';
import type { IdleTimer } from '../reply-stream.js';

/**
 * A stall watch that fires only when the test says so: a stream is given up as stalled because
 * the test saw the stall it made, not because a busy machine paused for a few hundred ms.
 */
export function manualIdle() {
  const armed = new Set<() => void>();
  const timer: IdleTimer = (fire) => {
    armed.add(fire);
    return () => armed.delete(fire);
  };
  return {
    timer,
    /** Fires every watch still armed, as if its limit had passed now. */
    fire() {
      const now = [...armed];
      armed.clear();
      for (const f of now) f();
      return now.length;
    },
  };
}

export async function openChat(overrides: Partial<CorePorts> & CoreOptions = {}) {
  const logs: string[] = [];
  // The embedded sandbox, behind a hop that records what reached it.
  const dir = mkdtempSync(join(tmpdir(), 'studio-chat-sandbox-'));
  const sandbox = await startSandbox({ dataDir: dir, speed: 100, streamPaceMs: 0 });
  // Its links lead through the hop too: the embedded sandbox's address is the hop's.
  const hop = await startHop(sandbox.url, { relink: true });
  const front = {
    url: hop.url,
    close: async () => {
      await hop.close();
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  const c = await openCore({ startSandbox: async () => front, log: (l) => logs.push(l), ...overrides });
  /** The JSON bodies the core sent, oldest first, with the path (and query) each went to. */
  const sent = (): { path: string; body: any }[] => hop.seen
    .filter((s) => s.body && !s.path.startsWith('/_sandbox/') && /json/.test(String(s.headers['content-type'])))
    .map((s) => ({ path: s.path, body: JSON.parse(s.body) }));
  const sandboxUrl: string = (await c.value('app.info')).sandboxUrl;

  const admin = async (path: string, body: unknown = {}) => {
    const res = await fetch(`${sandboxUrl}/_sandbox/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`admin ${path}: ${res.status}`);
  };
  const endsOf = (streamId: string) => c.events.filter((e) => e.event === 'chat.onDidEnd' && e.payload.streamId === streamId).map((e) => e.payload);
  /** The terminal event of a stream, once it came. */
  const ended = async (streamId: string) => {
    await c.until(async () => endsOf(streamId).length > 0);
    return endsOf(streamId)[0];
  };
  /** What the renderer would have assembled from the stream's batched deltas. */
  const streamed = (streamId: string) => {
    const texts: string[] = [];
    for (const e of c.events) {
      if (e.event !== 'chat.onDidStream' || e.payload.streamId !== streamId) continue;
      for (const d of e.payload.deltas) texts[d.choice] = (texts[d.choice] ?? '') + d.text;
    }
    return texts;
  };
  const create = (settings: Record<string, unknown> = {}, title?: string) => c.value('chat.create', { settings, ...(title ? { title } : {}) });
  const send = (conversationId: string, text: string, extra: Record<string, unknown> = {}) => c.value('chat.send', { conversationId, text, ...extra });
  /** Sends and waits for the end. */
  const ask = async (conversationId: string, text: string, extra: Record<string, unknown> = {}) => {
    const started = await send(conversationId, text, extra);
    return { started, end: await ended(started.streamId) };
  };
  const lastBody = (pathPart: string) => sent().reverse().find((s) => s.path.includes(pathPart))?.body;
  return { ...c, get sent() { return sent(); }, logs, sandboxUrl, hop, admin, ended, endsOf, streamed, create, send, ask, lastBody };
}
