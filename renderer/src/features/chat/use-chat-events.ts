/**
 * The Chat tab's subscriptions, mounted once for the tab's lifetime: stream deltas go to the
 * stream store (never into React state), each stream's end replaces its message in the cache,
 * and list changes are folded into one refetch of the sidebar per burst.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useEvent } from '../../api/client.js';
import { applyEnd, conversationKey } from './conversation-cache.js';
import { streamStore } from './stream-store.js';

const COALESCE_MS = 150;
export const LIST_KEY = ['chat.list'] as const;

export function useChatEvents(onRemoved: (id: string) => void) {
  const client = useQueryClient();
  const timer = useRef<number | undefined>(undefined);

  useEvent('chat.onDidStream', (e) => streamStore.append(e));
  useEvent('chat.onDidEnd', (e) => applyEnd(client, e.streamId, e.conversationId, e.message));
  useEvent('chat.onDidChange', ({ id, reason }) => {
    if (reason === 'removed') {
      client.removeQueries({ queryKey: conversationKey(id) });
      onRemoved(id);
    }
    if (timer.current !== undefined) return;
    timer.current = window.setTimeout(() => {
      timer.current = undefined;
      void client.invalidateQueries({ queryKey: LIST_KEY });
    }, COALESCE_MS);
  });

  useEffect(() => () => window.clearTimeout(timer.current), []);
}
