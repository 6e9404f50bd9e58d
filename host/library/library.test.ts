import { readFile, readdir, rename, rm, stat, unlink, utimes, writeFile, mkdir } from 'node:fs/promises';
import { existsSync, readdirSync } from 'node:fs';
import { englishText } from '@shared/messages/index.js';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LibraryItem } from './library-item.js';
import { nodeDisk, type LibraryError } from './disk.js';
import Database from 'better-sqlite3';
import { monthFolder } from './names.js';
import { incomingFile, jpegBytes, meta, mp3Bytes, openLibrary, pngBytes, tempDirs, type TempDirs } from './test/fixtures.js';

let dirs: TempDirs;
beforeEach(async () => {
  dirs = await tempDirs();
});
afterEach(async () => {
  await dirs.cleanup();
});

const NOW = new Date(2025, 5, 15, 12).getTime();

describe('Library.add / get / list', () => {
  it('moves the file under <root>/<YYYY-MM>/, commits a sidecar, and lists it', async () => {
    const lib = openLibrary(dirs, { now: () => NOW });
    expect(await lib.open()).toBe(0);
    const bytes = pngBytes(64, 48);
    const source = await incomingFile(dirs, bytes);
    const item = await lib.add({ source, meta: meta({ taskId: 'task_1', sourceUrl: 'https://x/y.png' }), name: 'seedream-4-5 a fox in snow.png' });

    expect(item.file).toBe(`${monthFolder(NOW)}/seedream-4-5 a fox in snow.png`);
    expect(item).toMatchObject({ kind: 'image', mime: 'image/png', width: 64, height: 48, bytes: bytes.length, savedAt: NOW, taskId: 'task_1' });
    const abs = lib.resolve(item.file);
    expect((await readFile(abs)).equals(bytes)).toBe(true);
    expect(existsSync(source)).toBe(false);
    expect(LibraryItem.parse(JSON.parse(await readFile(`${abs}.json`, 'utf8')))).toEqual(item);
    expect(lib.get(item.id)).toEqual(item);
    expect(lib.list()).toEqual({ items: [item], total: 1 });
  });

  it('filters by kind, model and date, searches prompts and models, pages newest first', async () => {
    const lib = openLibrary(dirs);
    await lib.open();
    const add = async (bytes: Buffer, over: Parameters<typeof meta>[0], name: string) =>
      lib.add({ source: await incomingFile(dirs, bytes), meta: meta(over), name });
    const fox = await add(pngBytes(8, 8), { prompt: 'A red FOX in snow', model: 'seedream-4-5', createdAt: 1000 }, 'fox.png');
    const owl = await add(jpegBytes(8, 8), { prompt: 'An owl at night', model: 'flux-pro', createdAt: 3000 }, 'owl.jpg');
    const song = await add(mp3Bytes(), { kind: 'audio', prompt: 'Narrate: the fox sleeps', model: 'tts-1', createdAt: 2000 }, 'song.mp3');

    expect(lib.list().items.map((i) => i.id)).toEqual([owl.id, song.id, fox.id]);
    expect(song).toMatchObject({ kind: 'audio', mime: 'audio/mpeg' });
    expect(lib.list({ kind: 'audio' }).items).toEqual([song]);
    expect(lib.list({ model: 'flux-pro' }).items).toEqual([owl]);
    expect(lib.list({ from: 1500, to: 3000 }).items).toEqual([owl, song]);
    expect(lib.list({ text: 'fox' }).items).toEqual([song, fox]);
    expect(lib.list({ text: '  SNOW   red ' }).items).toEqual([fox]);
    expect(lib.list({ text: 'FLUX' }).items).toEqual([owl]);
    expect(lib.list({ text: 'fox', kind: 'image' }).items).toEqual([fox]);
    expect(lib.list({ offset: 1, limit: 1 })).toEqual({ items: [song], total: 3 });
    expect(lib.models()).toEqual(['flux-pro', 'seedream-4-5', 'tts-1']);
  });

  it('never overwrites: two saves under one name give two intact files', async () => {
    const lib = openLibrary(dirs);
    const a = pngBytes(20, 20, 1);
    const b = pngBytes(20, 20, 2);
    const [x, y] = await Promise.all([
      lib.add({ source: await incomingFile(dirs, a), meta: meta(), name: 'same.png' }),
      lib.add({ source: await incomingFile(dirs, b), meta: meta(), name: 'same.png' }),
    ]);
    const third = await lib.add({ source: await incomingFile(dirs, a), meta: meta(), name: 'same.png' });
    const names = [x, y, third].map((i) => path.basename(i.file)).sort();
    expect(names).toEqual(['same (2).png', 'same (3).png', 'same.png']);
    expect((await readFile(lib.resolve(x.file))).equals(a)).toBe(true);
    expect((await readFile(lib.resolve(y.file))).equals(b)).toBe(true);
  });

  it('types the file by its content and fixes a wrong extension', async () => {
    const lib = openLibrary(dirs);
    const item = await lib.add({ source: await incomingFile(dirs, jpegBytes(30, 10)), meta: meta({ kind: 'video', mime: 'video/mp4' }), name: 'clip.png' });
    expect(path.basename(item.file)).toBe('clip.jpg');
    expect(item).toMatchObject({ kind: 'image', mime: 'image/jpeg', width: 30, height: 10 });
  });

  it('refuses bytes that are no picture, video or sound, whatever the name and the caller say, and keeps nothing of them', async () => {
    const lib = openLibrary(dirs);
    const cases: [Buffer, string][] = [
      [Buffer.from('<!DOCTYPE html><html><body>Sign in</body></html>'), 'it is a web page or other markup'],
      [Buffer.from('{"error":"expired"}'), 'it is JSON text'],
      [Buffer.from('no magic here'), 'it is plain text'],
      [Buffer.alloc(0), 'it is empty'],
      [Buffer.from([0, 1, 2, 3, 0xff, 0xfe]), 'it is data of a kind the studio does not keep'],
    ];
    for (const [bytes, what] of cases) {
      const source = await incomingFile(dirs, bytes);
      const err = await lib.add({ source, meta: meta({ mime: 'image/png' }), name: 'what.exe' }).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'not_media' });
      expect(englishText((err as LibraryError).text)).toBe(`The result is not a picture, video or sound file (${what}), so it was not saved.`);
      // The caller's file is left to it (a save that fails is never a silent loss).
      expect(existsSync(source)).toBe(true);
    }
    expect(lib.list().items).toEqual([]);
    expect(existsSync(dirs.root) ? readdirSync(dirs.root, { recursive: true }).filter((f) => !String(f).startsWith('.')) : []).toEqual([]);
  });

  it('sanitizes hostile names', async () => {
    const lib = openLibrary(dirs);
    const item = await lib.add({ source: await incomingFile(dirs, pngBytes(4, 4)), meta: meta(), name: '../../etc/con\u0007:x*.png' });
    expect(path.basename(item.file)).toBe('etc con x.png');
    expect(path.dirname(lib.resolve(item.file))).toBe(path.join(dirs.root, item.file.split('/')[0]));
  });

  it('drops the bidi override, zero-width and C0/C1 characters from a saved file name', async () => {
    const lib = openLibrary(dirs);
    // "fox<U+202E>gnp.exe" shows as "foxexe.png" in a file manager; the rest are invisible.
    const item = await lib.add({ source: await incomingFile(dirs, pngBytes(4, 4)), meta: meta(), name: 'fox\u202egnp.exe\u200b\u2066\ufeff in\x9b\x1bsnow\u061c\u200e.png' });
    expect(path.basename(item.file)).toBe('foxgnp.exe in snow.png');
    expect(await readdir(path.dirname(lib.resolve(item.file)))).toContain('foxgnp.exe in snow.png');
  });

  it('remove deletes media, sidecar and thumbnail, also after a reopen', async () => {
    const lib = openLibrary(dirs);
    const keep = await lib.add({ source: await incomingFile(dirs, pngBytes(40, 40)), meta: meta(), name: 'keep.png' });
    const gone = await lib.add({ source: await incomingFile(dirs, pngBytes(40, 40, 3)), meta: meta(), name: 'gone.png' });
    expect(gone.thumb).toBeDefined();
    expect(await lib.remove(gone.id)).toBe(true);
    expect(await lib.remove(gone.id)).toBe(false);
    for (const p of [gone.file, `${gone.file}.json`, gone.thumb!]) expect(existsSync(lib.resolve(p))).toBe(false);
    expect(lib.list().items).toEqual([keep]);
    await lib.close();
    const again = openLibrary(dirs);
    expect(await again.open()).toBe(1);
    expect(again.get(gone.id)).toBeUndefined();
  });
});

describe('Library index', () => {
  async function filled(): Promise<{ items: LibraryItem[] }> {
    const lib = openLibrary(dirs);
    for (let i = 0; i < 4; i++) {
      await lib.add({ source: await incomingFile(dirs, pngBytes(16, 16, i)), meta: meta({ createdAt: 1000 + i, prompt: `p${i}` }), name: `img ${i}.png` });
    }
    await lib.add({ source: await incomingFile(dirs, mp3Bytes()), meta: meta({ kind: 'audio', createdAt: 5000 }), name: 'voice.mp3' });
    await lib.close();
    return { items: lib.list().items };
  }

  /** Takes the database away, as a creator deleting the data folder's files (or a damaged one set aside) does. */
  async function dropDatabase(): Promise<void> {
    await Promise.all(dirs.opened.map((l) => l.close()));
    for (const f of [dirs.database, `${dirs.database}-wal`, `${dirs.database}-shm`]) await unlink(f).catch(() => undefined);
  }

  it('reopens from the database, reading no sidecar', async () => {
    const { items } = await filled();
    expect(existsSync(dirs.database)).toBe(true);
    const reads: string[] = [];
    const lib = openLibrary(dirs, { disk: { readFile: (p: string) => (reads.push(p), nodeDisk.readFile(p)) } });
    expect(await lib.open()).toBe(5);
    expect(lib.list().items).toEqual(items);
    expect(reads.filter((p) => p.endsWith('.json'))).toEqual([]);
  });

  it('is rebuilt identically from the sidecars when the database is gone', async () => {
    const { items } = await filled();
    await dropDatabase();
    const lib = openLibrary(dirs);
    expect(await lib.open()).toBe(5);
    expect(lib.list().items).toEqual(items);
    await lib.close();
    expect(existsSync(dirs.database)).toBe(true);
  });

  it('is rebuilt when its rows were written for another library folder', async () => {
    const { items } = await filled();
    const elsewhere = openLibrary({ ...dirs, root: path.join(dirs.base, 'Elsewhere') });
    expect(await elsewhere.open()).toBe(0);
    await elsewhere.close();
    const lib = openLibrary(dirs);
    expect(await lib.open()).toBe(5);
    expect(lib.list().items).toEqual(items);
  });

  it('re-reads only folders that changed since its rows were written', async () => {
    const { items } = await filled();
    // Age every folder past the settle window, as a library untouched for a while would be.
    const past = new Date(Date.now() - 3_600_000);
    const month = path.join(dirs.root, items[0].file.split('/')[0]);
    await utimes(month, past, past);
    await utimes(dirs.root, past, past);
    await dropDatabase();
    await openLibrary(dirs).open();
    await dirs.opened.at(-1)!.close();

    const reads: string[] = [];
    const spy = { readdir: (p: string) => (reads.push(p), nodeDisk.readdir(p)), readFile: (p: string) => (reads.push(p), nodeDisk.readFile(p)) };
    const quiet = openLibrary(dirs, { disk: spy });
    expect(await quiet.open()).toBe(5);
    expect(reads).toEqual([]);
    expect(quiet.list().items).toEqual(items);
    await quiet.close();

    // A save by another process (or one a kill kept out of the database) changes the folder's mtime.
    const extra = openLibrary({ ...dirs, database: path.join(dirs.base, 'other.db') });
    const added = await extra.add({ source: await incomingFile(dirs, pngBytes(8, 8)), meta: meta({ createdAt: 9000 }), name: 'new.png' });
    reads.length = 0;
    const again = openLibrary(dirs, { disk: spy });
    expect(await again.open()).toBe(6);
    expect(again.get(added.id)).toEqual(added);
    expect(reads).toEqual([month, `${again.resolve(added.file)}.json`]);
  });

  it('finds the items of a month folder renamed by hand, and drops those of one deleted by hand', async () => {
    const saved: LibraryItem[] = [];
    for (const [i, month] of [[0, 0], [1, 0], [2, 1], [3, 1], [4, 2]]) {
      const lib = openLibrary(dirs, { now: () => new Date(2025, month, 15).getTime() });
      saved.push(await lib.add({ source: await incomingFile(dirs, pngBytes(8, 8, i)), meta: meta({ createdAt: 1000 + i }), name: `img ${i}.png` }));
      await lib.close();
    }
    const folders = ['2025-01', '2025-02', '2025-03'];
    const past = new Date(Date.now() - 3_600_000);
    for (const f of folders) await utimes(path.join(dirs.root, f), past, past);
    await utimes(dirs.root, past, past);
    // A start that records the settled folders: the next one reads none of them again.
    await openLibrary(dirs).open();
    await dirs.opened.at(-1)!.close();

    await rename(path.join(dirs.root, '2025-02'), path.join(dirs.root, 'February'));
    await rm(path.join(dirs.root, '2025-03'), { recursive: true });
    const lib = openLibrary(dirs);
    expect(await lib.open()).toBe(4);
    await lib.searchReady();
    const listed = lib.list().items;
    expect(listed.map((i) => i.id).sort()).toEqual(saved.slice(0, 4).map((i) => i.id).sort());
    expect(listed.filter((i) => i.file.startsWith('February/')).map((i) => i.id).sort()).toEqual([saved[2].id, saved[3].id].sort());
    expect(lib.get(saved[4].id)).toBeUndefined();
    await lib.close();
    // The rows now say so too: a later start lists the same.
    const again = openLibrary(dirs);
    expect(await again.open()).toBe(4);
    expect(again.list().items).toEqual(listed);
  });

  it('skips a damaged sidecar and keeps the others', async () => {
    const { items } = await filled();
    await dropDatabase();
    const victim = items[2];
    await writeFile(path.join(dirs.root, `${victim.file}.json`), '{"version":1,"id":');
    const lines: string[] = [];
    const lib = openLibrary(dirs, {}, lines);
    expect(await lib.open()).toBe(4);
    expect(lib.list().items).toEqual(items.filter((i) => i !== victim));
    expect(lines.some((l) => l.includes(`${victim.file}.json`))).toBe(true);
  });

  it('does not list media without a sidecar, nor a sidecar without media', async () => {
    const { items } = await filled();
    const month = path.join(dirs.root, items[0].file.split('/')[0]);
    await writeFile(path.join(month, 'orphan.png'), pngBytes(4, 4));
    await unlink(path.join(dirs.root, items[1].file));
    const lib = openLibrary(dirs);
    expect(await lib.open()).toBe(4);
    expect(lib.list().items.map((i) => i.file)).not.toContain(items[1].file);
    expect(lib.list().items.some((i) => i.file.endsWith('orphan.png'))).toBe(false);
  });

  it('skips a copy of an item (same id) made by hand', async () => {
    const { items } = await filled();
    const src = path.join(dirs.root, items[0].file);
    await writeFile(`${src} copy.png`, await readFile(src));
    await writeFile(`${src} copy.png.json`, await readFile(`${src}.json`));
    const lines: string[] = [];
    const lib = openLibrary(dirs, {}, lines);
    expect(await lib.open()).toBe(5);
    expect(lib.get(items[0].id)).toEqual(items[0]);
    expect(lines.join('\n')).toMatch(/copy\.png: its id is already used/);
  });

  it('loses nothing when the process dies between the sidecar and the row', async () => {
    const lib = openLibrary(dirs);
    await lib.add({ source: await incomingFile(dirs, pngBytes(8, 8)), meta: meta(), name: 'early.png' });
    const item = await lib.add({ source: await incomingFile(dirs, pngBytes(8, 8)), meta: meta(), name: 'late.png' });
    await lib.close();
    // As a kill right after the sidecar's commit leaves it: the row never reached the database.
    const db = new Database(dirs.database);
    db.prepare('DELETE FROM library_items WHERE id = ?').run(item.id);
    db.close();
    const next = openLibrary(dirs);
    expect(await next.open()).toBe(2);
    expect(next.get(item.id)).toEqual(item);
  });

  it('treats a missing library folder as empty and ignores its own hidden files', async () => {
    const lib = openLibrary(dirs);
    expect(await lib.open()).toBe(0);
    await mkdir(path.join(dirs.root, '2025-01'), { recursive: true });
    await writeFile(path.join(dirs.root, '2025-01', '.abc.part'), 'x');
    expect((await stat(dirs.root)).isDirectory()).toBe(true);
    expect(await openLibrary(dirs).open()).toBe(0);
    expect(await readdir(path.join(dirs.root, '2025-01'))).toEqual(['.abc.part']);
  });
});
