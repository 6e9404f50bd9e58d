// @vitest-environment happy-dom
/**
 * The conversations sidebar drawn as a window (conversation-window.tsx): a creator with 2,000
 * conversations gets a screenful of rows in the page, yet reaches every conversation by scrolling
 * and by the keyboard (Down, Up, Home, End), renames one far down the list, and finds a folder's
 * conversations under it.
 */
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationSummary } from '@shared/contract/chat.js';
import type { ChatOrganisation } from '@shared/contract/chat-organise.js';
import { fakeHost } from '../../../test/fake-host.js';
import { cleanup, mount, press, settle } from '../../../test/mount.js';
import { ConversationList } from './conversation-list.js';

/** happy-dom lays nothing out: the list's view is a sidebar's 600 px, each row as tall as drawn in the studio. */
const VIEW_PX = 600;
const ROW_PX = 54;
function layOutLikeASidebar() {
  const rect = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    return this.classList.contains('chat-conv-nav') ? new DOMRect(0, 0, 280, VIEW_PX) : rect.call(this);
  });
  const sizes = (el: HTMLElement) => (el.classList.contains('chat-conv-nav') ? VIEW_PX : el.classList.contains('chat-conv') ? ROW_PX : el.classList.contains('chat-folder-row') ? 34 : undefined);
  for (const name of ['clientHeight', 'offsetHeight'] as const) {
    const own = Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)!;
    vi.spyOn(HTMLElement.prototype, name, 'get').mockImplementation(function (this: HTMLElement) {
      return sizes(this) ?? own.get!.call(this);
    });
  }
}

const COUNT = 2_000;
const conversations: ConversationSummary[] = Array.from({ length: COUNT }, (_, i) => ({
  id: `c${i}`, title: `Conversation ${i + 1}`, model: 'modela-5', createdAt: i, updatedAt: COUNT - i, messageCount: 2,
}));

function hostWith(organisation: ChatOrganisation = { folders: [], placements: [] }) {
  return fakeHost({
    'chat.list': () => conversations,
    'chat.organisation': () => organisation,
    'chat.update': ({ id, title }) => ({ ...conversations.find((c) => c.id === id)!, title: title!, settings: undefined as never }),
  });
}

const sidebar = () => mount(<ConversationList selectedId="" onSelect={() => {}} onNew={() => {}} creating={false} createError={null} />);
const nav = (host: HTMLElement) => host.querySelector<HTMLElement>('nav')!;
const titles = (host: HTMLElement) => [...host.querySelectorAll('.chat-conv-title')].map((t) => t.textContent);
const focusedTitle = () => document.activeElement?.querySelector('.chat-conv-title')?.textContent;
const openButton = (host: HTMLElement, title: string) =>
  [...host.querySelectorAll<HTMLElement>('.chat-conv-open')].find((b) => b.querySelector('.chat-conv-title')?.textContent === title);

async function scrollTo(el: HTMLElement, top: number) {
  await act(async () => {
    el.scrollTop = top;
    el.dispatchEvent(new Event('scroll'));
  });
  await settle();
}

beforeEach(layOutLikeASidebar);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the conversations sidebar with a long history', () => {
  it('draws a screenful of its 2,000 conversations, and the rest as they are scrolled to', async () => {
    hostWith();
    const { host } = await sidebar();
    const shown = titles(host);
    expect(shown[0]).toBe('Conversation 1');
    // A screenful (600 / 54, about 11) and a few around it: not 2,000.
    expect(shown.length).toBeGreaterThanOrEqual(11);
    expect(shown.length).toBeLessThan(25);
    // The list is as tall as all of them, so the scroll bar tells how long the history is.
    expect(parseFloat(host.querySelector<HTMLElement>('.chat-conv-window')!.style.height)).toBeGreaterThan(COUNT * ROW_PX);
    // Assistive technology hears where each drawn one stands among all.
    expect(host.querySelector('.chat-conv')!.getAttribute('aria-setsize')).toBe(String(COUNT));

    await scrollTo(nav(host), 1000 * (ROW_PX + 2));
    expect(titles(host)).toContain('Conversation 1001');
    expect(titles(host)).not.toContain('Conversation 1');
    expect(titles(host).length).toBeLessThan(25);
    await scrollTo(nav(host), COUNT * (ROW_PX + 2));
    expect(titles(host)).toContain(`Conversation ${COUNT}`);
  });

  it('moves by the arrow keys, Home and End to conversations not drawn yet, and keeps the focused one drawn when scrolled away', async () => {
    hostWith();
    const { host } = await sidebar();
    const first = openButton(host, 'Conversation 1')!;
    await act(async () => first.focus());
    await press(first, 'End');
    await settle();
    expect(focusedTitle()).toBe(`Conversation ${COUNT}`);
    await press(document.activeElement as HTMLElement, 'ArrowUp');
    await settle();
    expect(focusedTitle()).toBe(`Conversation ${COUNT - 1}`);
    await press(document.activeElement as HTMLElement, 'Home');
    await settle();
    expect(focusedTitle()).toBe('Conversation 1');
    // Down, one at a time, past the screenful first drawn.
    for (let i = 0; i < 30; i++) await press(document.activeElement as HTMLElement, 'ArrowDown');
    await settle();
    expect(focusedTitle()).toBe('Conversation 31');

    // Scrolled far away, the focused one stays in the page, focus with it.
    await scrollTo(nav(host), 1500 * (ROW_PX + 2));
    expect(titles(host)).toContain('Conversation 31');
    expect(focusedTitle()).toBe('Conversation 31');
  });

  it('renames a conversation far down the list, its field kept while the list is scrolled', async () => {
    hostWith();
    const { host } = await sidebar();
    await scrollTo(nav(host), 1200 * (ROW_PX + 2));
    const entry = openButton(host, 'Conversation 1201')!.closest('li')!;
    await act(async () => entry.querySelector<HTMLElement>('[aria-label="Rename “Conversation 1201”"]')!.click());
    const field = host.querySelector<HTMLInputElement>('input.chat-rename')!;
    expect(document.activeElement).toBe(field);
    await scrollTo(nav(host), 0);
    // Still there, with focus: what was typed is not lost.
    expect(host.querySelector('input.chat-rename')).toBe(field);
    expect(document.activeElement).toBe(field);
  });

  it("draws a folder's conversations in the folder's own list", async () => {
    hostWith({ folders: [{ id: 'f', name: 'Research', collapsed: false, createdAt: 0 }], placements: [{ id: 'c5', folderId: 'f' }, { id: 'c7', folderId: 'f' }] });
    const { host } = await sidebar();
    const toggle = [...host.querySelectorAll('button')].find((b) => b.getAttribute('aria-controls')?.startsWith('chat-folder-'))!;
    const list = host.querySelector(`#${toggle.getAttribute('aria-controls')}`)!;
    expect([...list.querySelectorAll('.chat-conv-title')].map((t) => t.textContent)).toEqual(['Conversation 6', 'Conversation 8']);
    expect(list.querySelector('.chat-conv')!.getAttribute('aria-setsize')).toBe('2');
  });
});
