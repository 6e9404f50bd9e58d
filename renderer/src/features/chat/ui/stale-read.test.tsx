// @vitest-environment happy-dom
/**
 * A conversation read from the host while its events arrive: the answer may have been taken
 * before an event the page has applied meanwhile. An end-to-end run under load once saw the reply
 * the host started after an always-allowed MCP call stay "Writing…"; a read sent before that
 * reply's end and answered after it leaves it so for good, as this test shows on the code before.
 */
import { act } from 'preact/test-utils';
import { createRoot } from 'react-dom/client';
import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessageView, ConversationView } from '@shared/contract/chat.js';
import { fakeHost } from '../../../test/fake-host.js';
import { applyStart, conversationKey } from '../model/conversation-cache.js';
import { useChatEvents } from '../model/use-chat-events.js';
import { useOpenedConversation } from '../model/use-opened-conversation.js';


const user = { id: 'u1', role: 'user', text: 'Once more, list my notes.', createdAt: 1 } as ChatMessageView;
const asking = (status: ChatMessageView['status']) => ({ id: 'a1', role: 'assistant', status, choices: [{ text: '' }], createdAt: 2 }) as ChatMessageView;
const next = (status: ChatMessageView['status'], text: string) => ({ id: 'b1', role: 'assistant', status, choices: [{ text }], createdAt: 3 }) as ChatMessageView;
const view = (messages: ChatMessageView[]) => ({ id: 'c1', title: 'Notes', createdAt: 1, updatedAt: 1, settings: {}, messages, messageCount: messages.length }) as unknown as ConversationView;

function Tab() {
  useChatEvents(() => undefined);
  useOpenedConversation('c1');
  return null;
}

afterEach(() => {
  notifyManager.setScheduler((cb) => setTimeout(cb, 0));
  vi.restoreAllMocks();
});

describe('a conversation read while its events arrive', () => {
  it('a reply that ended while a read was on its way is not shown as still being written', async () => {
    notifyManager.setScheduler(queueMicrotask);
    // The host's answers to chat.get, in order: the first taken while the next reply streamed.
    const answers: ((v: ConversationView) => void)[] = [];
    const host = fakeHost({ 'chat.get': () => new Promise<ConversationView>((resolve) => answers.push(resolve)) });
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    client.setQueryData(conversationKey('c1'), view([]));
    const root = createRoot(document.createElement('div'));
    await act(async () => root.render(<QueryClientProvider client={client}><Tab /></QueryClientProvider>));

    // The asking reply ended before the send's answer came (a call, no text to stream)…
    act(() => host.emit('chat.onDidEnd', { streamId: 'sa', conversationId: 'c1', outcome: 'done', message: asking('complete') }));
    // …so placing the send's answer reads the conversation again, to catch what happened meanwhile.
    act(() => applyStart(client, { streamId: 'sa', conversationId: 'c1', user, reply: asking('streaming') }, { kind: 'send' }));
    await act(() => vi.waitFor(() => expect(answers.length).toBe(1)));
    // Meanwhile the call ran by itself and the host started the next reply, which ended.
    act(() => host.emit('chat.onDidStart', { streamId: 'sb', conversationId: 'c1', reply: next('streaming', '') }));
    act(() => host.emit('chat.onDidEnd', { streamId: 'sb', conversationId: 'c1', outcome: 'done', message: next('complete', 'The tool returned: lighting.') }));
    // Only now does the read come back, with the host's copy as it was while that reply streamed.
    await act(async () => answers[0](view([user, asking('complete'), next('streaming', 'The tool')])));
    // The host's copy now, to any read sent after the events.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    if (answers.length > 1) await act(async () => answers[1](view([user, asking('complete'), next('complete', 'The tool returned: lighting.')])));
    await act(() => vi.waitFor(() => expect(client.isFetching()).toBe(0)));

    const shown = client.getQueryData<ConversationView>(conversationKey('c1'))!.messages;
    expect(shown.map((m) => `${m.id} ${m.status ?? ''}`.trim())).toEqual(['u1', 'a1 complete', 'b1 complete']);
    expect(shown.at(-1)!.choices![0].text).toBe('The tool returned: lighting.');
    act(() => root.unmount());
  });
});
