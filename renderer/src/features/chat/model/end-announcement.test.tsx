// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import type { ChatMessageView, ConversationView } from '@shared/contract/chat.js';
// The studio's strings, as main.tsx sets them up.
import '../../../i18n/index.js';
import '../strings/register.js';
import { useEndAnnouncement } from './end-announcement.js';


const user: ChatMessageView = { id: 'u1', role: 'user', text: 'Hello', createdAt: 1 } as ChatMessageView;
const reply = (id: string, status: ChatMessageView['status']) => ({ id, role: 'assistant', status, choices: [{ text: 'Hi' }], createdAt: 2 }) as ChatMessageView;
const conversation = (id: string, messages: ChatMessageView[]) => ({ id, title: 'T', createdAt: 1, updatedAt: 1, settings: {}, messages }) as unknown as ConversationView;

/** What the status region says after each state of the conversation, in turn. */
function announcements(states: ConversationView[]): string[] {
  const host = document.createElement('div');
  const root = createRoot(host);
  function Region({ c }: { c: ConversationView }) {
    return <p>{useEndAnnouncement(c)}</p>;
  }
  const said = states.map((c) => {
    act(() => root.render(<Region c={c} />));
    return host.textContent ?? '';
  });
  act(() => root.unmount());
  return said;
}

describe('what screen readers hear as a reply ends', () => {
  it('a reply seen streaming that completes or is stopped', () => {
    expect(announcements([conversation('c', [user, reply('r', 'streaming')]), conversation('c', [user, reply('r', 'complete')])])).toEqual(['', 'The reply is complete.']);
    expect(announcements([conversation('c', [user, reply('r', 'streaming')]), conversation('c', [user, reply('r', 'stopped')])])[1]).toBe('The reply was stopped; the partial reply is kept.');
  });

  it('a short reply that came whole, having ended before the call that started it returned', () => {
    expect(announcements([conversation('c', []), conversation('c', [user]), conversation('c', [user, reply('r', 'complete')])])).toEqual(['', '', 'The reply is complete.']);
  });

  it('nothing for a conversation opened with its replies already there, nor for another one opened', () => {
    expect(announcements([conversation('c', [user, reply('r', 'complete')]), conversation('d', [user, reply('s', 'complete')])])).toEqual(['', '']);
  });
});
