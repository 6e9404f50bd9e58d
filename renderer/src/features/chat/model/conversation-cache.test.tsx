// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { createRoot } from 'react-dom/client';
import { notifyManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ChatMessageView, ConversationView, EndedMessage, ToolCall } from '@shared/contract/chat.js';
import { applyEnd, applyRunError, applyStart, applyToolAnswer, conversationKey } from './conversation-cache.js';
import { streamStore, useActiveStream } from './stream-store.js';

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
  change(client);
  await new Promise((resolve) => setTimeout(resolve, 20));
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

describe('an MCP call in the cache', () => {
  const calls = (client: QueryClient) => client.getQueryData<ConversationView>(conversationKey('c1'))!.messages[1].choices![1].toolCalls!;
  const asking = (toolCalls: ToolCall[]) =>
    ({ id: 'r1', role: 'assistant', status: 'complete', createdAt: 2, selected: 1, choices: [{ text: 'other' }, { text: '', toolCalls }] }) as ChatMessageView;
  const weather: ToolCall = { id: 'call_1', name: 'weather', arguments: '{}', mcp: { serverId: 's', serverName: 'S', tool: 'weather' } };
  const timeout = { code: 'timeout', message: 'The tool did not finish within 60 seconds, so it was stopped.', retryable: true } as const;

  it('keeps why a run gave no answer on the call of the selected choice, and drops it once answered', () => {
    const client = new QueryClient();
    client.setQueryData(conversationKey('c1'), conversation([user, asking([weather, { ...weather, id: 'call_2' }])]));
    applyRunError(client, 'c1', 'r1', 'call_1', timeout);
    expect(calls(client).map((c) => c.runError)).toEqual([timeout, undefined]);
    applyToolAnswer(client, 'c1', 'r1', 'call_1', { kind: 'result', text: 'sunny', isError: false });
    expect(calls(client)[0]).toMatchObject({ answer: { kind: 'result', text: 'sunny' } });
    expect('runError' in calls(client)[0]).toBe(false);
    // A call or message not in the cache changes nothing.
    applyRunError(client, 'c1', 'r1', 'nope', timeout);
    applyRunError(client, 'c1', 'gone', 'call_1', timeout);
    expect(calls(client).map((c) => c.runError)).toEqual([undefined, undefined]);
  });

  it("a reply the host started by itself, told before the send's own answer came, stays after the turn that asked", () => {
    // The send's answer and the host's events travel apart: a fast gateway and an always-allowed
    // tool can end the reply, run the call and start the next reply before the send is answered.
    const client = new QueryClient();
    client.setQueryData(conversationKey('c1'), conversation([]));
    const asked = { ...asking([weather]), id: 'r4', createdAt: 10 };
    const next = { id: 'r5', role: 'assistant', status: 'streaming', choices: [{ text: '' }], createdAt: 11 } as ChatMessageView;
    applyStart(client, { streamId: 's5', conversationId: 'c1', reply: next }, { kind: 'send' });
    applyStart(client, { streamId: 's4', conversationId: 'c1', user: { ...user, id: 'u4', createdAt: 10 }, reply: asked }, { kind: 'send' });
    expect(client.getQueryData<ConversationView>(conversationKey('c1'))!.messages.map((m) => m.id)).toEqual(['u4', 'r4', 'r5']);
    streamStore.end('s5', 'c1', { ...next, status: 'complete' });
    streamStore.end('s4', 'c1', asked);
  });

  it("a send answered after its reply ended asks the host for the conversation again: what happened meanwhile (a call's answer) was told before the reply was in place", () => {
    const client = new QueryClient();
    client.setQueryData(conversationKey('c1'), conversation([]));
    const asked = { ...asking([weather]), id: 'r4', createdAt: 10 };
    // The end and the call's answer come first, for a reply the cache does not hold yet.
    streamStore.end('s4', 'c1', asked);
    applyToolAnswer(client, 'c1', 'r4', 'call_1', { kind: 'result', text: 'sunny', isError: false });
    applyStart(client, { streamId: 's4', conversationId: 'c1', user: { ...user, id: 'u4', createdAt: 10 }, reply: asked }, { kind: 'send' });
    expect(client.getQueryState(conversationKey('c1'))?.isInvalidated).toBe(true);
  });

  it("a reply told twice (the start event and a call's answer) is one turn, not two", () => {
    const client = new QueryClient();
    client.setQueryData(conversationKey('c1'), conversation([user, asking([weather])]));
    const started = { streamId: 's5', conversationId: 'c1', reply: reply('streaming', '') };
    started.reply = { ...started.reply, id: 'r5' };
    applyStart(client, started, { kind: 'send' });
    applyStart(client, started, { kind: 'send' });
    expect(client.getQueryData<ConversationView>(conversationKey('c1'))!.messages.map((m) => m.id)).toEqual(['u1', 'r1', 'r5']);
    streamStore.end('s5', 'c1', { ...started.reply, status: 'complete' });
  });
});

describe('the end of a long reply, which leaves out the text its deltas carried (EndedMessage)', () => {
  const ended = (streamed: number) => ({ id: 'r1', role: 'assistant', status: 'complete', createdAt: 2, choices: [{ finishReason: 'stop', streamed }] }) as EndedMessage;
  const text = (client: QueryClient) => client.getQueryData<ConversationView>(conversationKey('c1'))!.messages[1].choices![0];

  it('shows the text the deltas carried, whole, and asks the host for nothing', () => {
    const client = new QueryClient();
    client.setQueryData(conversationKey('c1'), conversation([user, reply('streaming', '')]));
    streamStore.begin('s6', 'c1', 'r1');
    streamStore.append({ streamId: 's6', conversationId: 'c1', messageId: 'r1', deltas: [{ choice: 0, text: 'Once upon ' }] });
    streamStore.append({ streamId: 's6', conversationId: 'c1', messageId: 'r1', deltas: [{ choice: 0, text: 'a time.' }] });
    applyEnd(client, 's6', 'c1', ended('Once upon a time.'.length));
    expect(text(client)).toEqual({ text: 'Once upon a time.', finishReason: 'stop' });
    expect(client.getQueryState(conversationKey('c1'))?.isInvalidated).toBe(false);
    expect(streamStore.activeIn('c1')).toBeUndefined();
  });

  it('heard from the middle on (the page came late): shows what it has and reads the conversation again', () => {
    const client = new QueryClient();
    client.setQueryData(conversationKey('c1'), conversation([user, reply('streaming', '')]));
    streamStore.append({ streamId: 's7', conversationId: 'c1', messageId: 'r1', deltas: [{ choice: 0, text: 'a time.' }] });
    applyEnd(client, 's7', 'c1', ended('Once upon a time.'.length));
    expect(text(client).text).toBe('a time.');
    expect(client.getQueryState(conversationKey('c1'))?.isInvalidated).toBe(true);
  });

  it('ended before its send was answered: the send puts the whole text in place', () => {
    const client = new QueryClient();
    client.setQueryData(conversationKey('c1'), conversation([]));
    streamStore.append({ streamId: 's8', conversationId: 'c1', messageId: 'r1', deltas: [{ choice: 0, text: 'Quick.' }] });
    applyEnd(client, 's8', 'c1', ended('Quick.'.length));
    applyStart(client, { streamId: 's8', conversationId: 'c1', user, reply: reply('streaming', '') }, { kind: 'send' });
    expect(text(client)).toEqual({ text: 'Quick.', finishReason: 'stop' });
  });
});
