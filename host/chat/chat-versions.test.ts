/**
 * Versions and branches (docs/chat-versions.md), through the contract against the sandbox: a
 * regenerated reply or an edited turn keeps what it replaced with the branch below it; switching
 * brings that branch back; going on from an older version grows that branch only; the versions
 * survive a restart, keep their images, are searchable and exported as asked.
 */
import { describe, expect, it } from 'vitest';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderPromptImage } from '@sandbox/media/image-render.js';
import { openChat } from './test/chat-harness.js';
import { ConversationStore } from './conversation-store.js';

const texts = (messages: any[]) => messages.map((m) => m.text ?? m.choices[0].text.slice(0, 40));
const asked = (c: Awaited<ReturnType<typeof openChat>>) => c.lastBody('/v1/chat/completions').messages.map((m: any) => m.content.slice(0, 40));

describe('versions and branches', () => {
  it('regenerate keeps the old reply with the turns below it; switching brings them back and goes again', async () => {
    const c = await openChat();
    const conv = await c.create();
    const first = await c.ask(conv.id, 'Question one');
    const second = await c.ask(conv.id, 'Question two');
    const before = (await c.value('chat.get', { id: conv.id })).messages;

    const again = await c.value('chat.regenerate', { conversationId: conv.id, messageId: first.end.message.id });
    // A new message, the newest of two versions; only the turns above it were asked again.
    expect(again.reply.id).not.toBe(first.end.message.id);
    expect(again.reply.versions).toEqual({ shown: 1, count: 2 });
    expect(again.reply).not.toHaveProperty('otherVersions');
    await c.ended(again.streamId);
    expect(asked(c)).toEqual(['Question one']);
    const now = await c.value('chat.get', { id: conv.id });
    expect(now.messages.map((m: any) => m.id)).toEqual([first.started.user.id, again.reply.id]);
    expect(now.messageCount).toBe(2);

    const back = await c.value('chat.switchVersion', { conversationId: conv.id, messageId: again.reply.id, to: 0 });
    expect(back.from).toBe(1);
    expect(back.messageCount).toBe(4);
    expect(back.messages.map((m: any) => m.id)).toEqual([first.end.message.id, second.started.user.id, second.end.message.id]);
    expect(back.messages[0].versions).toEqual({ shown: 0, count: 2 });
    const shown = (await c.value('chat.get', { id: conv.id })).messages;
    expect(texts(shown)).toEqual(texts(before));
    expect(shown.map((m: any) => m.id)).toEqual(before.map((m: any) => m.id));

    const forth = await c.value('chat.switchVersion', { conversationId: conv.id, messageId: first.end.message.id, to: 1 });
    expect(forth.messages.map((m: any) => m.id)).toEqual([again.reply.id]);
    // A third version lands last; the pager counts three.
    const third = await c.value('chat.regenerate', { conversationId: conv.id, messageId: again.reply.id });
    expect(third.reply.versions).toEqual({ shown: 2, count: 3 });
    await c.ended(third.streamId);
    const middle = await c.value('chat.switchVersion', { conversationId: conv.id, messageId: third.reply.id, to: 1 });
    expect(middle.messages.map((m: any) => m.id)).toEqual([again.reply.id]);
    expect(middle.messages[0].versions).toEqual({ shown: 1, count: 3 });
  });

  it('a switch asked for its first messages only answers those, counts them all, and the whole branch is shown', async () => {
    const c = await openChat();
    const conv = await c.create();
    const first = await c.ask(conv.id, 'Question one');
    const second = await c.ask(conv.id, 'Question two');
    const again = await c.value('chat.regenerate', { conversationId: conv.id, messageId: first.end.message.id });
    await c.ended(again.streamId);

    const back = await c.value('chat.switchVersion', { conversationId: conv.id, messageId: again.reply.id, to: 0, first: 2 });
    expect(back.from).toBe(1);
    expect(back.messages.map((m: any) => m.id)).toEqual([first.end.message.id, second.started.user.id]);
    expect(back.messageCount).toBe(4);
    // Only the answer is short: the branch shown is the whole one, its last reply included.
    expect((await c.value('chat.get', { id: conv.id })).messages.map((m: any) => m.id).at(-1)).toBe(second.end.message.id);
    // Asking for none, or for more than a page holds, is refused and switches nothing.
    for (const bad of [0, -1, 1.5, 1001]) {
      expect((await c.call('chat.switchVersion', { conversationId: conv.id, messageId: first.end.message.id, to: 1, first: bad })).error.code).toBe('invalid_input');
    }
    expect((await c.value('chat.get', { id: conv.id })).messageCount).toBe(4);
  });

  it('going on from an older version grows that branch only; the newer version keeps its own', async () => {
    const c = await openChat();
    const conv = await c.create();
    const first = await c.ask(conv.id, 'Question one');
    await c.ask(conv.id, 'Question two');
    const again = await c.value('chat.regenerate', { conversationId: conv.id, messageId: first.end.message.id });
    await c.ended(again.streamId);
    await c.ask(conv.id, 'After the new version');
    expect(asked(c)).toEqual(['Question one', expect.stringMatching(/^Sandbox reply/), 'After the new version']);

    await c.value('chat.switchVersion', { conversationId: conv.id, messageId: again.reply.id, to: 0 });
    await c.ask(conv.id, 'Question three');
    // The old branch as context: its own turns, none of the other branch's.
    expect(asked(c)).toEqual(['Question one', expect.stringMatching(/^Sandbox reply/), 'Question two', expect.stringMatching(/^Sandbox reply/), 'Question three']);
    expect((await c.value('chat.get', { id: conv.id })).messageCount).toBe(6);

    const other = await c.value('chat.switchVersion', { conversationId: conv.id, messageId: first.end.message.id, to: 1 });
    expect(texts(other.messages).slice(1)).toEqual(['After the new version', expect.any(String)]);
    expect(other.messageCount).toBe(4);
  });

  it('edit and resend is a new version of the turn: the original, its replies and its images stay', async () => {
    const c = await openChat();
    const conv = await c.create({ api: 'responses' });
    const png = renderPromptImage({ prompt: 'kept', width: 64, height: 64 });
    const a = await c.value('attachments.add', { name: 'kept.png', data: new Uint8Array(png) });
    const first = await c.ask(conv.id, 'Original', { images: [{ attachmentId: a.id }] });
    const file = first.started.user.images[0].file;
    await c.ask(conv.id, 'Later turn');
    const edited = await c.ask(conv.id, 'Edited');
    const { started, end } = await c.ask(conv.id, 'Edited again', { replaces: edited.started.user.id });
    expect(started.user.versions).toEqual({ shown: 1, count: 2 });
    expect(end.message.choices[0].text).toMatch(/turns received: 5/);
    const got = await c.value('chat.get', { id: conv.id });
    expect(texts(got.messages)).toEqual(['Original', expect.any(String), 'Later turn', expect.any(String), 'Edited again', expect.any(String)]);

    const rewritten = await c.ask(conv.id, 'Rewritten', { replaces: first.started.user.id });
    expect(rewritten.end.message.choices[0].text).toMatch(/turns received: 1/);
    expect((await c.value('chat.get', { id: conv.id })).title).toBe('Rewritten');
    // The first version's picture is still its own: kept on disk while any version holds it.
    const libraryDir = (await c.value('settings.get')).libraryDir;
    expect(existsSync(join(libraryDir, file))).toBe(true);
    const back = await c.value('chat.switchVersion', { conversationId: conv.id, messageId: rewritten.started.user.id, to: 0 });
    expect(back.messages[0]).toMatchObject({ text: 'Original', images: [{ file }], versions: { shown: 0, count: 2 } });
    // The edited turn further down kept its two versions in the branch brought back.
    expect(back.messages[4].versions).toEqual({ shown: 1, count: 2 });
    expect((await c.value('chat.get', { id: conv.id })).title).toBe('Original');

    await c.value('chat.remove', { id: conv.id });
    expect(existsSync(join(libraryDir, file))).toBe(false);
  });

  it('versions survive a restart, and a hidden version is still found by search', async () => {
    const c = await openChat();
    const conv = await c.create();
    const first = await c.ask(conv.id, 'A question about otters');
    const hidden = await c.ask(conv.id, 'Marmalade recipes please');
    const again = await c.value('chat.regenerate', { conversationId: conv.id, messageId: first.end.message.id });
    await c.ended(again.streamId);
    const hits = await c.value('chat.search', { query: 'marmalade', conversationId: conv.id });
    expect(hits.map((h: any) => h.messageId)).toContain(hidden.started.user.id);
    await c.core.close();

    const reopened = await openChat({ dataDir: c.ports.dataDir });
    const got = await reopened.value('chat.get', { id: conv.id });
    expect(got.messages.map((m: any) => m.id)).toEqual([first.started.user.id, again.reply.id]);
    expect(got.messages[1].versions).toEqual({ shown: 1, count: 2 });
    const back = await reopened.value('chat.switchVersion', { conversationId: conv.id, messageId: again.reply.id, to: 0 });
    expect(texts(back.messages)).toEqual([expect.any(String), 'Marmalade recipes please', expect.any(String)]);
    // The version shown is kept too.
    await reopened.core.close();
    const third = await openChat({ dataDir: c.ports.dataDir });
    expect((await third.value('chat.get', { id: conv.id })).messageCount).toBe(4);
  });

  it('a search hit in a hidden version, nested two deep, is shown with its branch', async () => {
    const c = await openChat();
    const conv = await c.create();
    const first = await c.ask(conv.id, 'Opening question');
    const mid = await c.ask(conv.id, 'Middle question');
    const deep = await c.ask(conv.id, 'Quokka facts please');
    // The deep turn hides behind a newer version of the middle reply, and that behind a newer first reply.
    const midAgain = await c.value('chat.regenerate', { conversationId: conv.id, messageId: mid.end.message.id });
    await c.ended(midAgain.streamId);
    const firstAgain = await c.value('chat.regenerate', { conversationId: conv.id, messageId: first.end.message.id });
    await c.ended(firstAgain.streamId);
    const hits = await c.value('chat.search', { query: 'quokka', conversationId: conv.id });
    const hit = hits.find((h: any) => h.messageId === deep.started.user.id);
    expect(hit).toBeDefined();

    const shown = await c.value('chat.revealMessage', { conversationId: conv.id, messageId: hit.messageId });
    expect(shown.from).toBe(1);
    expect(shown.messageCount).toBe(6);
    expect(shown.messages.map((m: any) => m.id)).toEqual([first.end.message.id, mid.started.user.id, mid.end.message.id, deep.started.user.id, deep.end.message.id]);
    expect(shown.messages[0].versions).toEqual({ shown: 0, count: 2 });
    expect(shown.messages[2].versions).toEqual({ shown: 0, count: 2 });
    // Shown already: nothing to change.
    expect(await c.value('chat.revealMessage', { conversationId: conv.id, messageId: hit.messageId })).toEqual({ from: 6, messages: [], messageCount: 6 });
    expect((await c.call('chat.revealMessage', { conversationId: conv.id, messageId: 'no-such-message' })).error.code).toBe('not_found');
  });

  it('a conversation removed right after a switch stays removed', async () => {
    const c = await openChat();
    const conv = await c.create();
    const first = await c.ask(conv.id, 'One');
    const again = await c.value('chat.regenerate', { conversationId: conv.id, messageId: first.end.message.id });
    await c.ended(again.streamId);
    await Promise.all([
      c.value('chat.switchVersion', { conversationId: conv.id, messageId: again.reply.id, to: 0 }),
      c.value('chat.remove', { id: conv.id }),
    ]);
    // The switch's write is queued with setImmediate (in this process): let it run.
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect((await c.value('chat.list')).map((s: any) => s.id)).not.toContain(conv.id);
    expect(existsSync(join(c.ports.dataDir, 'conversations', `${conv.id}.json`))).toBe(false);
  });

  it('refuses a version that does not exist, a turn not shown, and a switch while a reply is written', async () => {
    const c = await openChat();
    const conv = await c.create();
    const first = await c.ask(conv.id, 'One');
    const again = await c.value('chat.regenerate', { conversationId: conv.id, messageId: first.end.message.id });
    await c.ended(again.streamId);
    expect((await c.call('chat.switchVersion', { conversationId: conv.id, messageId: again.reply.id, to: 2 })).error.code).toBe('invalid_input');
    // The hidden version is not a turn of the branch shown.
    expect((await c.call('chat.switchVersion', { conversationId: conv.id, messageId: first.end.message.id, to: 0 })).error.code).toBe('not_found');
    // A turn with one version: version 0 is itself, nothing changes.
    const same = await c.value('chat.switchVersion', { conversationId: conv.id, messageId: first.started.user.id, to: 0 });
    expect(same.messageCount).toBe(2);
    await c.admin('pace', { ms: 200 });
    const running = await c.send(conv.id, 'Slow [tokens:200]');
    expect((await c.call('chat.switchVersion', { conversationId: conv.id, messageId: again.reply.id, to: 0 })).error.code).toBe('conflict');
    await c.value('chat.stop', { streamId: running.streamId });
    await c.ended(running.streamId);
  });

  it('exports the branch shown, or every branch with each version named', async () => {
    const c = await openChat();
    const conv = await c.create();
    const first = await c.ask(conv.id, 'Which colour?');
    await c.ask(conv.id, 'Hidden follow-up');
    const again = await c.value('chat.regenerate', { conversationId: conv.id, messageId: first.end.message.id });
    await c.ended(again.streamId);
    const shown = (await c.value('chat.exportMarkdown', { id: conv.id })).markdown;
    expect(shown).toContain('_Version 2 of 2_');
    expect(shown).not.toContain('Hidden follow-up');
    const all = (await c.value('chat.exportMarkdown', { id: conv.id, branches: 'all' })).markdown;
    expect(all).toMatch(/## Other versions\n\n### Turn 2, version 1 of 2\n[\s\S]*Hidden follow-up/);
    // JSON: the branch shown alone, or the conversation whole with every branch.
    const shownJson = JSON.parse((await c.value('chat.exportJson', { id: conv.id, branches: 'shown' })).json).conversation;
    expect(shownJson.messages).toHaveLength(2);
    expect(JSON.stringify(shownJson)).not.toContain('Hidden follow-up');
    expect(shownJson.messages[1]).not.toHaveProperty('versions');
    const allJson = JSON.parse((await c.value('chat.exportJson', { id: conv.id })).json).conversation;
    expect(allJson.messages[1].versions).toEqual({ shown: 1, count: 2 });
    expect(JSON.stringify(allJson)).toContain('Hidden follow-up');
    // The file on disk holds both branches.
    const onDisk = readFileSync(join(c.ports.dataDir, 'conversations', `${conv.id}.json`), 'utf8');
    expect(onDisk).toContain('Hidden follow-up');
  });

  it('a conversation saved by the previous release reads and saves back unchanged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-previous-'));
    try {
      mkdirSync(dir, { recursive: true });
      const fixture = join(import.meta.dirname, '..', '..', 'e2e', 'fixtures', 'conversation-previous-release.json');
      copyFileSync(fixture, join(dir, 'previous-release.json'));
      const store = new ConversationStore(dir, () => undefined);
      store.open();
      const c = store.get('previous-release');
      await store.saveDurable(c);
      await store.close();
      expect(JSON.parse(readFileSync(join(dir, 'previous-release.json'), 'utf8'))).toEqual(JSON.parse(readFileSync(fixture, 'utf8')));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
