// @vitest-environment happy-dom
/**
 * Opening a long conversation (docs/performance.md, "Where a long conversation's first open
 * goes"): the Chat tab asks for its newest messages first and draws them, then asks for the rest.
 * A creator sees the end of the conversation while the rest is still on its way, cannot send into
 * a conversation the page holds only part of, and loses nothing when the rest does not come.
 */
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHAT_SETTINGS, type ChatMessageView, type ConversationView } from '@shared/contract/chat.js';
import type { Input } from '@shared/contract/index.js';
import { fakeHost, hostError } from '../../../test/fake-host.js';
import { button, cleanup, click, mount, settle } from '../../../test/mount.js';
import ChatTab from '../chat-tab.js';
import { loadPane } from './pane-loader.js';
import { loadMarkdown } from '../../../components/markdown/lazy-markdown.js';
import { chatViewLikeAWindow } from '../../../test/chat-view.js';

// Each row a few lines' height: the list's measuring then settles.
chatViewLikeAWindow({ rowPx: 80 });

function messagesOf(count: number): ChatMessageView[] {
  return Array.from({ length: count }, (_, i): ChatMessageView =>
    i % 2 === 0
      ? { id: `u${i}`, role: 'user', createdAt: i, text: `Question number ${i}` }
      : { id: `a${i}`, role: 'assistant', createdAt: i, status: 'complete', model: 'modela-5', api: 'chat', choices: [{ text: `Answer number ${i}`, finishReason: 'stop' }] },
  );
}

function conversation(id: string, count: number, updatedAt: number): ConversationView {
  return { id, title: `Conversation ${id}`, model: 'modela-5', createdAt: 1, updatedAt, messageCount: count, settings: DEFAULT_CHAT_SETTINGS, messages: messagesOf(count) };
}

/** A promise the test settles by hand: the whole conversation on its way. */
function held<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => ([resolve, reject] = [res, rej]));
  return { promise, resolve, reject };
}

/** A host holding these conversations; the first whole of the first one comes as `slow` does. */
function hostWith(conversations: ConversationView[], slow?: Promise<ConversationView>) {
  let first = slow;
  return fakeHost({
    'chat.list': () => conversations.map(({ messages: _messages, settings: _settings, ...s }) => s),
    'chat.get': ({ id, last }: Input<'chat.get'>) => {
      const c = conversations.find((x) => x.id === id)!;
      if (last !== undefined) return { ...c, messages: c.messages.slice(-last) };
      const answer = first && c.id === conversations[0].id ? first : c;
      first = undefined;
      return answer;
    },
  });
}

const rows = (host: HTMLElement) => [...host.querySelectorAll('[role="listitem"]')];
const shownText = (host: HTMLElement) => host.querySelector('[role="region"]')?.textContent ?? '';
const sendButton = (host: HTMLElement) => button(host, /^Send/);

beforeEach(async () => {
  // No conversation chosen before: the tab opens the newest.
  localStorage.clear();
  // The pane and the Markdown renderer are chunks of their own; here they are in before the tab
  // asks for them, as in a warm studio (a chunk still loading when a test ends would load after
  // its environment is gone).
  await loadPane();
  await loadMarkdown();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('opening a long conversation', () => {
  it('shows its newest messages while the rest is on its way, and then all of them, asking once for each', async () => {
    const whole = held<ConversationView>();
    // Its newest messages a tenth of it (happy-dom lays nothing out: the list's measuring of more
    // rows than this, each in the commit that drew it, outruns React's limit on nested updates).
    const long = conversation('long', 400, 2);
    const host = hostWith([long], whole.promise);
    const { host: page } = await mount(<ChatTab />);

    expect(shownText(page)).toContain('Answer number 399');
    const newest = rows(page).at(-1)!;
    expect([newest.getAttribute('aria-posinset'), newest.getAttribute('aria-setsize')]).toEqual(['400', '400']);
    // Sending into part of a conversation could place the turn before turns the page never saw.
    expect(sendButton(page).disabled).toBe(true);
    expect(page.textContent).toContain('Loading the earlier messages');

    whole.resolve(long);
    await settle();
    expect(shownText(page)).toContain('Answer number 399');
    expect(rows(page).at(-1)!.getAttribute('aria-posinset')).toBe('400');
    expect(sendButton(page).disabled).toBe(false);
    expect(page.textContent).not.toContain('Loading the earlier messages');
    const gets = host.callsOf('chat.get') as Input<'chat.get'>[];
    expect(gets.filter((g) => g.last !== undefined)).toHaveLength(1);
    expect(gets.filter((g) => g.last === undefined)).toHaveLength(1);
  });

  it('asks a short conversation only once', async () => {
    const host = hostWith([conversation('short', 6, 2)]);
    const { host: page } = await mount(<ChatTab />);
    expect(shownText(page)).toContain('Answer number 5');
    expect(sendButton(page).disabled).toBe(false);
    expect(host.callsOf('chat.get')).toHaveLength(1);
  });

  it('says why when the rest does not come, keeps the newest messages and tries again on request', async () => {
    const whole = held<ConversationView>();
    const long = conversation('long', 300, 2);
    const host = hostWith([long], whole.promise);
    const { host: page } = await mount(<ChatTab />);
    whole.reject(hostError('The conversation file could not be read.', 'internal'));
    await settle();
    expect(page.querySelector('[role="alert"]')?.textContent).toContain('The conversation file could not be read.');
    expect(shownText(page)).toContain('Answer number 299');
    expect(sendButton(page).disabled).toBe(true);

    await click(button(page, 'Try again'));
    expect(sendButton(page).disabled).toBe(false);
    expect((host.callsOf('chat.get') as Input<'chat.get'>[]).filter((g) => g.last === undefined)).toHaveLength(2);
  });

  it('reopens a conversation it already holds without asking for its newest messages again', async () => {
    const host = hostWith([conversation('long', 400, 2), conversation('other', 4, 1)]);
    const { host: page } = await mount(<ChatTab />);
    await click(button(page, /^Conversation other/));
    await click(button(page, /^Conversation long/));
    expect(shownText(page)).toContain('Answer number 399');
    expect((host.callsOf('chat.get') as Input<'chat.get'>[]).filter((g) => g.id === 'long' && g.last !== undefined)).toHaveLength(1);
  });
  it("reopened after a while, draws what it holds first and reads the host's copy only once the page is idle", async () => {
    // Idle periods come when the test says so.
    const idle = new Map<number, () => void>();
    let ids = 0;
    vi.stubGlobal('requestIdleCallback', (run: () => void) => (idle.set(++ids, run), ids));
    vi.stubGlobal('cancelIdleCallback', (id: number) => idle.delete(id));
    const runIdle = async () => {
      for (let rounds = 0; idle.size && rounds < 20; rounds++) {
        const now = [...idle.values()];
        idle.clear();
        await act(async () => now.forEach((run) => run()));
        await settle();
      }
    };
    const host = hostWith([conversation('long', 400, 2), conversation('other', 4, 1)]);
    const { host: page } = await mount(<ChatTab />);
    await runIdle();
    await click(button(page, /^Conversation other/));
    await runIdle();
    const wholes = () => (host.callsOf('chat.get') as Input<'chat.get'>[]).filter((g) => g.id === 'long' && g.last === undefined).length;
    const asked = wholes();
    // Long enough after the first read that the held copy is read again.
    const now = Date.now() + 60_000;
    vi.spyOn(Date, 'now').mockReturnValue(now);
    await click(button(page, /^Conversation long/));
    expect(shownText(page)).toContain('Answer number 399');
    expect(wholes()).toBe(asked);
    await runIdle();
    expect(wholes()).toBe(asked + 1);
    vi.unstubAllGlobals();
  });
});
