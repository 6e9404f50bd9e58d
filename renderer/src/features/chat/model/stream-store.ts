/**
 * Live replies, kept outside React (docs/performance.md, "Targets"). `chat.onDidStream` deltas are
 * appended to a per-message buffer as they come; at most once per animation frame the buffers that
 * changed are published as new snapshots, and only the rows showing those messages re-render.
 * Twenty thousand deltas therefore cost a few hundred renders of one row, never a render per delta.
 * A torrent (a screenful of text or more between two frames) is published at most ten times a
 * second: no one reads that fast, and a frame of a long reply re-renders its whole end, work that
 * took the machine from the host streaming the reply (bench/stream.ts: with the page rendering
 * every frame, the host's own stream took up to half as long again).
 */
import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';
import type { ChatMessageView } from '@shared/contract/chat.js';

/** What a streaming row shows on top of the message's stored text: the text received since. */
export interface LiveText {
  streamId: string;
  /** Per choice (alternative). */
  texts: readonly string[];
}

export interface ActiveStream {
  streamId: string;
  messageId: string;
}

type Listener = () => void;

const buffers = new Map<string, { streamId: string; conversationId: string; texts: string[] }>();
const published = new Map<string, LiveText>();
const rowListeners = new Map<string, Set<Listener>>();
const dirty = new Set<string>();
/**
 * Per conversation: the streams running in it (the composer's Stop, the send lock), in the order
 * they started; several when one message went to several models at once.
 */
const active = new Map<string, ActiveStream[]>();
const activeListeners = new Set<Listener>();
const frameListeners = new Set<Listener>();
/** Streams whose end arrived before the call that started them returned (a short, unstreamed reply). */
const endedEarly = new Map<string, ChatMessageView>();
let frame = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Characters between two publishes from which a stream counts as a torrent. */
export const TORRENT_CHARS = 2_000;
/** A torrent's publishes are at least this far apart. */
export const TORRENT_INTERVAL_MS = 100;
let lastPublish = -Infinity;
/** Characters appended since the last publish. */
let sincePublish = 0;

const notify = (set: Set<Listener> | undefined) => set?.forEach((l) => l());

function flush() {
  frame = 0;
  lastPublish = Date.now();
  sincePublish = 0;
  for (const id of dirty) {
    const b = buffers.get(id);
    if (b) published.set(id, { streamId: b.streamId, texts: [...b.texts] });
    notify(rowListeners.get(id));
  }
  dirty.clear();
  notify(frameListeners);
}

function schedule() {
  if (frame || timer) return;
  const wait = sincePublish >= TORRENT_CHARS ? lastPublish + TORRENT_INTERVAL_MS - Date.now() : 0;
  // requestAnimationFrame does not run in a hidden window: nothing is painted, deltas just gather.
  if (wait <= 0) frame = requestAnimationFrame(flush);
  else
    timer = setTimeout(() => {
      timer = undefined;
      frame = requestAnimationFrame(flush);
    }, wait);
}

function addActive(conversationId: string, value: ActiveStream) {
  const list = (active.get(conversationId) ?? []).filter((a) => a.messageId !== value.messageId);
  active.set(conversationId, [...list, value]);
  notify(activeListeners);
}

function dropActive(conversationId: string, streamId: string) {
  const list = active.get(conversationId);
  if (!list?.some((a) => a.streamId === streamId)) return;
  const rest = list.filter((a) => a.streamId !== streamId);
  if (rest.length) active.set(conversationId, rest);
  else active.delete(conversationId);
  notify(activeListeners);
}

export const streamStore = {
  /** A stream this renderer started (or first heard of); deltas may already have arrived. */
  begin(streamId: string, conversationId: string, messageId: string) {
    if (!buffers.has(messageId) || buffers.get(messageId)!.streamId !== streamId) buffers.set(messageId, { streamId, conversationId, texts: [] });
    addActive(conversationId, { streamId, messageId });
  },

  append(e: { streamId: string; conversationId: string; messageId: string; deltas: readonly { choice: number; text: string }[] }) {
    let b = buffers.get(e.messageId);
    if (!b || b.streamId !== e.streamId) {
      b = { streamId: e.streamId, conversationId: e.conversationId, texts: [] };
      buffers.set(e.messageId, b);
      addActive(e.conversationId, { streamId: e.streamId, messageId: e.messageId });
    }
    for (const d of e.deltas) {
      b.texts[d.choice] = (b.texts[d.choice] ?? '') + d.text;
      sincePublish += d.text.length;
    }
    dirty.add(e.messageId);
    schedule();
  },

  /**
   * The terminal event: the stored message replaces the live text. Rows are not told: the final
   * message reaches them through the conversation's cache (applyEnd puts it there first), and
   * until then they keep showing the last frame. Told now, a row would render its reply empty
   * in between, unmounting every block only to mount them all again: one long frame at the end
   * of a long reply.
   */
  end(streamId: string, conversationId: string, message: ChatMessageView) {
    const b = buffers.get(message.id);
    if (b?.streamId === streamId) {
      buffers.delete(message.id);
      published.delete(message.id);
      dirty.delete(message.id);
    }
    dropActive(conversationId, streamId);
    // Kept for the call that started it, should that return later; only the newest few matter.
    endedEarly.set(streamId, message);
    if (endedEarly.size > 20) endedEarly.delete(endedEarly.keys().next().value!);
  },

  /** The final message of a stream that ended before its start call returned, if it did. */
  takeEnded(streamId: string): ChatMessageView | undefined {
    const m = endedEarly.get(streamId);
    endedEarly.delete(streamId);
    return m;
  },

  /** What this stream's deltas carried into the message, per choice, as far as this page heard them. */
  streamed: (streamId: string, messageId: string): readonly string[] | undefined => {
    const b = buffers.get(messageId);
    return b?.streamId === streamId ? b.texts : undefined;
  },
  /** The first stream still running in the conversation (a stable object while it runs). */
  activeIn: (conversationId: string): ActiveStream | undefined => active.get(conversationId)?.[0],
  /** Every stream running in the conversation (Stop ends them all). */
  allIn: (conversationId: string): readonly ActiveStream[] => active.get(conversationId) ?? [],
  /** The stream writing into this message now, if any. */
  streamOf: (messageId: string) => buffers.get(messageId)?.streamId,
  live: (messageId: string) => published.get(messageId),

  subscribeRow(messageId: string, listener: Listener) {
    let set = rowListeners.get(messageId);
    if (!set) rowListeners.set(messageId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (!set.size) rowListeners.delete(messageId);
    };
  },
  subscribeActive(listener: Listener) {
    activeListeners.add(listener);
    return () => activeListeners.delete(listener);
  },
  /** After each published frame (the list keeps to the bottom with it). */
  subscribeFrame(listener: Listener) {
    frameListeners.add(listener);
    return () => frameListeners.delete(listener);
  },
};

/**
 * The live text of one message while it streams; undefined otherwise. Each frame's text arrives
 * as a transition, not an urgent update: the Markdown beneath renders it with a deferred value,
 * and an urgent update every frame would interrupt that render every frame, so on a slow machine
 * the reply would freeze until React's starvation limit. Transitions do not interrupt each other.
 */
export function useLiveText(messageId: string): LiveText | undefined {
  const [state, setState] = useState(() => ({ messageId, live: streamStore.live(messageId) }));
  useEffect(() => {
    const update = () => startTransition(() => setState({ messageId, live: streamStore.live(messageId) }));
    const off = streamStore.subscribeRow(messageId, update);
    // A frame published between the first render and this subscription.
    if (streamStore.live(messageId) !== state.live) update();
    return off;
    // Subscribes once per message; `state` is only compared at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [messageId]);
  const live = state.messageId === messageId ? state.live : streamStore.live(messageId);
  // The last frame of a stream that ended (kept, see `end`) is not part of a newer one (Continue).
  const current = streamStore.streamOf(messageId);
  return live && current !== undefined && current !== live.streamId ? undefined : live;
}

export function useActiveStream(conversationId: string): ActiveStream | undefined {
  return useSyncExternalStore(streamStore.subscribeActive, () => streamStore.activeIn(conversationId));
}
