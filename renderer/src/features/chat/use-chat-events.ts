/**
 * The Chat tab's subscriptions, mounted once for the tab's lifetime: stream deltas go to the
 * stream store (never into React state), each stream's end replaces its message in the cache,
 * and list changes are put into the sidebar's list as they come (conversation-list-cache.ts).
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useEvent } from '../../api/client.js';
import { applyEnd, conversationKey } from './conversation-cache.js';
import { applyListChange, LIST_KEY, refreshSearches } from './conversation-list-cache.js';
import { streamStore } from './stream-store.js';

/** A search asks again once per burst of changes (a stream's start and end, a rename). */
const COALESCE_MS = 150;

export function useChatEvents(onRemoved: (id: string) => void) {
  const client = useQueryClient();
  const timer = useRef<number | undefined>(undefined);

  useEvent('chat.onDidStream', (e) => streamStore.append(e));
  useEvent('chat.onDidEnd', (e) => applyEnd(client, e.streamId, e.conversationId, e.message));
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
