// @vitest-environment happy-dom
/**
 * Replies of any size (docs/performance.md, "Targets"): a conversation holding a 10 MB reply, a
 * single 1 MB word or a 3,000-row table opens at its end showing a bounded amount of text (what
 * the page lays out is what is near the view, not the reply's size), and Copy still gives every
 * character of it.
 */
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessageView } from '@shared/contract/chat.js';
import { button, cleanup, click, mount, settle } from '../../../test/mount.js';
import { loadMarkdown, PlainReply } from '../../../components/markdown/lazy-markdown.js';
import type { ChatActions } from '../model/chat-actions.js';
import { MessageList } from './message-list.js';
import { chatViewLikeAWindow } from '../../../test/chat-view.js';

chatViewLikeAWindow();

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const noActions: ChatActions = {
  regenerate: () => undefined,
  continueReply: () => undefined,
  selectChoice: () => undefined,
  switchVersion: () => undefined,
  chooseVersion: () => undefined,
  reveal: () => undefined,
  resend: () => Promise.resolve(true),
  answerToolCall: () => Promise.resolve(null),
  runToolCall: () => Promise.resolve(null),
  wholeText: () => Promise.resolve({ text: '' }),
};

const conversationOf = (reply: string): ChatMessageView[] => [
  { id: 'u0', role: 'user', createdAt: 1, text: 'Show me something big.' },
  { id: 'a1', role: 'assistant', createdAt: 2, status: 'complete', model: 'modela-5', api: 'chat', choices: [{ text: reply, finishReason: 'stop' }] },
];

/** About `chars` characters of Markdown: numbered paragraphs, lists and code. */
function bigMarkdown(chars: number): string {
  const parts: string[] = [];
  for (let i = 0, n = 0; n < chars; i++) {
    const part =
      i % 5 === 4
        ? `\`\`\`ts\nconst step${i} = ${i} * 2;\n\`\`\``
        : i % 3 === 2
          ? `- Point ${i}: the list goes on.\n- Detail ${i}: and on.`
          : `Paragraph ${i}. The reply keeps its **words** while the stream moves on, part ${i} of many.`;
    parts.push(part);
    n += part.length + 2;
  }
  return parts.join('\n\n');
}

const word = (chars: number) => 'abcdefghijklmnopqrstuvwxyz'.repeat(Math.ceil(chars / 26)).slice(0, chars);

function table(rows: number): string {
  const lines = ['| # | Name | Count |', '|--:|:-----|------:|'];
  for (let i = 1; i <= rows; i++) lines.push(`| ${i} | row ${i} | ${i * 7} |`);
  return lines.join('\n');
}

/** Far less than any of these replies: a few screenfuls. */
const BOUND = 100_000;

/** The reply in a message list; the text the page holds, and what Copy put on the clipboard. */
async function open(reply: string) {
  const copied: string[] = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: (text: string) => (copied.push(text), Promise.resolve()) },
  });
  const page = await mount(<MessageList messages={conversationOf(reply)} actions={noActions} locked={false} />);
  // Until the Markdown chunk is in (the reply shows as plain text meanwhile, bounded too: below),
  // then a frame or two for what it adds.
  const plain = page.host.querySelector('[data-testid="reply-text"]')?.textContent ?? '';
  expect(plain.length).toBeLessThan(BOUND);
  await loadMarkdown();
  for (let i = 0; i < 500 && !page.host.querySelector('.md'); i++) await settle();
  for (let i = 0; i < 3; i++) {
    await act(async () => { page.host.querySelector('.chat-scroll')!.dispatchEvent(new Event('scroll')); });
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    await settle();
  }
  const body = page.host.querySelector('[data-testid="reply-text"]');
  if (!body) throw new Error(`no reply shown: ${page.host.innerHTML.slice(0, 500)}`);
  return {
    page,
    shown: body.textContent ?? '',
    async copy() {
      await click(button(page.host.querySelector('article.msg-assistant')!, 'Copy'));
      return copied.at(-1);
    },
  };
}


describe('a reply of any size', () => {
  it('a 10 MB reply opens at its end with a bounded amount of text on the page, and Copy gives all of it', async () => {
    const reply = bigMarkdown(10_000_000);
    const { shown, copy } = await open(reply);
    expect(shown.length).toBeLessThan(BOUND);
    const lastParagraph = /Paragraph (\d+)\.[^\n]*$/.exec(reply)![0].replace(/\*\*/g, '');
    expect(shown).toContain(lastParagraph);
    expect(await copy()).toBe(reply);
  });

  it('a single 1 MB word opens at its end, a bounded part of it on the page, and Copy gives all of it', async () => {
    const reply = word(1_000_000);
    const { shown, copy } = await open(reply);
    expect(shown.length).toBeLessThan(BOUND);
    // The end of the word is there, in order; nothing of it is changed on the page.
    expect(shown.replace(/\s/g, '').endsWith(reply.slice(-5_000))).toBe(true);
    expect(await copy()).toBe(reply);
  });

  it('a 3,000-row table opens at its last rows, a bounded part of it on the page, and Copy gives all of it', async () => {
    const reply = table(3_000);
    const { page, copy } = await open(reply);
    const rows = page.host.querySelectorAll('tbody tr');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(1_000);
    expect([...rows].at(-1)!.textContent).toBe(`3000row 300021000`);
    // Each part of the table still says what its columns are.
    for (const head of page.host.querySelectorAll('thead')) expect(head.textContent).toBe('#NameCount');
    expect(await copy()).toBe(reply);
  });

  it('while the Markdown renderer loads, shows the end of a big reply as plain text, and says it is not ready', async () => {
    const reply = word(1_000_000);
    const { host } = await mount(<PlainReply text={reply} />);
    const shown = host.querySelector('.md-plain')!;
    expect(shown.textContent!.length).toBeLessThan(BOUND);
    expect(shown.textContent!.endsWith(reply.slice(-1_000))).toBe(true);
    expect(shown.getAttribute('aria-busy')).toBe('true');
  });
});
