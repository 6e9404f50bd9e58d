// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { notifyManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ChatMessageView, ConversationView } from '../../../../shared/contract/chat.js';
import { applyEnd, conversationKey } from './conversation-cache.js';
import { streamStore, useActiveStream } from './stream-store.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// As main.tsx sets it: cache changes reach components in the task that made them.
notifyManager.setScheduler(queueMicrotask);

const user = { id: 'u1', role: 'user', text: 'Hello', createdAt: 1 } as ChatMessageView;
const reply = (status: ChatMessageView['status'], text: string) => ({ id: 'r1', role: 'assistant', status, choices: [{ text }], createdAt: 2 }) as ChatMessageView;
const conversation = (messages: ChatMessageView[]) => ({ id: 'c1', title: 'T', createdAt: 1, updatedAt: 1, settings: {}, messages }) as unknown as ConversationView;

describe('a reply that ends', () => {
  it('reaches the conversation in one render: the composer frees up as the reply shows its final text, never before', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    client.setQueryData(conversationKey('c1'), conversation([user, reply('streaming', '')]));
    streamStore.begin('s1', 'c1', 'r1');
    streamStore.append({ streamId: 's1', conversationId: 'c1', messageId: 'r1', deltas: [{ choice: 0, text: 'Once upon' }] });

    /** What each render of the pane saw: whether a reply was running, and the reply's status. */
    const seen: string[] = [];
    // As in the Chat tab: the conversation comes from the cache above the pane, the running
    // stream from the stream store in it.
    function Pane({ c }: { c: ConversationView }) {
      const running = useActiveStream('c1') !== undefined;
      seen.push(`${running ? 'running' : 'free'}, reply ${c.messages[1].status}`);
      return null;
    }
    function Loaded() {
      const c = useQuery({ queryKey: conversationKey('c1'), queryFn: () => Promise.reject(new Error('cached only')) }).data as ConversationView;
      return <Pane c={c} />;
    }
    const root = createRoot(document.createElement('div'));
    await act(async () => root.render(<QueryClientProvider client={client}><Loaded /></QueryClientProvider>));
    seen.length = 0;

    // As the page does it, not inside act() (which would gather every update into one render).
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    applyEnd(client, 's1', 'c1', reply('complete', 'Once upon a time.'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    expect(seen).toEqual(['free, reply complete']);
    act(() => root.unmount());
  });
});
