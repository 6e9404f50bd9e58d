/**
 * Conversations on a slow disk (docs/robust-host.md, "Data files written off the loop"): a save
 * that waits on the disk must not hold the host, and what happens meanwhile (more of the reply, a
 * new conversation, a removal, the conversation dropped from memory) must come out right once the
 * disk answers. The disk is real; only the fsync of the files named here waits until released.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { heldDisk } from '../test/held-fsync.js';
import { DEFAULT_CHAT_SETTINGS } from '@shared/contract/chat.js';
import type { Conversation } from './conversation-file.js';
import { ConversationStore } from './conversation-store.js';
import { openChat } from './test/chat-harness.js';

vi.mock('node:fs/promises', async (original) => (await import('../test/held-fsync.js')).withHeldSync(await original()));

const disk = heldDisk;
afterEach(() => disk.release());

/** Lets the event loop turn `n` times: what does not depend on the held disk has happened by then. */
const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

const until = async (what: string, ok: () => boolean) => {
  for (let i = 0; i < 1_000 && !ok(); i++) await new Promise((r) => setImmediate(r));
  for (let i = 0; i < 500 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!ok()) throw new Error(`never: ${what}`);
};

describe('a conversation whose save waits on the disk', () => {
  it('the reply goes on streaming, other conversations open and start, and the file gets the whole reply once the disk answers', async () => {
    const c = await openChat();
    // 20 ms a chunk (the sandbox runs 100 times faster than its simulated clock): the reply takes seconds.
    await c.admin('pace', { ms: 2000 });
    const conv = await c.create();
    const started = await c.send(conv.id, 'A long story [tokens:250]');
    disk.slow = (target) => target === `${conv.id}.json`;
    // The first save of the reply in progress (every second) now waits on the disk.
    await until('a save of the streaming reply waits on the disk', () => disk.held > 0);
    expect(c.endsOf(started.streamId)).toEqual([]);
    const textAtHold = (c.streamed(started.streamId)[0] ?? '').length;
    await c.until(async () => (c.streamed(started.streamId)[0] ?? '').length > textAtHold + 20);
    // The rest of the studio answers meanwhile: another conversation is created and replies.
    const other = await c.create();
    const { end: otherEnd } = await c.ask(other.id, 'Short one [tokens:5]');
    expect(otherEnd.outcome).toBe('done');
    expect((await c.value('chat.list', {})).map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining([conv.id, other.id]));
    expect(disk.held).toBeGreaterThan(0);
    disk.release();
    const end = await c.ended(started.streamId);
    expect(end.outcome).toBe('done');
    const file = JSON.parse(readFileSync(join(c.ports.dataDir, 'conversations', `${conv.id}.json`), 'utf8'));
    expect(file.messages[1]).toMatchObject({ status: 'complete', choices: [{ text: c.streamed(started.streamId)[0] }] });
  });

  it('a conversation removed while its save waits does not come back when the studio starts again', async () => {
    const c = await openChat();
    // 20 ms a chunk (the sandbox runs 100 times faster than its simulated clock): the reply takes seconds.
    await c.admin('pace', { ms: 2000 });
    const conv = await c.create();
    const kept = await c.create({}, 'Kept');
    await c.send(conv.id, 'A long story [tokens:250]');
    disk.slow = (target) => target === `${conv.id}.json`;
    await until('a save of the streaming reply waits on the disk', () => disk.held > 0);
    let gone = false;
    const removed = c.value('chat.remove', { id: conv.id }).then(() => (gone = true));
    // The removal waits for the write under way, which then lands; the file must still go after it.
    await turns(50);
    expect(gone).toBe(false);
    disk.release();
    await removed;
    const dir = join(c.ports.dataDir, 'conversations');
    expect(existsSync(join(dir, `${conv.id}.json`))).toBe(false);
    const again = new ConversationStore(dir, () => undefined);
    again.open();
    expect(again.list().map((e) => e.id)).toEqual([kept.id]);
    await again.close();
  });
});

describe('the store on its own', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const conv = (id: string, text: string): Conversation => ({
    version: 1, id, title: id, titleSet: true, createdAt: 1, updatedAt: 2, settings: { ...DEFAULT_CHAT_SETTINGS },
    messages: [{ id: 'u1', role: 'user', createdAt: 1, text }],
  });

  it('a conversation dropped from memory while its save waits opens as saved, not as its older file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chat-slow-'));
    dirs.push(dir);
    // Room for one conversation in memory.
    const store = new ConversationStore(dir, () => undefined, undefined, 1);
    store.open();
    await store.saveDurable(conv('a', 'first words'));
    disk.slow = (target) => target === 'a.json';
    store.save(conv('a', 'edited words'));
    await until('the edit waits on the disk', () => disk.held > 0);
    await store.saveDurable(conv('b', 'another'));
    expect(store.get('a').messages[0].text).toBe('edited words');
    expect((await store.search('edited')).map((s) => s.id)).toEqual(['a']);
    disk.release();
    await store.close();
    expect(JSON.parse(readFileSync(join(dir, 'a.json'), 'utf8')).messages[0].text).toBe('edited words');
    const again = new ConversationStore(dir, () => undefined);
    again.open();
    expect(again.get('a').messages[0].text).toBe('edited words');
  });

  it('closing waits for every save, so a reply saved just before the studio quits is on disk', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chat-slow-'));
    dirs.push(dir);
    const store = new ConversationStore(dir, () => undefined);
    store.open();
    disk.slow = (target) => target === 'q.json';
    store.save(conv('q', 'the last words before quitting'));
    await until('the save waits on the disk', () => disk.held > 0);
    let closed = false;
    const closing = store.close().then(() => (closed = true));
    await turns(50);
    expect(closed).toBe(false);
    disk.release();
    await closing;
    const again = new ConversationStore(dir, () => undefined);
    again.open();
    expect(again.get('q').messages[0].text).toBe('the last words before quitting');
  });
});
