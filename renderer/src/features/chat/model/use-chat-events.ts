/**
 * The Chat tab's subscriptions, mounted once for the tab's lifetime: stream deltas go to the
 * stream store (never into React state), each stream's end replaces its message in the cache,
 * and list changes are put into the sidebar's list as they come (conversation-list-cache.ts). A
 * reply the host started by itself (always-allowed MCP calls answered the turn, docs/mcp.md) is
 * put in place like a send's, and MCP runs go to the tool-run store.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useEvent } from '../../../api/client.js';
import { applyEnd, applyRunError, applyStart, applyToolAnswer, conversationKey } from './conversation-cache.js';
import { applyListChange, LIST_KEY, refreshSearches } from './conversation-list-cache.js';
import { streamStore } from './stream-store.js';
import { toolRunStore } from './tool-run-store.js';

/** A search asks again once per burst of changes (a stream's start and end, a rename). */
const COALESCE_MS = 150;

export function useChatEvents(onRemoved: (id: string) => void) {
  const client = useQueryClient();
  const timer = useRef<number | undefined>(undefined);

  useEvent('chat.onDidStream', (e) => streamStore.append(e));
  useEvent('chat.onDidEnd', (e) => applyEnd(client, e.streamId, e.conversationId, e.message));
  // A new turn after the last one, with no user turn: as the reply an answered call starts.
  useEvent('chat.onDidStart', (started) => applyStart(client, started, { kind: 'send' }));
  useEvent('chat.onToolRun', (e) => {
    // The answer (or why none) rides on the run's end, so a run the host started shows it too.
    if (e.answer) applyToolAnswer(client, e.conversationId, e.messageId, e.callId, e.answer);
    if (e.runError) applyRunError(client, e.conversationId, e.messageId, e.callId, e.runError);
    toolRunStore.apply(e);
  });
  useEvent('chat.onDidChange', ({ id, reason, summary }) => {
    if (reason === 'removed') {
      client.removeQueries({ queryKey: conversationKey(id) });
      onRemoved(id);
    }
    if (summary || reason === 'removed') applyListChange(client, id, summary);
    else void client.invalidateQueries({ queryKey: LIST_KEY });
    if (timer.current !== undefined) return;
    timer.current = window.setTimeout(() => {
      timer.current = undefined;
      void refreshSearches(client);
    }, COALESCE_MS);
  });

  useEffect(() => () => window.clearTimeout(timer.current), []);
}
