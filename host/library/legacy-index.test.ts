/**
 * The index file the previous release left in the data folder (written here by that release's
 * writer, test/previous-index.ts): imported into the database exactly, and, damaged in the ways a
 * disk or a hand can damage it, noticed, kept aside for the creator (docs/security.md), and the
 * library rebuilt from its sidecars with every item and every field intact.
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LibraryItem } from './library-item.js';
import { decodeIndex } from './index-format.js';
import { columnsOf, sortRows } from './index-columns.js';
import { encodeIndex, writeIndex } from './test/previous-index.js';
import { nodeDisk } from './disk.js';
import { incomingFile, meta, mp3Bytes, openLibrary, pngBytes, tempDirs, type TempDirs } from './test/fixtures.js';

let dirs: TempDirs;
beforeEach(async () => {
  dirs = await tempDirs();
});
afterEach(() => dirs.cleanup());

async function filled(): Promise<{ items: LibraryItem[]; bytes: Buffer }> {
  const lib = openLibrary(dirs);
  await lib.add({ source: await incomingFile(dirs, pngBytes(16, 9)), meta: meta({ createdAt: 1000, prompt: 'a fox\nwith a back\\slash' }), name: 'fox.png' });
  await lib.add({ source: await incomingFile(dirs, pngBytes(9, 16, 1)), meta: meta({ createdAt: 2000, prompt: '雪の中の狐', model: 'flux-pro' }), name: 'snow.png' });
  await lib.add({ source: await incomingFile(dirs, mp3Bytes()), meta: meta({ kind: 'audio', createdAt: 3000, prompt: 'a voice' }), name: 'voice.mp3' });
  await lib.close();
  const items = lib.list().items;
  // The data folder as the previous release left it: its index file, no database.
  await rm(path.dirname(dirs.database), { recursive: true });
  const columns = columnsOf(items);
  sortRows(columns);
  await writeIndex(nodeDisk, dirs.indexFile, { root: path.resolve(dirs.root), dirs: {}, columns });
  return { items, bytes: await readFile(dirs.indexFile) };
}

/** Each damage: a name and what it does to the file's bytes. */
const DAMAGES: [string, (b: Buffer) => Buffer][] = [
  ['cut short', (b) => b.subarray(0, b.length - 7)],
  ['cut inside its header', (b) => b.subarray(0, 20)],
  ['one byte longer', (b) => Buffer.concat([b, Buffer.from('x')])],
  ['empty', () => Buffer.alloc(0)],
  ['a kind letter changed', (b) => swap(b, (h, s) => ({ ...s, kind: s.kind.replace('i', 'x') }))],
  ['an id with a slash', (b) => swap(b, (h, s) => ({ ...s, id: `../${s.id.slice(3)}` }))],
  ['a date that is not a number', (b) => { const c = Buffer.from(b); c.writeDoubleLE(NaN, sectionStart(c, 6)); return c; }],
  ['a model index past the models', (b) => { const c = Buffer.from(b); c.writeUInt32LE(99, sectionStart(c, 5)); return c; }],
  ['invalid UTF-8 in the prompts', (b) => { const c = Buffer.from(b); c[sectionStart(c, 4)] = 0xff; return c; }],
  ['a header that counts one item more', (b) => Buffer.from(b.toString('latin1').replace('"count":3', '"count":4'), 'latin1')],
];

/** Where section `i` (index-format.ts's order) starts. */
function sectionStart(b: Buffer, i: number): number {
  const end = b.indexOf(10);
  const header = JSON.parse(b.toString('utf8', 0, end)) as { bytes: number[] };
  return end + 1 + header.bytes.slice(0, i).reduce((a, n) => a + n, 0);
}

/** Replaces the text of the id and kind sections, keeping the header's lengths true. */
function swap(b: Buffer, change: (header: unknown, s: { id: string; kind: string }) => { id: string; kind: string }): Buffer {
  const ids = b.toString('utf8', sectionStart(b, 0), sectionStart(b, 1));
  const kinds = b.toString('utf8', sectionStart(b, 1), sectionStart(b, 2));
  const next = change(null, { id: ids, kind: kinds });
  const end = b.indexOf(10);
  const header = JSON.parse(b.toString('utf8', 0, end)) as { bytes: number[] };
  header.bytes[0] = Buffer.byteLength(next.id);
  header.bytes[1] = Buffer.byteLength(next.kind);
  return Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), Buffer.from(next.id), Buffer.from(next.kind), b.subarray(sectionStart(b, 2))]);
}

describe('the previous release\'s index file', () => {
  it('is imported with prompts with line breaks, backslashes and any script exactly, without reading a sidecar', async () => {
    const { items, bytes } = await filled();
    const read = decodeIndex(bytes);
    expect(read.columns.prompt).toEqual(items.map((i) => i.prompt));
    expect(decodeIndex(encodeIndex({ root: '/r', dirs: {}, columns: columnsOf([]) })).columns.id).toEqual([]);
    const reads: string[] = [];
    const lib = openLibrary(dirs, { disk: { readFile: (p: string) => (reads.push(p), nodeDisk.readFile(p)) } });
    expect(await lib.open()).toBe(3);
    expect(reads).toEqual([dirs.indexFile]);
    await lib.close();
    expect(existsSync(dirs.indexFile)).toBe(false);
    expect(await readFile(`${dirs.indexFile}.imported`)).toEqual(bytes);
    const next = openLibrary(dirs);
    expect(await next.open()).toBe(3);
    expect(next.list().items).toEqual(items);
  });

  it('is imported again when a start was killed before the import was confirmed', async () => {
    const { items } = await filled();
    // A database holding only part of the rows, the old file still under its own name.
    const partial = openLibrary({ ...dirs, indexFile: `${dirs.indexFile}.none` });
    await partial.open();
    await partial.close();
    const db = new Database(dirs.database);
    db.prepare('DELETE FROM library_items WHERE id IN (?, ?)').run(items[0].id, items[1].id);
    db.close();
    const lib = openLibrary(dirs);
    expect(await lib.open()).toBe(3);
    expect(lib.list().items).toEqual(items);
    await lib.close();
    expect(existsSync(dirs.indexFile)).toBe(false);
    expect(existsSync(`${dirs.indexFile}.imported`)).toBe(true);
  });

  it.each(DAMAGES)('%s: kept aside, and the library rebuilt from its sidecars with nothing lost', async (_what, damage) => {
    const { items, bytes } = await filled();
    const damaged = damage(bytes);
    await writeFile(dirs.indexFile, damaged);
    const backups: (string | null)[] = [];
    const lines: string[] = [];
    const lib = openLibrary(dirs, { onUnreadable: (b) => backups.push(b) }, lines);
    expect(await lib.open()).toBe(3);
    expect(lib.list().items).toEqual(items);
    expect(lines.join('\n')).toMatch(/damaged/);
    expect(lines.join('\n')).not.toMatch(/could not/);
    expect(backups).toHaveLength(1);
    expect(await readFile(path.join(path.dirname(dirs.indexFile), backups[0]!))).toEqual(damaged);
    await lib.close();
    // The database holds the rebuilt index: the next open reads it without complaint.
    const next = openLibrary(dirs, {}, lines);
    lines.length = 0;
    expect(await next.open()).toBe(3);
    expect(lines.filter((l) => !/removed/.test(l))).toEqual([]);
    expect((await readdir(path.dirname(dirs.indexFile))).filter((n) => n.includes('unreadable'))).toHaveLength(1);
  });
});
