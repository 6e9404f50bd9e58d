/**
 * Several models' replies in the page's cache (docs/chat-versions.md, "Side by side"): the send's
 * answer puts the columns in place with every stream running; each end lands in its own column;
 * the conversation stays busy until the last one ends; a next message folds the columns into the
 * pager, as the host keeps them.
 */
import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { ChatMessageView, ConversationView } from '@shared/contract/chat.js';
import { applyCompareStart, applyEnd, applyStart, conversationKey } from './conversation-cache.js';
import { streamStore } from './stream-store.js';

vi.stubGlobal('requestAnimationFrame', () => 0);

const reply = (id: string, model: string, status: ChatMessageView['status'] = 'streaming', text = ''): ChatMessageView => ({ id, role: 'assistant', createdAt: 2, model, status, choices: [{ text }] });
const user = (id: string, text: string): ChatMessageView => ({ id, role: 'user', createdAt: 1, text });

function cached(client: QueryClient): ConversationView {
  return client.getQueryData<ConversationView>(conversationKey('cx'))!;
}

describe('replies side by side in the page', () => {
  it('places the columns, ends each in its own, and frees the conversation after the last', () => {
    const client = new QueryClient();
    client.setQueryData(conversationKey('cx'), { id: 'cx', title: 'T', createdAt: 1, updatedAt: 1, messageCount: 0, settings: {}, messages: [] } as unknown as ConversationView);
    const head = { ...reply('a', 'modela-5'), versions: { shown: 0, count: 3, together: true }, alongside: [reply('b', 'modela-4-vision'), reply('c', 'modelc-2.5-flash')] };
    applyCompareStart(client, {
      conversationId: 'cx', user: user('u', 'Q'), reply: head,
      streams: [{ streamId: 'sa', messageId: 'a' }, { streamId: 'sb', messageId: 'b' }, { streamId: 'sc', messageId: 'c' }],
    });
    expect(cached(client).messages.map((m) => m.id)).toEqual(['u', 'a']);
    expect(streamStore.allIn('cx').map((s) => s.streamId)).toEqual(['sa', 'sb', 'sc']);

    applyEnd(client, 'sb', 'cx', reply('b', 'modela-4-vision', 'complete', 'beaver'));
    expect(cached(client).messages[1].alongside!.map((m) => m.status)).toEqual(['complete', 'streaming']);
    expect(streamStore.activeIn('cx')?.streamId).toBe('sa');
    // The shown reply's end carries its versions, not the columns beside it (ended-message.ts).
    applyEnd(client, 'sa', 'cx', { ...reply('a', 'modela-5', 'complete', 'otter'), versions: head.versions });
    applyEnd(client, 'sc', 'cx', reply('c', 'modelc-2.5-flash', 'failed'));
    const slot = cached(client).messages[1];
    expect([slot.status, ...slot.alongside!.map((m) => m.status)]).toEqual(['complete', 'complete', 'failed']);
    expect(streamStore.activeIn('cx')).toBeUndefined();

    // The next message goes on with the reply shown: the columns fold into its pager.
    applyStart(client, { streamId: 'sn', conversationId: 'cx', user: user('u2', 'Next'), reply: { ...reply('n', 'modela-5'), createdAt: 3 } }, { kind: 'send' });
    const folded = cached(client).messages[1];
    expect(folded.versions).toEqual({ shown: 0, count: 3 });
    expect(folded).not.toHaveProperty('alongside');
    expect(cached(client).messages.map((m) => m.id)).toEqual(['u', 'a', 'u2', 'n']);
    streamStore.end('sn', 'cx', reply('n', 'modela-5', 'complete', 'x'));
  });
});
