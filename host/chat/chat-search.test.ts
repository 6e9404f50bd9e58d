/**
 * The chat search index (docs/data.md, "The chat search index"): real conversation files and a
 * real SQLite database, the store saving, editing and removing as the chat service does.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CHAT_SETTINGS, type ChatMessageView } from '@shared/contract/chat.js';
import { applyMigration, pendingMigrations } from '../db/migrations.js';
import type { Conversation } from './conversation-file.js';
import { ConversationStore } from './conversation-store.js';
import { chatMigrations, ChatSearchIndex } from './search-index.js';

const dirs: string[] = [];
const opened: { close(): void }[] = [];
afterEach(() => {
  for (const o of opened.splice(0)) o.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function place() {
  const dir = mkdtempSync(join(tmpdir(), 'studio-chat-search-'));
  dirs.push(dir);
  return { conversations: join(dir, 'conversations'), database: join(dir, 'studio.db') };
}

async function openStore(p: ReturnType<typeof place>, withIndex = true) {
  const db = new Database(p.database);
  opened.push(db);
  for (const m of pendingMigrations(db, [chatMigrations])) applyMigration(db, m, 0);
  const store = new ConversationStore(p.conversations, () => undefined, undefined, 16, withIndex ? new ChatSearchIndex(db) : undefined);
  store.open();
  if (withIndex) expect(await store.searchReady()).toBe(true);
  return { store, db };
}

const user = (id: string, text: string, at: number): ChatMessageView => ({ id, role: 'user', createdAt: at, text });
const reply = (id: string, texts: string[], at: number): ChatMessageView => ({ id, role: 'assistant', createdAt: at, choices: texts.map((text) => ({ text })), selected: 0, status: 'complete' });
const conversation = (id: string, messages: ChatMessageView[], title = id): Conversation => ({
  version: 1, id, title, titleSet: true, createdAt: 1, updatedAt: Math.max(1, ...messages.map((m) => m.createdAt)), settings: { ...DEFAULT_CHAT_SETTINGS }, messages,
});
const ids = (hits: { conversationId: string; messageId: string }[]) => hits.map((h) => `${h.conversationId}/${h.messageId}`);

describe('chat search index', () => {
  it('finds a saved message with the query marked in its snippet, newest first, and within one conversation', async () => {
    const { store } = await openStore(place());
    await store.saveDurable(conversation('trip', [user('u1', 'Plan a trip to the Lighthouse of Alexandria', 10), reply('a1', ['The lighthouse stood on Pharos.', 'Another take on lighthouses'], 20)]));
    await store.saveDurable(conversation('other', [user('u1', 'Lighthouse keepers worked at night', 30)]));

    const hits = await store.hits('lighthouse', { limit: 10 });
    expect(ids(hits)).toEqual(['other/u1', 'trip/a1', 'trip/u1']);
    const first = hits[0];
    expect(first.ranges.map(([s, e]) => first.snippet.slice(s, e))).toEqual(['Lighthouse']);
    expect(ids(await store.hits('lighthouse', { conversationId: 'trip', limit: 10 }))).toEqual(['trip/a1', 'trip/u1']);
    // The second alternative of a reply is searched too.
    expect(ids(await store.hits('another take', { limit: 10 }))).toEqual(['trip/a1']);

    const listed = await store.search('PHAROS');
    expect(listed.map((s) => [s.id, s.snippet])).toEqual([['trip', 'The lighthouse stood on Pharos.']]);
  });

  it('finds an edited message by its new words and not its old ones, and forgets removed messages and conversations', async () => {
    const { store } = await openStore(place());
    const c = conversation('edit', [user('u1', 'the first draft about otters', 10), user('u2', 'a line about beavers', 20)]);
    await store.saveDurable(c);
    c.messages[0] = user('u1', 'the second draft about herons', 10);
    c.messages.splice(1, 1);
    c.updatedAt = 30;
    await store.saveDurable(c);
    expect(await store.hits('herons', { limit: 10 })).toHaveLength(1);
    expect(await store.hits('otters', { limit: 10 })).toEqual([]);
    expect(await store.hits('beavers', { limit: 10 })).toEqual([]);

    c.title = 'Birds by the river';
    await store.saveDurable(c);
    expect((await store.search('by the river')).map((s) => s.id)).toEqual(['edit']);

    await store.remove('edit');
    expect(await store.hits('herons', { limit: 10 })).toEqual([]);
    expect(await store.search('by the river')).toEqual([]);
  });

  it('indexes a reply once it has ended, not while it streams', async () => {
    const { store } = await openStore(place());
    const c = conversation('live', [user('u1', 'tell me a story', 10), { ...reply('a1', ['Once upon a time, a walrus'], 20), status: 'streaming' }]);
    await store.saveDurable(c);
    expect(await store.hits('walrus', { limit: 10 })).toEqual([]);
    c.messages[1] = reply('a1', ['Once upon a time, a walrus sang'], 20);
    await store.saveDurable(c);
    expect(ids(await store.hits('walrus sang', { limit: 10 }))).toEqual(['live/a1']);
  });

  it('finds Chinese substrings and queries of one or two characters', async () => {
    const { store } = await openStore(place());
    await store.saveDurable(conversation('zh', [user('u1', '请帮我写一首关于秋天的诗', 10), reply('a1', ['秋风萧瑟，落叶满地。'], 20)]));
    await store.saveDurable(conversation('en', [user('u1', 'Go to the zoo', 30)]));
    expect(ids(await store.hits('秋天的诗', { limit: 10 }))).toEqual(['zh/u1']);
    expect(ids(await store.hits('秋', { limit: 10 }))).toEqual(['zh/a1', 'zh/u1']);
    expect(ids(await store.hits('落叶', { limit: 10 }))).toEqual(['zh/a1']);
    expect(ids(await store.hits('go', { limit: 10 }))).toEqual(['en/u1']);
    const [hit] = await store.hits('落叶', { limit: 10 });
    expect(hit.ranges.map(([s, e]) => hit.snippet.slice(s, e))).toEqual(['落叶']);
    expect((await store.search('秋天')).map((s) => s.id)).toEqual(['zh']);
  });

  it('takes FTS5 syntax and very long queries as plain text', async () => {
    const { store } = await openStore(place());
    await store.saveDurable(conversation('odd', [user('u1', 'say "hi" * NEAR(a b) - 100% _done_ \\ end', 10)]));
    for (const q of ['"', '""', '"hi"', '*', 'NEAR(', 'NEAR(a b)', '-', '- 100%', '%', '_', '\\', 'a OR b', 'AND', '^say', 'x'.repeat(500), '"'.repeat(500), '(((']) {
      await expect(store.hits(q, { limit: 10 })).resolves.toBeDefined();
      await expect(store.search(q)).resolves.toBeDefined();
    }
    expect(ids(await store.hits('"hi"', { limit: 10 }))).toEqual(['odd/u1']);
    expect(ids(await store.hits('NEAR(a', { limit: 10 }))).toEqual(['odd/u1']);
    expect(ids(await store.hits('100%', { limit: 10 }))).toEqual(['odd/u1']);
    expect(ids(await store.hits('%', { limit: 10 }))).toEqual(['odd/u1']);
    expect(await store.hits('50%', { limit: 10 })).toEqual([]);
    expect(await store.hits('a OR b', { limit: 10 })).toEqual([]);
  });

  it('indexes conversations written before the index existed, and drops ones removed while it was away', async () => {
    const p = place();
    const before = await openStore(p, false);
    const many = Array.from({ length: 30 }, (_, i) => user(`u${i}`, `note ${i} about the harbour`, 10 + i));
    await before.store.saveDurable(conversation('old', many));
    await before.store.saveDurable(conversation('older', [user('u1', '旧的对话：港口', 5)]));
    await before.store.close();
    // The scan answers the same before the index is built.
    expect(ids(await before.store.hits('港口', { limit: 10 }))).toEqual(['older/u1']);
    before.db.close();

    const after = await openStore(p);
    expect(await after.store.hits('harbour', { limit: 100 })).toHaveLength(30);
    expect(ids(await after.store.hits('港口', { limit: 10 }))).toEqual(['older/u1']);
    expect((await after.store.search('note 7 about')).map((s) => [s.id, s.snippet])).toEqual([['old', 'note 7 about the harbour']]);
    await after.store.remove('older');
    await after.store.close();
    after.db.close();

    // Indexed rows of a conversation whose file is gone (removed by an older release) go at the next start.
    const index = new ChatSearchIndex(new Database(p.database));
    index.sync(conversation('ghost', [user('u1', 'a ghost of a harbour', 1)]));
    index.db.close();
    const again = await openStore(p);
    expect(ids(await again.store.hits('ghost', { limit: 10 }))).toEqual([]);
    expect(await again.store.hits('harbour', { limit: 100 })).toHaveLength(30);
  });
});
