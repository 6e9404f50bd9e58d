// @vitest-environment happy-dom
/**
 * The other tabs' code is fetched in idle time, but only once the first screen is usable
 * (app/tab-registry.ts, preloadTabs; docs/performance-findings.md, "Start-up on the real paths"):
 * a launch that opens a conversation draws its newest messages and its composer first, and only
 * then do the other tabs' files start to come. If the first screen never says it is ready (an
 * error in its place), they still come, later.
 */
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { DEFAULT_CHAT_SETTINGS, type ChatMessageView, type ConversationView } from '@shared/contract/chat.js';
import type { Input } from '@shared/contract/index.js';
import { fakeHost } from '../test/fake-host.js';
import { cleanup, mount, settle } from '../test/mount.js';
import { chatViewLikeAWindow } from '../test/chat-view.js';
import { useUiStore } from '../state/ui-store.js';
import ChatTab from '../features/chat/chat-tab.js';
import { preloadTabs } from './tab-registry.js';

chatViewLikeAWindow({ rowPx: 80 });
afterEach(cleanup);

const client = () => new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });

function conversation(count: number): ConversationView {
  const messages = Array.from({ length: count }, (_, i): ChatMessageView =>
    i % 2 === 0
      ? { id: `u${i}`, role: 'user', createdAt: i, text: `Question number ${i}` }
      : { id: `a${i}`, role: 'assistant', createdAt: i, status: 'complete', model: 'modela-5', api: 'chat', choices: [{ text: `Answer number ${i}`, finishReason: 'stop' }] },
  );
  return { id: 'c1', title: 'A long conversation', model: 'modela-5', createdAt: 1, updatedAt: 2, messageCount: count, settings: DEFAULT_CHAT_SETTINGS, messages };
}

// Before any test raises the signal: it is raised once per page, as a launch has one first screen.
describe('the other tabs fetched ahead', () => {
  it('start after a while even when the first screen never says it is usable', () => {
    vi.useFakeTimers();
    try {
      const idle: (() => void)[] = [];
      preloadTabs(client(), (task) => idle.push(task), 5_000);
      vi.advanceTimersByTime(4_999);
      expect(idle).toHaveLength(0);
      vi.advanceTimersByTime(1);
      expect(idle).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('start at once when the studio opens on another tab, which loads its own code', () => {
    useUiStore.setState({ tab: 'gallery', visited: ['gallery'] });
    try {
      const idle: (() => void)[] = [];
      preloadTabs(client(), (task) => idle.push(task));
      expect(idle).toHaveLength(1);
    } finally {
      useUiStore.setState({ tab: 'chat', visited: ['chat'] });
    }
  });

  it('wait while the open conversation is still coming, and start once its messages and the composer are drawn', async () => {
    const c = conversation(40);
    let answer!: (view: ConversationView) => void;
    const newest = new Promise<ConversationView>((resolve) => (answer = resolve));
    fakeHost({
      'chat.list': () => [{ id: c.id, title: c.title, model: c.model, createdAt: c.createdAt, updatedAt: c.updatedAt, messageCount: c.messageCount }],
      'chat.get': ({ last }: Input<'chat.get'>) => (last !== undefined ? newest.then((v) => ({ ...v, messages: v.messages.slice(-last) })) : c),
    });
    const idle: (() => void)[] = [];
    preloadTabs(client(), (task) => idle.push(task), 60_000);
    const { host } = await mount(<ChatTab />);
    // The conversation is asked for and its pane's code may be loading: idle periods come, the other tabs' code does not.
    expect(host.querySelector('textarea')).toBeNull();
    expect(idle).toHaveLength(0);

    await act(async () => answer(c));
    await act(() => vi.dynamicImportSettled());
    await settle();
    expect(host.textContent).toContain('Answer number 39');
    expect(host.querySelector('textarea[aria-label]')).not.toBeNull();
    expect(idle).toHaveLength(1);
  });
});
