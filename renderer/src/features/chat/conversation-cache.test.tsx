// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { notifyManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ChatMessageView, ConversationView } from '@shared/contract/chat.js';
import { applyEnd, applyStart, conversationKey } from './conversation-cache.js';
import { streamStore, useActiveStream } from './stream-store.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// As main.tsx sets it: cache changes reach components in the task that made them.
notifyManager.setScheduler(queueMicrotask);

const user = { id: 'u1', role: 'user', text: 'Hello', createdAt: 1 } as ChatMessageView;
const reply = (status: ChatMessageView['status'], text: string) => ({ id: 'r1', role: 'assistant', status, choices: [{ text }], createdAt: 2 }) as ChatMessageView;
const conversation = (messages: ChatMessageView[]) => ({ id: 'c1', title: 'T', createdAt: 1, updatedAt: 1, settings: {}, messages }) as unknown as ConversationView;

/**
 * A conversation shown as the Chat tab shows it (the conversation from the cache above the pane,
 * the running stream from the stream store in it); `change` is then made as the page makes it,
 * outside act() (which would gather every update into one render). Returns what each render of
 * the pane saw: whether a reply was running, and the conversation's last message.
 */
async function rendersOf(start: ConversationView, change: (client: QueryClient) => void): Promise<string[]> {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(conversationKey('c1'), start);
  const seen: string[] = [];
  function Pane({ c }: { c: ConversationView }) {
    const running = useActiveStream('c1') !== undefined;
    const last = c.messages.at(-1);
    seen.push(`${running ? 'running' : 'free'}, ${last ? `${last.role} ${last.status ?? ''}`.trim() : 'no messages'}`);
    return null;
  }
  function Loaded() {
    const c = useQuery<ConversationView>({ queryKey: conversationKey('c1'), queryFn: () => Promise.reject(new Error('cached only')) }).data!;
    return <Pane c={c} />;
  }
  const root = createRoot(document.createElement('div'));
  await act(async () => root.render(<QueryClientProvider client={client}><Loaded /></QueryClientProvider>));
  seen.length = 0;
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  change(client);
  await new Promise((resolve) => setTimeout(resolve, 20));
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  act(() => root.unmount());
  return seen;
}

describe('the conversation as a reply starts and ends', () => {
  it('a send shows its turns and the running reply in one render: the composer locks as they appear, never before', async () => {
    const seen = await rendersOf(conversation([]), (client) =>
      applyStart(client, { streamId: 's0', conversationId: 'c1', user, reply: reply('streaming', '') }, { kind: 'send' }),
    );
    expect(seen).toEqual(['running, assistant streaming']);
  });

  it('an end shows the final reply and frees the composer in one render, never one before the other', async () => {
    streamStore.begin('s1', 'c1', 'r1');
    streamStore.append({ streamId: 's1', conversationId: 'c1', messageId: 'r1', deltas: [{ choice: 0, text: 'Once upon' }] });
    const seen = await rendersOf(conversation([user, reply('streaming', '')]), (client) => applyEnd(client, 's1', 'c1', reply('complete', 'Once upon a time.')));
    expect(seen).toEqual(['free, assistant complete']);
  });
});
