/**
 * The sidebar's lists as react-query caches them (`chat.list`). The whole list follows the host's
 * change events as they come: each carries the conversation as it is listed, put in its place by
 * time, so a send, a rename or a new conversation costs no new `chat.list`. (Asked again, the list
 * came mid-stream, competing with the reply for the host's time: bench/stream.ts.) A search's hits
 * depend on the words in every conversation, so searches ask again, once per burst of changes.
 */
import type { Query, QueryClient } from '@tanstack/react-query';
import type { ConversationSummary } from '@shared/contract/chat.js';
import { summaryOf } from '@shared/contract/conversation-summary.js';
import { callKey, EMPTY } from '../../../api/call-key.js';

export const LIST_KEY = ['chat.list'] as const;
const WHOLE_LIST = callKey('chat.list', EMPTY);

/** The list without conversation `id`, then with `summary` at its place, newest first. */
export function placeInList(list: readonly ConversationSummary[], id: string, summary?: ConversationSummary): ConversationSummary[] {
  const rest = list.filter((c) => c.id !== id);
  if (!summary) return rest;
  const at = rest.findIndex((c) => c.updatedAt <= summary.updatedAt);
  return at < 0 ? [...rest, summary] : rest.toSpliced(at, 0, summary);
}

/** Conversation `id` is now `summary` (or gone, without one) in the whole list, if it is cached. */
export function applyListChange(client: QueryClient, id: string, summary?: ConversationSummary) {
  client.setQueryData<ConversationSummary[]>(WHOLE_LIST, (list) => list && placeInList(list, id, summary && summaryOf(summary)));
}

const isSearch = (q: Query) => !!(q.queryKey[1] as { query?: string } | undefined)?.query;

/** Searches shown now ask again. */
export const refreshSearches = (client: QueryClient) => client.invalidateQueries({ queryKey: LIST_KEY, predicate: isSearch });
