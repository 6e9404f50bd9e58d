// @vitest-environment happy-dom
/**
 * A reply's next step as a creator (or an impatient one) works it: "Read aloud" pressed twice
 * while the speech is made sends one request, with the reply's words and the message as its
 * source, and plays the saved speech on the reply; a failure says why and can be tried again; a
 * reply longer than speech takes is refused without a request; words selected inside the reply
 * are the ones read, a selection elsewhere is not; "Use as prompt" hands the words to the tab
 * chosen and opens it.
 */
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessageView } from '@shared/contract/chat.js';
import type { LibraryItemView } from '@shared/contract/library.js';
import { fakeHost, hostError } from '../../../test/fake-host.js';
import { button, cleanup, click, mount, settle } from '../../../test/mount.js';
import { usePromptHandoffStore } from '../../../state/prompt-handoff.js';
import { useUiStore } from '../../../state/ui-store.js';
import type { ChatActions } from '../model/chat-actions.js';
import { useReadAloudStore } from '../model/read-aloud.js';
import { ReplySourceContext } from '../model/reply-source.js';
import { AssistantMessage } from './assistant-message.js';

const actions = {} as ChatActions;
const reply = (text: string, id = 'msg-1'): ChatMessageView => ({
  id, role: 'assistant', createdAt: 1, status: 'complete', model: 'modela-5', api: 'chat', choices: [{ text, finishReason: 'stop' }],
});
const speech = (id: string): LibraryItemView => ({
  id, kind: 'audio', file: `${id}.mp3`, mime: 'audio/mpeg', bytes: 2048, prompt: 'x', model: 'tts-1', params: { voice: 'alloy' }, createdAt: 1, savedAt: 1,
});

async function show(message: ChatMessageView) {
  const page = await mount(
    <ReplySourceContext value={{ conversationId: 'conv-1', title: 'Trip plans' }}>
      <AssistantMessage message={message} actions={actions} locked={false} />
    </ReplySourceContext>,
  );
  return page.host.querySelector('article')!;
}

const alertIn = (article: Element) => article.querySelector('[data-testid="read-aloud"] [role="alert"]')?.textContent ?? '';

beforeEach(() => {
  useReadAloudStore.setState({ byMessage: {}, voice: 'nova' });
  usePromptHandoffStore.setState({ pending: null });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.getSelection()?.removeAllRanges();
});

describe('Read aloud', () => {
  it('pressed twice while the speech is made sends one request, the words without Markdown, the message as source; then plays it', async () => {
    let answer: (() => void) | undefined;
    const host = fakeHost({
      'app.info': () => ({ version: '1', shell: 'browser', platform: 'linux', mediaBase: '/media/', startedAt: 0 }),
      'speech.synthesize': () => new Promise((resolve) => (answer = () => resolve({ item: speech('sp-1'), characters: 20 }))),
      'library.get': ({ id }) => speech(id),
    });
    const article = await show(reply('The **ferry** leaves at [nine](https://x.example).'));
    const read = button(article, 'Read aloud');
    read.focus();
    await click(read);
    await click(read);
    // Still where the keyboard left it while the speech is made.
    expect(document.activeElement).toBe(read);
    expect(article.querySelector('[data-testid="read-aloud"] [role="status"]')?.textContent).toMatch(/Making speech of 25 characters/);
    expect(host.callsOf('speech.synthesize')).toEqual([
      {
        model: 'tts-1', input: 'The ferry leaves at nine.', voice: 'nova', response_format: 'mp3', speed: 1,
        lineage: [{ kind: 'chatMessage', conversationId: 'conv-1', messageId: 'msg-1', name: 'Trip plans: The ferry leaves at nine.' }],
      },
    ]);
    await act(async () => answer!());
    await settle();
    const audio = article.querySelector('audio');
    expect(audio?.getAttribute('aria-label')).toBe('The reply read aloud');
    expect(audio?.getAttribute('src')).toContain('sp-1.mp3');
    expect(article.textContent).toContain('Saved to the Gallery · nova');
    // Closed, the player hands the focus back to "Read aloud"; the speech stays in the library.
    await click(button(article, 'Close the player'));
    expect(article.querySelector('audio')).toBeNull();
    expect(document.activeElement).toBe(button(article, 'Read aloud'));
  });

  it('a failure says why, and "Read again" with another voice tries again', async () => {
    let fail = true;
    const host = fakeHost({
      'app.info': () => ({ version: '1', shell: 'browser', platform: 'linux', mediaBase: '/media/', startedAt: 0 }),
      'speech.synthesize': () => {
        if (fail) throw hostError('The gateway is busy.', 'unreachable');
        return { item: speech('sp-2'), characters: 5 };
      },
      'library.get': ({ id }) => speech(id),
    });
    const article = await show(reply('Hello.'));
    await click(button(article, 'Read aloud'));
    await settle();
    expect(alertIn(article)).toBe('Could not read it aloud: The gateway is busy.');
    const voice = article.querySelector<HTMLSelectElement>('[data-testid="read-aloud"] select')!;
    await act(async () => {
      voice.value = 'onyx';
      voice.dispatchEvent(new Event('change', { bubbles: true }));
    });
    fail = false;
    await click(button(article, 'Read again'));
    await settle();
    expect((host.callsOf('speech.synthesize')[1] as { voice: string }).voice).toBe('onyx');
    expect(article.querySelector('audio')).not.toBeNull();
  });

  it('refuses a reply longer than speech takes, saying so, and sends nothing', async () => {
    const host = fakeHost({});
    const article = await show(reply('word '.repeat(1000)));
    await click(button(article, 'Read aloud'));
    expect(alertIn(article)).toMatch(/This is 4,999 characters; speech takes at most 4,096\. Select a part/);
    expect(host.callsOf('speech.synthesize')).toEqual([]);
  });
});

describe('a selection', () => {
  /** Selects `words` in `within` (a text node's part) and lets the page hear of it. */
  async function select(within: Element, words: string) {
    const walker = document.createTreeWalker(within, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const at = node.data.indexOf(words);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + words.length);
      document.getSelection()!.removeAllRanges();
      document.getSelection()!.addRange(range);
      await act(async () => { document.dispatchEvent(new Event('selectionchange')); });
      return;
    }
    throw new Error(`"${words}" not found`);
  }

  it('inside the reply is what is read and handed on; one outside it is not', async () => {
    const host = fakeHost({ 'speech.synthesize': () => new Promise(() => undefined) });
    const article = await show(reply('Take the early ferry. Pack a warm coat.'));
    for (let i = 0; i < 200 && !article.querySelector('[data-testid="reply-text"]')?.textContent?.includes('warm coat'); i++) await settle();
    const outside = document.createElement('p');
    outside.textContent = 'Unrelated words on the page';
    document.body.append(outside);
    await select(outside, 'Unrelated words');
    expect(button(article, 'Read aloud')).toBeTruthy();

    await select(article.querySelector('[data-testid="reply-text"]')!, 'Pack a warm coat');
    await click(button(article, 'Read selection aloud'));
    expect((host.callsOf('speech.synthesize')[0] as { input: string }).input).toBe('Pack a warm coat');

    // "Use selection as prompt" → Video: the words wait for the Video tab, which is opened.
    await click(button(article, 'Use selection as prompt'));
    await click(button(article, 'Video prompt'));
    expect(usePromptHandoffStore.getState().pending).toEqual({
      target: 'video', text: 'Pack a warm coat', source: { conversationId: 'conv-1', messageId: 'msg-1', name: 'Trip plans: Pack a warm coat' },
    });
    expect(useUiStore.getState().tab).toBe('video');
    outside.remove();
  });
});
