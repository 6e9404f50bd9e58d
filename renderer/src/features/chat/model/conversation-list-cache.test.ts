import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { ConversationSummary } from '@shared/contract/chat.js';
import { callKey, EMPTY } from '../../../api/call-key.js';
import { applyListChange, placeInList, refreshSearches } from './conversation-list-cache.js';

const item = (id: string, updatedAt: number, title = id): ConversationSummary => ({ id, title, model: 'modela-5', createdAt: 1, updatedAt, messageCount: 0 });
const ids = (list: readonly ConversationSummary[] | undefined) => list?.map((c) => c.id);

describe("the sidebar's list follows change events without asking again", () => {
  const list = [item('c', 30), item('b', 20), item('a', 10)];

  it('moves a conversation written to now to the top, with its new title', () => {
    const moved = placeInList(list, 'a', item('a', 40, 'Foxes'));
    expect(moved.map((c) => [c.id, c.title])).toEqual([['a', 'Foxes'], ['c', 'c'], ['b', 'b']]);
  });

  it('keeps a renamed one where its time puts it, adds a new one, and drops a removed one', () => {
    expect(ids(placeInList(list, 'b', item('b', 20, 'Renamed')))).toEqual(['c', 'b', 'a']);
    expect(ids(placeInList(list, 'd', item('d', 15)))).toEqual(['c', 'b', 'd', 'a']);
    expect(ids(placeInList(list, 'd', item('d', 5)))).toEqual(['c', 'b', 'a', 'd']);
    expect(ids(placeInList(list, 'b'))).toEqual(['c', 'a']);
  });

  it('changes the cached whole list, keeps a view\'s settings and messages out of it, and asks again only for searches', async () => {
    const client = new QueryClient();
    let asked = 0;
    client.setQueryData(callKey('chat.list', EMPTY), list);
    const search = { queryKey: callKey('chat.list', { query: 'fox' }), queryFn: () => ++asked };
    await client.fetchQuery(search);
    const view = { ...item('a', 50, 'Foxes'), settings: { model: 'modela-5' }, messages: [] };
    applyListChange(client, 'a', view);
    expect(client.getQueryData(callKey('chat.list', EMPTY))).toEqual([item('a', 50, 'Foxes'), item('c', 30), item('b', 20)]);
    // No list yet (the tab never opened): nothing is made up.
    const empty = new QueryClient();
    applyListChange(empty, 'a', view);
    expect(empty.getQueryData(callKey('chat.list', EMPTY))).toBeUndefined();

    await refreshSearches(client);
    expect(client.getQueryState(callKey('chat.list', { query: 'fox' }))?.isInvalidated).toBe(true);
    expect(client.getQueryState(callKey('chat.list', EMPTY))?.isInvalidated).toBe(false);
  });
});
