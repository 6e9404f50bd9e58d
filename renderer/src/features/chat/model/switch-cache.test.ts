/**
 * A version switch in the page's cache (conversation-cache.ts, applySwitch): the host answers the
 * rows a window shows first; they are drawn at once, the rest is read when the page is idle, and a
 * switch pressed before it came is not lost.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { ChatMessageView, ConversationView } from '@shared/contract/chat.js';
import { applySwitch, conversationKey } from './conversation-cache.js';

const idle: (() => void)[] = [];
vi.stubGlobal('requestIdleCallback', (task: () => void) => idle.push(task));

const turn = (id: string): ChatMessageView => ({ id, role: 'user', createdAt: 1, text: id });
const turns = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => turn(`${prefix}${i}`));

function cachedWith(messages: ChatMessageView[]) {
  const client = new QueryClient();
  client.setQueryData(conversationKey('cv'), { id: 'cv', title: 'T', createdAt: 1, updatedAt: 1, messageCount: messages.length, settings: {}, messages } as unknown as ConversationView);
  const reads = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
  const shown = () => client.getQueryData<ConversationView>(conversationKey('cv'))!;
  return { client, reads, shown };
}

beforeEach(() => void (idle.length = 0));

describe('a switch in the page', () => {
  it('draws the rows it was answered below the turns above, counts the rest, and reads it when idle', () => {
    const { client, reads, shown } = cachedWith(turns('a', 10));
    applySwitch(client, 'cv', { from: 1, messages: turns('b', 3), messageCount: 300 });
    expect(shown().messages.map((m) => m.id)).toEqual(['a0', 'b0', 'b1', 'b2']);
    expect(shown().messageCount).toBe(300);
    // Not while the rows are drawn: in the next idle period.
    expect(reads).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    idle[0]();
    expect(reads).toHaveBeenCalledWith({ queryKey: conversationKey('cv') });
  });

  it('a switch pressed before the rest came is drawn at once, not lost', () => {
    const { client, shown } = cachedWith(turns('a', 10));
    applySwitch(client, 'cv', { from: 1, messages: turns('b', 3), messageCount: 300 });
    applySwitch(client, 'cv', { from: 1, messages: turns('a', 10).slice(1), messageCount: 10 });
    expect(shown().messages.map((m) => m.id)).toEqual(turns('a', 10).map((m) => m.id));
    expect(shown().messageCount).toBe(10);
  });

  it('a switch below the rows held is not drawn out of place: the conversation is read whole at once', () => {
    const { client, reads, shown } = cachedWith(turns('a', 10));
    applySwitch(client, 'cv', { from: 1, messages: turns('b', 3), messageCount: 300 });
    applySwitch(client, 'cv', { from: 40, messages: turns('c', 5), messageCount: 300 });
    expect(shown().messages.map((m) => m.id)).toEqual(['a0', 'b0', 'b1', 'b2']);
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('a whole answer needs nothing more', () => {
    const { client, reads, shown } = cachedWith(turns('a', 4));
    applySwitch(client, 'cv', { from: 3, messages: turns('b', 1), messageCount: 4 });
    expect(shown().messages.map((m) => m.id)).toEqual(['a0', 'a1', 'a2', 'b0']);
    expect(idle).toHaveLength(0);
    expect(reads).not.toHaveBeenCalled();
  });
});
