/**
 * The open conversations, as react-query caches them (`chat.get`), kept in step with what this
 * renderer starts and what the host streams back. Each change swaps only the messages it
 * touches, so memoized rows of the others do not re-render.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessageView, ConversationView, EndedMessage, StreamStarted, ToolAnswer, ToolCall } from '@shared/contract/chat.js';
import type { Output } from '@shared/contract/index.js';
import type { ErrorData } from '@shared/contract/error-data.js';
import { callKey } from '../../../api/call-key.js';
import { completeEnded } from './ended-text.js';
import { streamStore } from './stream-store.js';

export const conversationKey = (id: string) => callKey('chat.get', { id });

/** `again`: the same turn goes on (continue); `version`: a new version of the turn replaces it and the branch below it (regenerate). */
export type StartKind = { kind: 'send'; replaces?: string } | { kind: 'again' | 'version'; messageId: string };

/** Per conversation: how many changes this page has made to its cached copy (readHostCopy). */
const changes = new Map<string, number>();

function update(client: QueryClient, id: string, change: (c: ConversationView) => ConversationView) {
  changes.set(id, (changes.get(id) ?? 0) + 1);
  client.setQueryData<ConversationView>(conversationKey(id), (c) => (c ? change(c) : c));
}

/** Reads of the host's copy asked for again at most this many times in a row. */
const READS = 3;

/**
 * The host's copy of a conversation, for its query. Events travel apart from call answers: a
 * copy read while a reply streamed can come back after that reply's end was put in the cache,
 * and would then stand as the newest, the reply "Writing…" for good. So a copy read while this
 * page changed the conversation is read again, up to READS times.
 */
export async function readHostCopy(read: () => Promise<ConversationView>, id: string): Promise<ConversationView> {
  for (let tries = 1; ; tries++) {
    const before = changes.get(id) ?? 0;
    const copy = await read();
    if ((changes.get(id) ?? 0) === before || tries >= READS) return copy;
  }
}

/** A reply began: put the new turns in place, or the final message if the stream already ended. */
export function applyStart(client: QueryClient, started: StreamStarted, how: StartKind) {
  const ended = streamStore.takeEnded(started.streamId);
  const reply = ended ?? started.reply;
  update(client, started.conversationId, (c) => {
    let messages: ChatMessageView[];
    if (how.kind === 'send') {
      const cut = how.replaces ? c.messages.findIndex((m) => m.id === how.replaces) : -1;
      // A reply already in place (told twice: a start event as well as a call's answer) moves, not doubles.
      const kept = (cut >= 0 ? c.messages.slice(0, cut) : c.messages).filter((m) => m.id !== reply.id && m.id !== started.user?.id);
      // A send's answer and the host's events travel apart: replies the host started after this
      // one (an always-allowed call answered it) may be at the end already, and stay after it.
      let tail = kept.length;
      while (tail > 0 && kept[tail - 1].role === 'assistant' && kept[tail - 1].createdAt > reply.createdAt) tail--;
      messages = [...kept.slice(0, tail), ...(started.user ? [started.user] : []), reply, ...kept.slice(tail)];
      // A new message goes on with the reply shown of a turn side by side (docs/chat-versions.md).
      if (started.user && !how.replaces) messages = goneOn(messages, messages.indexOf(started.user) - 1);
    } else {
      const at = c.messages.findIndex((m) => m.id === how.messageId);
      if (at < 0) messages = [...c.messages, reply];
      else messages = how.kind === 'again' ? c.messages.with(at, reply) : [...c.messages.slice(0, at), reply];
    }
    return { ...c, messages, messageCount: messages.length };
  });
  // After the cache, as in applyEnd: the turns and the running stream then show in one render.
  if (!ended) streamStore.begin(started.streamId, started.conversationId, started.reply.id);
  // Ended before its start was placed: the events about it meanwhile (a call's answer, a reply
  // the host then started) found nothing to change here, so the host's copy is read again.
  else void client.invalidateQueries({ queryKey: conversationKey(started.conversationId) });
}

/** The turn at `at`, if shown side by side, as the host keeps it once the conversation went on: its pager, no columns. */
function goneOn(messages: ChatMessageView[], at: number): ChatMessageView[] {
  const m = messages[at];
  if (!m?.versions?.together) return messages;
  const { alongside: _alongside, ...rest } = m;
  return messages.with(at, { ...rest, versions: { shown: m.versions.shown, count: m.versions.count } });
}

/** One message sent to several models (`chat.sendMany`): the user turn and the replies side by side, all streaming. */
export function applyCompareStart(client: QueryClient, out: Output<'chat.sendMany'>) {
  update(client, out.conversationId, (c) => {
    const kept = c.messages.filter((m) => m.id !== out.user.id && m.id !== out.reply.id);
    const messages = [...goneOn(kept, kept.length - 1), out.user, out.reply];
    return { ...c, messages, messageCount: messages.length };
  });
  for (const s of out.streams) {
    const ended = streamStore.takeEnded(s.streamId);
    if (ended) applyEnd(client, s.streamId, out.conversationId, ended);
    else streamStore.begin(s.streamId, out.conversationId, s.messageId);
  }
}

/** `message` in place of the message with its id: a turn of the branch shown, or a reply beside one. */
function withMessage(c: ConversationView, message: ChatMessageView): ConversationView {
  const at = c.messages.findIndex((m) => m.id === message.id);
  // A turn's end does not carry the replies beside it, which end on their own.
  const beside = c.messages[at]?.alongside;
  if (at >= 0) return { ...c, messages: c.messages.with(at, beside && !message.alongside ? { ...message, alongside: beside } : message) };
  const slot = c.messages.findIndex((m) => m.alongside?.some((a) => a.id === message.id));
  if (slot < 0) return c;
  const head = c.messages[slot];
  return { ...c, messages: c.messages.with(slot, { ...head, alongside: head.alongside!.map((a) => (a.id === message.id ? message : a)) }) };
}

/** A stream's one terminal event: its message in the final state replaces the live one. */
export function applyEnd(client: QueryClient, streamId: string, conversationId: string, ended: EndedMessage) {
  const { message, whole } = completeEnded(ended, streamStore.streamed(streamId, ended.id));
  // The final message first, then the stream's end: react-query's notice to the component above
  // the pane is then queued before the stream store's to the pane, and React renders both in one
  // go. The other way round the pane rendered twice, first with the stream over and its reply
  // still streaming (bench/stream.ts: page main-thread time per reply 80.8 -> 75.2 ms, 15 paired
  // runs).
  update(client, conversationId, (c) => withMessage(c, message));
  streamStore.end(streamId, conversationId, message);
  if (!whole) void client.invalidateQueries({ queryKey: conversationKey(conversationId) });
}

/**
 * Another version of a turn is shown (`chat.switchVersion`): the host answered the branch from that
 * turn on, or its first messages only (`first`). Those are drawn at once, below the turns above;
 * the rest is read whole when the page is idle, as a first open reads its earlier messages
 * (docs/performance-findings.md, "A switch answers the rows in view first"). The page's copy always
 * starts at the first turn, but may end early (a switch whose rest is still coming): a switch
 * below what it holds is not drawn, the conversation is read whole at once.
 */
export function applySwitch(client: QueryClient, conversationId: string, switched: { from: number; messages: ChatMessageView[]; messageCount: number }) {
  let held = true;
  update(client, conversationId, (c) => {
    held = switched.from <= c.messages.length;
    if (!held) return c;
    const messages = [...c.messages.slice(0, switched.from), ...switched.messages];
    return { ...c, messages, messageCount: switched.messageCount };
  });
  const readWhole = () => void client.invalidateQueries({ queryKey: conversationKey(conversationId) });
  if (!held) readWhole();
  else if (switched.from + switched.messages.length < switched.messageCount) requestIdleCallback(readWhole, { timeout: 1000 });
}

export function applyChoice(client: QueryClient, conversationId: string, messageId: string, choice: number) {
  update(client, conversationId, (c) => ({
    ...c,
    messages: c.messages.map((m) => (m.id === messageId ? { ...m, selected: choice } : m)),
  }));
}

export function applyMeta(client: QueryClient, view: Omit<ConversationView, 'messages'>) {
  update(client, view.id, (c) => ({ ...view, messages: c.messages }));
}

/** Changes one call of the message's selected choice (the calls a card shows). */
function updateCall(client: QueryClient, conversationId: string, messageId: string, callId: string, change: (call: ToolCall) => ToolCall) {
  update(client, conversationId, (c) => ({
    ...c,
    messages: c.messages.map((m) => {
      if (m.id !== messageId || !m.choices) return m;
      const at = m.selected ?? 0;
      const choice = m.choices[at];
      if (!choice?.toolCalls) return m;
      const toolCalls = choice.toolCalls.map((call) => (call.id === callId ? change(call) : call));
      return { ...m, choices: m.choices.with(at, { ...choice, toolCalls }) };
    }),
  }));
}

/**
 * A function call answered (by hand, or by an MCP run): the host has stored the answer and returns
 * only the reply it may have started, so the card is put in its answered state here, at once
 * (`answeredAt` by this clock until the conversation is read again). An earlier run's failure no
 * longer applies.
 */
export function applyToolAnswer(client: QueryClient, conversationId: string, messageId: string, callId: string, answer: ToolAnswer) {
  updateCall(client, conversationId, messageId, callId, ({ runError: _, ...call }) => ({ ...call, answer, answeredAt: Date.now() }));
}

/**
 * An MCP run that gave no answer (timed out, stopped, too large, server not connected): the host
 * keeps the reason as the call's `runError`; kept here too, so the card still says it after it
 * scrolls out of view and back, as it would after a reload.
 */
export function applyRunError(client: QueryClient, conversationId: string, messageId: string, callId: string, runError: ErrorData) {
  updateCall(client, conversationId, messageId, callId, (call) => ({ ...call, runError }));
}
