/**
 * Pins and folders (docs/data.md, "Pins and folders"), through the contract on real cores and real
 * files, used the way a hurried creator would: twice, on things already gone, across restarts, and
 * on a data folder written before the feature existed.
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CHAT_SETTINGS } from '@shared/contract/chat.js';
import { dataDirCores } from '../test/data-dir-cores.js';

const cores = dataDirCores('studio-chat-organise-');

async function started(dir = cores.freshDir()) {
  const core = await cores.start(dir);
  const create = async (title: string) => (await core.value('chat.create', { title })).id as string;
  return { dir, core, create };
}

const placementOf = (o: any, id: string) => o.placements.find((p: any) => p.id === id) ?? { id };

describe('pins', () => {
  it('a pinned conversation stays pinned after a restart; unpinning clears it; pinning twice keeps one pin', async () => {
    const { dir, core, create } = await started();
    const a = await create('Alpha');
    const b = await create('Beta');
    await core.value('chat.pin', { id: a, pinned: true });
    const twice = await core.value('chat.pin', { id: a, pinned: true });
    expect(twice.placements.filter((p: any) => p.id === a)).toHaveLength(1);
    expect(placementOf(twice, a).pinnedAt).toEqual(expect.any(Number));
    expect(placementOf(twice, b).pinnedAt).toBeUndefined();
    await core.close();

    const again = await cores.start(dir);
    const after = await again.value('chat.organisation');
    expect(placementOf(after, a).pinnedAt).toEqual(expect.any(Number));
    const unpinned = await again.value('chat.pin', { id: a, pinned: false });
    expect(unpinned.placements).toEqual([]);
  });

  it('refuses to pin a conversation that is not there, and forgets the pin of one removed', async () => {
    const { core, create } = await started();
    expect((await core.call('chat.pin', { id: 'no-such-conversation', pinned: true })).error.code).toBe('not_found');
    const a = await create('Gone soon');
    await core.value('chat.pin', { id: a, pinned: true });
    await core.value('chat.remove', { id: a });
    expect((await core.value('chat.organisation')).placements).toEqual([]);
  });
});

describe('folders', () => {
  it('creates, renames, collapses and files conversations; all of it is there after a restart', async () => {
    const { dir, core, create } = await started();
    const a = await create('Trip plans');
    const b = await create('Recipes');
    const { created } = await core.value('chat.createFolder', { name: '  Travel  ' });
    expect(created.name).toBe('Travel');
    await core.value('chat.renameFolder', { id: created.id, name: 'Holidays' });
    await core.value('chat.moveToFolder', { id: a, folderId: created.id });
    await core.value('chat.collapseFolder', { id: created.id, collapsed: true });
    await core.value('chat.pin', { id: a, pinned: true });
    await core.close();

    const again = await cores.start(dir);
    const o = await again.value('chat.organisation');
    expect(o.folders).toEqual([{ id: created.id, name: 'Holidays', collapsed: true, createdAt: expect.any(Number) }]);
    expect(placementOf(o, a)).toMatchObject({ folderId: created.id, pinnedAt: expect.any(Number) });
    expect(placementOf(o, b).folderId).toBeUndefined();
    // Search still finds a conversation inside a folder: the list is of conversations, wherever filed.
    expect((await again.value('chat.list', { query: 'trip' })).map((c: any) => c.id)).toEqual([a]);
  });

  it('removing a folder keeps its conversations, at the top level and still pinned', async () => {
    const { core, create } = await started();
    const a = await create('Filed');
    const { created } = await core.value('chat.createFolder', { name: 'Work' });
    await core.value('chat.moveToFolder', { id: a, folderId: created.id });
    await core.value('chat.pin', { id: a, pinned: true });
    const o = await core.value('chat.removeFolder', { id: created.id });
    expect(o.folders).toEqual([]);
    expect(placementOf(o, a)).toEqual({ id: a, pinnedAt: expect.any(Number) });
    expect((await core.value('chat.list')).map((c: any) => c.id)).toEqual([a]);
    // The folder is gone: a second removal, a rename or a move into it says so.
    expect((await core.call('chat.removeFolder', { id: created.id })).error.code).toBe('not_found');
    expect((await core.call('chat.renameFolder', { id: created.id, name: 'x' })).error.code).toBe('not_found');
    expect((await core.call('chat.moveToFolder', { id: a, folderId: created.id })).error.code).toBe('not_found');
  });

  it('moving out of a folder puts the conversation back at the top level; a blank name is refused', async () => {
    const { core, create } = await started();
    const a = await create('Out again');
    const { created } = await core.value('chat.createFolder', { name: 'Tmp' });
    await core.value('chat.moveToFolder', { id: a, folderId: created.id });
    expect((await core.value('chat.moveToFolder', { id: a })).placements).toEqual([]);
    expect((await core.call('chat.createFolder', { name: '   ' })).error.code).toBe('invalid_input');
    expect((await core.call('chat.renameFolder', { id: created.id, name: 'x'.repeat(81) })).error.code).toBe('invalid_input');
  });
});

describe('a data folder from before pins and folders', () => {
  it('opens its version 2 index unchanged, and pins and folders never rewrite it', async () => {
    const dir = cores.freshDir();
    const conversations = join(dir, 'conversations');
    mkdirSync(conversations, { recursive: true });
    const file = {
      version: 1, id: 'old-one', title: 'Written by the previous release', titleSet: true, createdAt: 1000, updatedAt: 2000,
      settings: DEFAULT_CHAT_SETTINGS, messages: [{ id: 'u1', role: 'user', createdAt: 1500, text: 'Hello from before' }],
    };
    writeFileSync(join(conversations, 'old-one.json'), JSON.stringify(file));
    const index = JSON.stringify({ version: 2, conversations: [{ id: 'old-one', title: file.title, model: DEFAULT_CHAT_SETTINGS.model, createdAt: 1000, updatedAt: 2000, messageCount: 1 }] });
    writeFileSync(join(conversations, 'index.json'), index);

    const core = await cores.start(dir);
    expect((await core.value('chat.list')).map((c: any) => [c.id, c.title])).toEqual([['old-one', file.title]]);
    expect(await core.value('chat.organisation')).toEqual({ folders: [], placements: [] });
    const { created } = await core.value('chat.createFolder', { name: 'Old things' });
    await core.value('chat.moveToFolder', { id: 'old-one', folderId: created.id });
    await core.value('chat.pin', { id: 'old-one', pinned: true });
    await core.close();
    expect(readFileSync(join(conversations, 'index.json'), 'utf8')).toBe(index);
  });
});
