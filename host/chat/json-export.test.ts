/**
 * The conversation JSON export and import (docs/data.md, "Conversation export"), through the
 * contract on a real core, real sandbox and real files: a round trip keeps everything, attachment
 * bytes included; a hostile or foreign file is refused with a clear message and adds nothing.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { englishText } from '@shared/messages/index.js';
import { renderPromptImage } from '@sandbox/media/image-render.js';
import { DEFAULT_CHAT_SETTINGS } from '@shared/contract/chat.js';
import type { Conversation } from './conversation-file.js';
import { exportJson } from './json-export.js';
import { openChat } from './test/chat-harness.js';

const png = renderPromptImage({ prompt: 'exported image', width: 96, height: 64 });
const bytes = (v: unknown) => new Uint8Array(Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)));

async function withImage() {
  const c = await openChat();
  const conv = await c.create({ model: 'modela-4-vision', api: 'responses', temperature: 0.4 }, 'Sunset colours');
  const a = await c.value('attachments.add', { name: 'sunset.png', data: new Uint8Array(png) });
  const { started } = await c.ask(conv.id, 'What colours?', { images: [{ attachmentId: a.id }] });
  await c.ask(conv.id, 'And at night?');
  const exported = await c.value('chat.exportJson', { id: conv.id });
  return { c, conv, file: started.user.images[0].file as string, exported };
}

/** An export with its conversation's id and attachment names put back to the first export's. */
function normalised(json: string, id: string, names: Map<string, string>) {
  let text = json;
  for (const [now, was] of names) text = text.split(now).join(was);
  const value = JSON.parse(text);
  value.conversation.id = id;
  return value;
}

describe('conversation JSON export', () => {
  it('export → import → export gives the same file apart from the id and the attachment names, and the same image bytes', async () => {
    const { c, conv, file, exported } = await withImage();
    const first = JSON.parse(exported.json);
    expect(exported.fileName).toBe('Sunset colours.json');
    expect(first).toMatchObject({ format: 'gateway-studio.conversation', version: 1, conversation: { id: conv.id, title: 'Sunset colours' } });
    expect(first.conversation.messages).toHaveLength(4);
    expect(first.files).toEqual([{ file, size: png.length, data: png.toString('base64') }]);

    const imported = await c.value('chat.importJson', { name: exported.fileName, data: bytes(exported.json) });
    // The same export imported into the same studio: a new id, and a new name for the image, so nothing is overwritten.
    expect(imported.conversation.id).not.toBe(conv.id);
    expect(imported.renamedFiles).toBe(1);
    expect(imported.conversation).toMatchObject({ title: 'Sunset colours', messageCount: 4 });
    expect((await c.value('chat.list')).map((x: any) => x.id).sort()).toEqual([conv.id, imported.conversation.id].sort());
    expect(c.events.some((e) => e.event === 'chat.onDidChange' && e.payload.id === imported.conversation.id && e.payload.reason === 'created')).toBe(true);

    const got = await c.value('chat.get', { id: imported.conversation.id });
    const newFile = got.messages[0].images[0].file;
    expect(newFile).not.toBe(file);
    expect((await c.libraryFile(newFile)).equals(png)).toBe(true);
    expect((await c.libraryFile(file)).equals(png)).toBe(true);

    const second = await c.value('chat.exportJson', { id: imported.conversation.id });
    expect(normalised(second.json, conv.id, new Map([[newFile, file]]))).toEqual(first);

    // The copy answers like the original: it can go on, with its image read from its own file.
    const { end } = await c.ask(imported.conversation.id, 'Once more?');
    expect(end.message.status).toBe('complete');
    // Removing the copy leaves the original's image in place.
    await c.value('chat.remove', { id: imported.conversation.id });
    expect((await c.libraryFile(file)).equals(png)).toBe(true);
  });

  it('keeps the id and the file names when they are free: the second export is the first, byte for byte', async () => {
    const { c, conv, exported } = await withImage();
    await c.value('chat.remove', { id: conv.id });
    const imported = await c.value('chat.importJson', { name: 'x.json', data: bytes(exported.json) });
    expect(imported.conversation.id).toBe(conv.id);
    expect(imported.renamedFiles).toBe(0);
    const again = JSON.parse((await c.value('chat.exportJson', { id: conv.id })).json);
    expect(again).toEqual(JSON.parse(exported.json));
  });

  it('writes the stored object as it is kept, fields the studio does not know of included', async () => {
    const c = await openChat();
    const stored = {
      version: 1, id: 'kept-as-is', title: 'Versions', titleSet: true, createdAt: 1, updatedAt: 2, settings: DEFAULT_CHAT_SETTINGS,
      messages: [{ id: 'a1', role: 'assistant', createdAt: 2, choices: [{ text: 'B' }], versions: { shown: 1, count: 2 }, otherVersions: [[{ id: 'a0', role: 'assistant', createdAt: 1, choices: [{ text: 'A' }] }]] }],
      futureField: { anything: true },
    } as unknown as Conversation;
    const { json } = await exportJson(stored, c.ports.dataDir);
    expect(JSON.parse(json).conversation).toEqual(stored);
  });
});

describe('a hostile or foreign import', () => {
  async function refusedWith(c: Awaited<ReturnType<typeof openChat>>, data: Uint8Array, pattern: RegExp) {
    const before = (await c.value('chat.list')).length;
    const dir = join((await c.value('settings.get')).libraryDir, 'chat-images');
    const images = () => {
      return existsSync(dir) ? readdirSync(dir).sort() : [];
    };
    const had = images();
    expect(had.length).toBeGreaterThan(0);
    const r = await c.call('chat.importJson', { name: 'evil.json', data });
    expect(r.ok).toBe(false);
    expect(r.error.code).toBe('invalid_input');
    expect(englishText(r.error.text)).toMatch(pattern);
    expect(englishText(r.error.text)).toMatch(/Nothing was imported|at most|larger than/);
    expect((await c.value('chat.list')).length).toBe(before);
    expect(images()).toEqual(had);
  }

  it('refuses bad JSON, a file that is not an export, and one from a future version, adding nothing', async () => {
    const { c, exported } = await withImage();
    await refusedWith(c, bytes('{"format": "gateway-studio.conversation", "version": 1, '), /not JSON/);
    await refusedWith(c, new Uint8Array([0xff, 0xfe, 0x00]), /not JSON/);
    await refusedWith(c, bytes({ prompts: [] }), /not a conversation exported/);
    await refusedWith(c, bytes([1, 2, 3]), /not a conversation exported/);
    const future = { ...JSON.parse(exported.json), version: 2, conversation: { anything: 'new' } };
    await refusedWith(c, bytes(future), /newer version of the studio \(format 2\)/);
    const broken = JSON.parse(exported.json);
    broken.conversation.messages = 'none';
    await refusedWith(c, bytes(broken), /not hold a valid conversation \(messages/);
  });

  it('refuses traversal names, files no message names, sizes it does not hold and bytes that are no image', async () => {
    const { c, file, exported } = await withImage();
    const withFile = (entry: Record<string, unknown>, rename?: string) => {
      const v = JSON.parse(rename ? exported.json.split(file).join(rename) : exported.json);
      v.files = [{ ...v.files[0], ...entry }];
      return bytes(v);
    };
    await refusedWith(c, withFile({ file: '../../x' }, '../../x'), /"\.\.\/\.\.\/x".*not a file name the studio makes/);
    await refusedWith(c, withFile({ file: 'chat-images/../../../evil.png' }, 'chat-images/../../../evil.png'), /not a file name the studio makes/);
    await refusedWith(c, withFile({ file: '/etc/passwd' }), /not a file name the studio makes/);
    await refusedWith(c, withFile({ file: 'chat-images/00000000-0000-0000-0000-000000000000.png' }), /no message of the conversation refers to it/);
    await refusedWith(c, withFile({ size: 2 * 1024 * 1024 * 1024 }), /claims 2147483648 bytes/);
    await refusedWith(c, withFile({ size: 10 }), /not the size it claims/);
    await refusedWith(c, withFile({ data: '<script>' }), /not base64/);
    await refusedWith(c, withFile({ data: Buffer.from('hello').toString('base64'), size: 5 }), /not a readable image/);
    const twice = JSON.parse(exported.json);
    twice.files = [twice.files[0], twice.files[0]];
    await refusedWith(c, bytes(twice), /listed twice/);
  });

  it('refuses a file over the import limit at the boundary', async () => {
    const c = await openChat();
    const r = await c.call('chat.importJson', { name: 'huge.json', data: new Uint8Array(64 * 1024 * 1024 + 1) });
    expect(r.error.code).toBe('invalid_input');
    expect(englishText(r.error.text)).toMatch(/larger than 64 MB/);
    expect(await c.value('chat.list')).toEqual([]);
  });
});
