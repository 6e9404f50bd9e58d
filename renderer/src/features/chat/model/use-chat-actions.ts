/**
 * The calls a conversation makes besides sending: regenerate, continue, pick an alternative or a version,
 * resend an edited turn, answer a function call or run it (an MCP tool), stop. Each puts its result in the cache at once;
 * a refusal becomes a notice at the conversation (errors as data; a function call's refusal shows
 * on its card instead), and a 402 also raises the top-up banner.
 */
import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ErrorData } from '@shared/contract/error-data.js';
import { call } from '../../../api/client.js';
import type { ChatActions } from './chat-actions.js';
import { applyChoice, applyRunError, applyStart, applySwitch, applyToolAnswer } from './conversation-cache.js';
import { streamStore } from './stream-store.js';
import { toolRunStore } from './tool-run-store.js';
import { versionFocus } from './version-focus.js';
import { OPENING_MESSAGES } from './opening.js';

export function useChatActions(conversationId: string, beforeStart: () => Promise<void>) {
  const client = useQueryClient();
  const [notice, setNotice] = useState<ErrorData | null>(null);

  const actions = useMemo<ChatActions>(() => {
    const attempt = async (run: () => Promise<void>) => {
      setNotice(null);
      try {
        await run();
        return true;
      } catch (e) {
        setNotice(e as ErrorData);
        return false;
      }
    };
    return {
      regenerate: (messageId) =>
        void attempt(async () => {
          await beforeStart();
          applyStart(client, await call('chat.regenerate', { conversationId, messageId }), { kind: 'version', messageId });
        }),
      continueReply: (messageId) =>
        void attempt(async () => {
          await beforeStart();
          applyStart(client, await call('chat.continue', { conversationId, messageId }), { kind: 'again', messageId });
        }),
      switchVersion: (messageId, to, side) =>
        void attempt(async () => {
          // The rows a window can show first: a branch of thousands is megabytes to send and parse.
          const switched = await call('chat.switchVersion', { conversationId, messageId, to, first: OPENING_MESSAGES });
          // The turn shown is another message now: its pager takes the focus back (version-focus.ts).
          if (side && switched.messages[0]) versionFocus.want(switched.messages[0].id, side);
          applySwitch(client, conversationId, switched);
        }),
      reveal: (messageId) =>
        void attempt(async () => {
          const shown = await call('chat.revealMessage', { conversationId, messageId });
          if (shown.messages.length) applySwitch(client, conversationId, shown);
        }),
      chooseVersion: (messageId, to) =>
        void attempt(async () => {
          const chosen = await call('chat.chooseVersion', { conversationId, messageId, to });
          // The columns give way to the chosen reply: its pager takes the focus (version-focus.ts).
          if (chosen.messages[0]) versionFocus.want(chosen.messages[0].id, to === 0 ? 'next' : 'previous');
          applySwitch(client, conversationId, chosen);
        }),
      selectChoice: (messageId, choice) =>
        void attempt(async () => {
          await call('chat.selectChoice', { conversationId, messageId, choice });
          applyChoice(client, conversationId, messageId, choice);
        }),
      resend: (message, text) =>
        attempt(async () => {
          await beforeStart();
          // The turn's images go again: stored ones by their file, links as links.
          const images = (message.images ?? []).map((i) => (i.kind === 'file' ? { file: i.file } : { url: i.url }));
          const documents = (message.documents ?? []).map((d) => ({ file: d.file }));
          const input = { conversationId, text, replaces: message.id, ...(images.length ? { images, imagesFirst: message.imagesFirst } : {}), ...(documents.length ? { documents } : {}) };
          applyStart(client, await call('chat.send', input), { kind: 'send', replaces: message.id });
        }),
      // Not through `attempt`: a refusal belongs to the call's card, beside the typed result.
      answerToolCall: async (messageId, callId, answer) => {
        try {
          // The answer may start the next reply: pending settings go first, as for a send.
          await beforeStart();
          const { started } = await call('chat.answerToolCall', { conversationId, messageId, callId, answer });
          applyToolAnswer(client, conversationId, messageId, callId, answer);
          // The next reply is a new turn after this one, started like a send's (no user turn).
          if (started) applyStart(client, started, { kind: 'send' });
          return null;
        } catch (e) {
          return e as ErrorData;
        }
      },
      // Like answerToolCall: the failure belongs to the card, where Run again and the field are.
      runToolCall: async (messageId, callId, always) => {
        // Running from the press on: the buttons and Stop do not wait for the host's first event.
        toolRunStore.start(conversationId, messageId, callId);
        try {
          await beforeStart();
          const { answer, started } = await call('chat.runToolCall', { conversationId, messageId, callId, always });
          applyToolAnswer(client, conversationId, messageId, callId, answer);
          if (started) applyStart(client, started, { kind: 'send' });
          return null;
        } catch (e) {
          applyRunError(client, conversationId, messageId, callId, e as ErrorData);
          return e as ErrorData;
        } finally {
          toolRunStore.end(callId);
        }
      },
      // Read when asked for, never kept in the conversation's cache: it stays small.
      wholeText: async (messageId, callId, part) => {
        const ref = { conversationId, messageId, callId };
        try {
          return part === 'arguments' ? { text: (await call('chat.toolCallArguments', ref)).arguments } : await call('chat.toolCallResult', ref);
        } catch (e) {
          return { error: e as ErrorData };
        }
      },
    };
  }, [client, conversationId, beforeStart]);

  /** Stop (or Esc): the reply being written, and the MCP calls running in the conversation. */
  const stop = () => {
    for (const running of streamStore.allIn(conversationId)) void call('chat.stop', { streamId: running.streamId }).catch((e: ErrorData) => setNotice(e));
    if (toolRunStore.runningIn(conversationId)) void call('chat.stopTools', { conversationId }).catch((e: ErrorData) => setNotice(e));
  };

  return { actions, stop, notice, clearNotice: () => setNotice(null) };
}
