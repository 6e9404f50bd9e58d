/**
 * A real core and sandbox for chat tests, with the request bodies the core sent (read from the
 * fetch port, so tests can check the exact context) and helpers for streams and sandbox faults.
 */
import type { CorePorts } from '../../ports.js';
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

export async function openChat(overrides: Partial<CorePorts> = {}) {
  const sent: { path: string; body: any }[] = [];
  const logs: string[] = [];
  const recording: typeof fetch = (input, init) => {
    const url = new URL(String(input));
    if (typeof init?.body === 'string') sent.push({ path: `${url.pathname}${url.search}`, body: JSON.parse(init.body) });
    return fetch(input, init);
  };
  const c = await openCore({ fetch: recording, log: (l) => logs.push(l), ...overrides });
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
  const lastBody = (pathPart: string) => [...sent].reverse().find((s) => s.path.includes(pathPart))?.body;
  return { ...c, sent, logs, sandboxUrl, admin, ended, endsOf, streamed, create, send, ask, lastBody };
}
