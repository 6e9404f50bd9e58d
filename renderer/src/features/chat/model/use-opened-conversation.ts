/**
 * The queries of the conversation the Chat tab opens (opening.ts): its newest messages first,
 * unless the page holds it already, then the whole once the page is idle; a conversation held
 * already is reconciled with the host's copy. Apart from opening.ts,
 * which the first screen's early requests read before React is evaluated.
 */
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConversationView } from '@shared/contract/chat.js';
import { call } from '../../../api/client.js';
import { conversationKey, readHostCopy } from './conversation-cache.js';
import { isWhole, openingInput, openingKey } from './opening.js';
import { streamStore } from './stream-store.js';

export function useOpenedConversation(id: string) {
  const client = useQueryClient();
  // Held already (opened before, or asked for): no need to start from its newest messages.
  const [held] = useState(() => client.getQueryState(conversationKey(id)) !== undefined);
  const opening = useQuery({ queryKey: openingKey(id), queryFn: () => call('chat.get', openingInput(id)), enabled: !held, gcTime: 0 });
  const whole = opening.data !== undefined && isWhole(opening.data);
  // The rest once the newest messages are drawn and the page is idle: its answer (megabytes to
  // parse) landing before their paint cost the open as much as it saved.
  const [restAsked, askRest] = useState(false);
  const partAt = opening.data && !whole ? opening.dataUpdatedAt : 0;
  useEffect(() => {
    if (!partAt) return;
    const idle = requestIdleCallback(() => askRest(true), { timeout: 1000 });
    return () => cancelIdleCallback(idle);
  }, [partAt]);
  const query = useQuery({
    queryKey: conversationKey(id),
    queryFn: () => {
      // A short conversation's newest messages are all of it: not asked for twice. Once held,
      // the whole is always the host's (a refetch reconciles).
      const first = client.getQueryState(conversationKey(id))?.dataUpdatedAt ? undefined : client.getQueryData<ConversationView>(openingKey(id));
      return first && isWhole(first) ? first : readHostCopy(() => call('chat.get', { id }), id);
    },
    enabled: held || whole || restAsked,
  });
  // Reopening reconciles with the host's copy, unless a reply is streaming into it right now,
  // once the copy held is drawn: the answer (megabytes, for a long reply) read meanwhile held up
  // that drawing (docs/performance-findings.md, "Replies of any size").
  useEffect(() => {
    const key = conversationKey(id);
    const loadedAt = client.getQueryState(key)?.dataUpdatedAt ?? 0;
    if (!loadedAt || Date.now() - loadedAt <= 1000) return;
    const idle = requestIdleCallback(() => {
      if (!streamStore.activeIn(id)) void client.invalidateQueries({ queryKey: key, exact: true });
    }, { timeout: 1000 });
    return () => cancelIdleCallback(idle);
  }, [client, id]);
  return { opening, query, whole };
}
