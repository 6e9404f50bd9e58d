/** Conversations on real files: atomic writes, damaged files, crash recovery, search. */
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_CHAT_SETTINGS, type ChatMessageView } from '@shared/contract/chat.js';
import { CLOSED_WHILE_STREAMING, deriveTitle, type Conversation } from './conversation-file.js';
import { ConversationStore } from './conversation-store.js';
import { snippetOf } from './search.js';

const dirs: string[] = [];
const stores: ConversationStore[] = [];
afterEach(async () => {
  // Their writes end before the folders go (a write under way would make the removal fail).
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function open(dir = mkdtempSync(join(tmpdir(), 'chat-store-'))) {
  if (!dirs.includes(dir)) dirs.push(dir);
  const logs: string[] = [];
  const store = new ConversationStore(dir, (l) => logs.push(l));
  stores.push(store);
  store.open();
  return { dir, store, logs };
}

const msg = (role: 'user' | 'assistant', text: string, extra: Partial<ChatMessageView> = {}): ChatMessageView =>
  role === 'user' ? { id: `u-${text.length}`, role, createdAt: 1, text, ...extra } : { id: `a-${text.length}`, role, createdAt: 1, choices: [{ text }], selected: 0, status: 'complete', ...extra };

const conv = (id: string, updatedAt: number, messages: ChatMessageView[] = [], title = id): Conversation =>
  ({ version: 1, id, title, titleSet: true, createdAt: 1, updatedAt, settings: { ...DEFAULT_CHAT_SETTINGS }, messages });

describe('ConversationStore', () => {
  it('keeps conversations across a restart, newest first, each file whole JSON with no temp files left', async () => {
    const { dir, store } = open();
    await store.saveDurable(conv('older', 100, [msg('user', 'first')]));
    await store.saveDurable(conv('newer', 200));
    const again = open(dir).store;
    expect(again.list().map((e) => [e.id, e.messageCount])).toEqual([['newer', 0], ['older', 1]]);
    expect(again.get('older').messages[0].text).toBe('first');
    expect(readdirSync(dir).sort()).toEqual(['index.json', 'newer.json', 'older.json']);
    expect(JSON.parse(readFileSync(join(dir, 'older.json'), 'utf8')).id).toBe('older');
  });

  it('opens a file written before function calls were answered: settings get their defaults, calls keep their answers', async () => {
    const { dir, store } = open();
    const calls = msg('assistant', '', {
      choices: [{ text: '', finishReason: 'tool_calls', toolCalls: [{ id: 'c1', name: 'get_weather', arguments: '{}', answer: { kind: 'declined' }, answeredAt: 5 }] }],
    });
    await store.saveDurable(conv('old', 100, [msg('user', 'Weather?'), calls]));
    const file = join(dir, 'old.json');
    const raw = JSON.parse(readFileSync(file, 'utf8'));
    delete raw.settings.toolRounds;
    writeFileSync(file, JSON.stringify(raw));
    const again = open(dir).store.get('old');
    expect(again.settings.toolRounds).toBe(8);
    expect(again.messages[1].choices![0].toolCalls).toEqual([{ id: 'c1', name: 'get_weather', arguments: '{}', answer: { kind: 'declined' }, answeredAt: 5 }]);
  });

  it('skips and logs a damaged file when it must read the files, keeping it aside; the rest still load', async () => {
    const { dir, store } = open();
    await store.saveDurable(conv('good', 1));
    await store.saveDurable(conv('bad', 2));
    writeFileSync(join(dir, 'bad.json'), '{"version":1,"id":"bad","tit');
    rmSync(join(dir, 'index.json'));
    const { store: again, logs } = open(dir);
    expect(again.list().map((e) => e.id)).toEqual(['good']);
    expect(logs[0]).toMatch(/skipped conversation bad: damaged JSON/);
    // Kept for the creator as a dated backup: nothing is deleted for being unreadable.
    const backup = readdirSync(dir).find((n) => n.startsWith('bad.json.unreadable-'));
    expect(backup && readFileSync(join(dir, backup), 'utf8')).toBe('{"version":1,"id":"bad","tit');
    expect(existsSync(join(dir, 'bad.json'))).toBe(false);
  });

  it('rebuilds a damaged index from the files, and picks up a file the index never listed', async () => {
    const { dir, store } = open();
    await store.saveDurable(conv('a', 1));
    writeFileSync(join(dir, 'index.json'), '[1,2');
    const rebuilt = open(dir);
    expect(rebuilt.store.list().map((e) => e.id)).toEqual(['a']);
    expect(rebuilt.logs[0]).toMatch(/index could not be read/);
    // A kill between a new conversation's file and the index write.
    writeFileSync(join(dir, 'late.json'), JSON.stringify(conv('late', 5)));
    expect(open(dir).store.list().map((e) => e.id)).toEqual(['late', 'a']);
  });

  it('opening a conversation whose file was damaged behind the index says so, and stops listing it', async () => {
    const { dir, store } = open();
    await store.saveDurable(conv('x', 1));
    const { store: again } = open(dir);
    writeFileSync(join(dir, 'x.json'), JSON.stringify({ version: 1, id: 'x' }));
    expect(() => again.get('x')).toThrow(/damaged and cannot be opened/);
    expect(again.list()).toEqual([]);
  });

  it('a reply that was streaming when the process died is incomplete at the next start, its text kept', async () => {
    const { dir, store } = open();
    await store.saveDurable(conv('s', 1, [msg('user', 'q'), msg('assistant', 'partial answ', { status: 'streaming' })]));
    expect(JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')).conversations[0].streaming).toBe(true);
    const { store: again } = open(dir);
    const reply = again.get('s').messages[1];
    await again.close();
    expect(reply).toMatchObject({ status: 'incomplete', choices: [{ text: 'partial answ' }], error: { code: 'aborted', message: CLOSED_WHILE_STREAMING.message, text: CLOSED_WHILE_STREAMING, retryable: true } });
    // Fixed on disk too, and the index no longer flags it.
    expect(JSON.parse(readFileSync(join(dir, 's.json'), 'utf8')).messages[1].status).toBe('incomplete');
    expect(JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')).conversations[0].streaming).toBeUndefined();
  });

  it('searches titles and message text, with a snippet for a message hit, newest first', async () => {
    const { dir, store } = open();
    await store.saveDurable(conv('t', 3, [], 'Trip to Lisbon'));
    await store.saveDurable(conv('m', 2, [msg('user', 'Plan a day'), msg('assistant', `${'Morning coffee first. '.repeat(5)}Then the tram to Belém and the LISBON riverside. ${'More words follow here. '.repeat(5)}`)]));
    await store.saveDurable(conv('none', 1, [msg('user', 'unrelated')]));
    const results = await open(dir).store.search('  lisbon ');
    expect(results.map((r) => r.id)).toEqual(['t', 'm']);
    expect(results[0].snippet).toBeUndefined();
    expect(results[1].snippet).toMatch(/^….*tram to Belém and the LISBON riverside.*…$/);
    expect(results[1].snippet!.length).toBeLessThan(110);
    expect(await store.search('nothing like this')).toEqual([]);
  });

  it('removes a conversation and its file', async () => {
    const { dir, store } = open();
    await store.saveDurable(conv('gone', 1));
    await store.remove('gone');
    expect(existsSync(join(dir, 'gone.json'))).toBe(false);
    expect(open(dir).store.list()).toEqual([]);
  });
});

describe('titles and snippets', () => {
  it('a title is the first user message on one line, trimmed to length', () => {
    expect(deriveTitle({ messages: [msg('user', '  Plan\n\na   trip  ')] })).toBe('Plan a trip');
    const long = deriveTitle({ messages: [msg('user', 'word '.repeat(40))] });
    expect(long.length).toBe(80);
    expect(long.endsWith('…')).toBe(true);
    expect(deriveTitle({ messages: [] })).toBe('New conversation');
    expect(deriveTitle({ messages: [msg('user', '', { images: [{ kind: 'url', url: 'https://x.test/a.png' }] })] })).toBe('Image');
  });

  it('only the host\'s own placeholder is marked for translation, never a title of the creator\'s or of the first message', async () => {
    const { dir, store } = open();
    const image = msg('user', '', { images: [{ kind: 'url', url: 'https://x.test/a.png' }] });
    await store.saveDurable({ ...conv('empty', 1), title: 'New conversation', titleSet: false });
    await store.saveDurable({ ...conv('pictures', 2, [image]), title: 'Image', titleSet: false });
    await store.saveDurable(conv('named', 3, [], 'New conversation'));
    await store.saveDurable({ ...conv('says', 4, [msg('user', 'Image')]), title: 'Image', titleSet: false });
    const marks = () => Object.fromEntries(open(dir).store.list().map((e) => [e.id, e.untitled]));
    expect(marks()).toEqual({ empty: 'conversation', pictures: 'image', named: undefined, says: undefined });
    // An index written before the marks: its entries are marked by the host's own placeholder text.
    const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'));
    for (const e of index.conversations) delete e.untitled;
    index.version = 1;
    writeFileSync(join(dir, 'index.json'), JSON.stringify(index));
    expect(marks()).toMatchObject({ empty: 'conversation', pictures: 'image' });
  });

  it('a snippet needs no ellipsis when the text is short', () => {
    expect(snippetOf('Find the Needle here', 'needle')).toBe('Find the Needle here');
    expect(snippetOf('nothing', 'needle')).toBeUndefined();
  });
});
