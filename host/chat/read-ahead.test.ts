/**
 * The newest conversations read ahead of their first open, on real files: they open from memory,
 * a save or a removal meanwhile wins over what was read, and a damaged file is still set aside
 * and reported when it is opened, as without the read-ahead.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_CHAT_SETTINGS, type ChatMessageView } from '@shared/contract/chat.js';
import { ConversationFile, type Conversation } from './conversation-file.js';
import { ConversationStore } from './conversation-store.js';
import { ReadAhead, SlicedRead } from './read-ahead.js';
import type { StoredMessage } from './versions.js';

const dirs: string[] = [];
const stores: ConversationStore[] = [];
afterEach(async () => {
  vi.useRealTimers();
  // Their writes end before the folders go (a write under way would make the removal fail).
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const turns = (n: number): ChatMessageView[] =>
  Array.from({ length: n }, (_, i) =>
    i % 2 === 0 ? { id: `u${i}`, role: 'user', createdAt: i, text: `Question ${i}` } : { id: `a${i}`, role: 'assistant', createdAt: i, status: 'complete', choices: [{ text: `Answer ${i}` }] },
  );
const conv = (id: string, updatedAt: number, messages: ChatMessageView[] = turns(4)): Conversation =>
  ({ version: 1, id, title: id, titleSet: true, createdAt: 1, updatedAt, settings: { ...DEFAULT_CHAT_SETTINGS }, messages });

async function storeWith(conversations: Conversation[]) {
  const dir = mkdtempSync(join(tmpdir(), 'chat-ahead-'));
  dirs.push(dir);
  const writer = new ConversationStore(dir, () => undefined);
  writer.open();
  for (const c of conversations) await writer.saveDurable(c);
  // A fresh store, as after a restart: nothing in memory.
  const logs: string[] = [];
  const unreadable: string[] = [];
  const store = new ConversationStore(dir, (l) => logs.push(l), (file) => unreadable.push(file));
  stores.push(store);
  store.open();
  return { dir, store, logs, unreadable };
}

describe('reading the newest conversations ahead of their first open', () => {
  it('has the newest ones in memory (their files no longer needed), and only those', async () => {
    vi.useFakeTimers();
    const { dir, store } = await storeWith([conv('old', 100), conv('mid', 200, turns(300)), conv('new', 300)]);
    store.readAhead(2, 300);
    vi.runAllTimers();
    // Gone from the disk, the two newest still open whole; the oldest was never read.
    for (const id of ['old', 'mid', 'new']) rmSync(join(dir, `${id}.json`));
    expect(store.get('new').messages).toEqual(turns(4));
    expect(store.get('mid').messages).toEqual(turns(300));
    expect(() => store.get('old')).toThrow();
  });

  it('keeps a conversation saved while it was being read: the saved one opens, not the file read before', async () => {
    vi.useFakeTimers();
    const { store } = await storeWith([conv('a', 100, turns(400))]);
    store.readAhead(1, 0);
    vi.advanceTimersByTime(1);
    const saved = conv('a', 500, [...turns(2), { id: 'u9', role: 'user', createdAt: 9, text: 'Edited meanwhile' }]);
    store.save(saved);
    vi.runAllTimers();
    expect(store.get('a').messages.at(-1)?.text).toBe('Edited meanwhile');
  });

  it('does not bring back a conversation removed while it was being read', async () => {
    vi.useFakeTimers();
    const { store } = await storeWith([conv('a', 100, turns(400))]);
    store.readAhead(1, 0);
    vi.advanceTimersByTime(1);
    await store.remove('a');
    vi.runAllTimers();
    expect(store.has('a')).toBe(false);
    expect(() => store.get('a')).toThrow();
  });

  it('leaves a damaged file to its open: it is then set aside and reported, as without reading ahead', async () => {
    vi.useFakeTimers();
    const { dir, store, unreadable } = await storeWith([conv('bad', 100), conv('good', 50)]);
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ ...conv('bad', 100), messages: [{ id: 1, role: 'robot' }] }));
    store.readAhead(4, 0);
    vi.runAllTimers();
    expect(unreadable).toEqual([]);
    expect(() => store.get('bad')).toThrow();
    expect(unreadable).toEqual(['conversation']);
    expect(store.get('good').messages).toHaveLength(4);
  });
});

describe('a conversation checked in slices', () => {
  it('gives what the whole check gives, a slice of messages at a time', () => {
    const c = JSON.parse(JSON.stringify(conv('a', 1, turns(100))));
    const read = new SlicedRead('a', c);
    // A slice with no time left checks a few messages, not all of them.
    expect(read.step(0)).toBe(true);
    expect(read.finish()).toEqual(ConversationFile.parse(c));
  });

  it('keeps every version of a turn and its branch, as the whole check does (docs/chat-versions.md)', () => {
    const messages = turns(4) as StoredMessage[];
    messages[1] = { ...messages[1], versions: { shown: 1, count: 2 }, otherVersions: [[{ id: 'old', role: 'assistant', createdAt: 1, choices: [{ text: 'The first answer' }] }, ...turns(6).slice(2)]] };
    const c = JSON.parse(JSON.stringify(conv('a', 1, messages)));
    const read = new SlicedRead('a', c).finish()!;
    expect(read).toEqual(ConversationFile.parse(c));
    expect((read.messages[1] as StoredMessage).otherVersions?.[0]).toHaveLength(5);
  });

  it('refuses a conversation whose messages or id are not valid', () => {
    expect(new SlicedRead('a', { ...conv('a', 1), messages: [...turns(40), { id: 'x', role: 'robot' }] }).finish()).toBeUndefined();
    expect(new SlicedRead('b', conv('a', 1)).finish()).toBeUndefined();
    expect(new SlicedRead('a', 'not a conversation').finish()).toBeUndefined();
  });

  it('finishes at once the conversation being read when it is opened, then reads the next', () => {
    const tasks: Array<() => void> = [];
    const done: string[] = [];
    const files: Record<string, Conversation> = { a: conv('a', 2, turns(500)), b: conv('b', 1) };
    // A clock a millisecond on at each reading: a slice checks a few dozen messages however fast the machine.
    let clock = 0;
    const ahead = new ReadAhead({ wanted: () => ['a', 'b'], json: (id) => files[id], done: (c) => done.push(c.id), later: (t) => void tasks.push(t), now: () => clock++ });
    ahead.start();
    // Its file read, and one slice checked.
    tasks.shift()!();
    tasks.shift()!();
    expect(ahead.take('a')?.messages).toHaveLength(500);
    while (tasks.length) tasks.shift()!();
    expect(done).toEqual(['b']);
  });
});
