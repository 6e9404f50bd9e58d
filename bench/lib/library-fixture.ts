/**
 * A large library on disk for benchmarks, written directly (media file, sidecar, thumbnail per
 * item) rather than through `Library.add`, which fsyncs and decodes every file: 100,000 saves
 * would take an hour, and what is measured is opening and reading the library, not saving. Its
 * rows are written to a studio database by the host's own code (`writeLibraryDatabase`), as a
 * library the studio has opened before has them; `writeLibraryIndex` writes the previous
 * release's index file instead (the import's benchmark).
 * Sidecars follow the `LibraryItem` schema (a cold open validates each one), prompts are drawn
 * from a fixed vocabulary with a seeded generator, so searches hit the same items in every run.
 */
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import jpeg from 'jpeg-js';
import type { LibraryItem } from '@host/library/library-item.js';
import { monthFolder } from '@host/library/names.js';
import { columnsOf, sortRows } from '@host/library/index-columns.js';
import { writeIndex } from '@host/library/test/previous-index.js';
import { openDatabase } from '@host/db/database.js';
import { LibraryTable, libraryMigrations } from '@host/library/library-table.js';
import { nodeDisk } from '@host/library/disk.js';
import { reconcile } from '@host/library/scan.js';

export const VOCABULARY = ('fox owl heron lighthouse harbor glacier desert canyon forest meadow city alley market rooftop ' +
  'portrait landscape macro aerial underwater night dawn dusk storm fog snow rain neon pastel golden watercolor ' +
  'oil charcoal pixel isometric cinematic film grain bokeh wide telephoto ancient futuristic cozy lonely vibrant ' +
  'muted red blue green amber violet silver copper marble velvet paper glass robot dragon whale cat dog horse ' +
  'bicycle train sailboat castle bridge temple garden library kitchen studio festival parade dancer musician').split(' ');

const MODELS = { image: ['seedream-4-5', 'flux-pro', 'gpt-image-1', 'imagen-4'], video: ['modelg3', 'wan2.5-t2v-preview', 'veo-3'], audio: ['tts-1', 'tts-1-hd'] };

/** mulberry32: small, fast and the same on every machine. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 320 px JPEG (the size of real thumbnails) with a gradient, in one of a few tints. */
function thumbnail(width: number, height: number, tint: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    const y = (i / width) | 0;
    data[i * 4] = (x * 255) / width;
    data[i * 4 + 1] = (y * 255) / height;
    data[i * 4 + 2] = (tint * 53) % 256;
    data[i * 4 + 3] = 255;
  }
  return Buffer.from(jpeg.encode({ data, width, height }, 75).data);
}

/** Runs `tasks` with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, task: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) await task(items[next++]);
  }));
}

/** Fields a benchmark adds to item `i` (curation, lineage) before its sidecar is written; `rand` is the fixture's own sequence. */
export type Decorate = (i: number, rand: () => number, item: LibraryItem) => Partial<LibraryItem>;

/** Writes `count` items under `root` and returns them (newest last). */
export async function writeLibrary(root: string, count: number, seed = 7, decorate?: Decorate): Promise<LibraryItem[]> {
  const rand = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const thumbs = {
    image: Array.from({ length: 8 }, (_, i) => thumbnail(320, 320, i)),
    video: Array.from({ length: 8 }, (_, i) => thumbnail(320, 180, i + 8)),
  };
  const audio = Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'), Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(400)]);
  // One item every 50 minutes, ending now: about two years of monthly folders.
  const start = Date.now() - count * 50 * 60_000;
  const items: LibraryItem[] = [];
  const files: { rel: string; data: Buffer | string }[] = [];
  for (let i = 0; i < count; i++) {
    const kind = i % 10 < 7 ? 'image' : i % 10 < 9 ? 'video' : 'audio';
    const words = Array.from({ length: 8 + Math.floor(rand() * 7) }, () => pick(VOCABULARY));
    const id = `bench${i.toString(16).padStart(8, '0')}`;
    const createdAt = start + i * 50 * 60_000;
    const ext = kind === 'image' ? '.jpg' : kind === 'video' ? '.mp4' : '.mp3';
    const file = `${monthFolder(createdAt + 30_000)}/${words.slice(0, 4).join(' ')} ${i}${ext}`;
    // Pictures stand in for both the media file and its thumbnail; the grid only shows the latter.
    const picture = kind === 'audio' ? undefined : pick(thumbs[kind]);
    const media = picture ?? audio;
    const thumb = kind === 'audio' ? undefined : `.thumbs/${id}.jpg`;
    const item: LibraryItem = {
      version: 1, id, kind, file, bytes: media.length, prompt: words.join(' '), model: pick(MODELS[kind]),
      mime: kind === 'image' ? 'image/jpeg' : kind === 'video' ? 'video/mp4' : 'audio/mpeg',
      params: { seed: Math.floor(rand() * 1e9), size: kind === 'video' ? '1280x720' : '1024x1024' },
      createdAt, savedAt: createdAt + 30_000, thumb, taskId: `task-${id}`,
      ...(kind === 'image' ? { width: 1024, height: 1024 } : kind === 'video' ? { width: 1280, height: 720, durationSeconds: 5 } : { durationSeconds: 4 }),
    };
    if (decorate) Object.assign(item, decorate(i, rand, item));
    items.push(item);
    files.push({ rel: file, data: media }, { rel: `${file}.json`, data: JSON.stringify(item, null, 2) });
    if (thumb && picture) files.push({ rel: thumb, data: picture });
  }
  const dirs = [...new Set(files.map((f) => path.dirname(f.rel)))];
  for (const d of dirs) await mkdir(path.join(root, d), { recursive: true });
  await pool(files, 64, (f) => writeFile(path.join(root, f.rel), f.data));
  // A folder changed in the last 2 s is read again on every open (scan.ts: coarse file-system
  // clocks); back-dating them makes the next open see a settled library, as a real one is.
  const past = new Date(Date.now() - 60_000);
  for (const d of [...dirs, '.']) await utimes(path.join(root, d), past, past);
  return items;
}

/**
 * The rows of a library written by `writeLibrary` and the folder times the next open compares
 * (found by the host's own scan, which reads folders but, knowing every item, no sidecar).
 */
async function indexOf(root: string, items: readonly LibraryItem[]) {
  const columns = columnsOf(items);
  sortRows(columns);
  const { dirs, added, keep } = await reconcile(nodeDisk, path.resolve(root), { ids: columns.id, files: columns.file, dirs: {} }, () => undefined);
  if (added.length > 0 || keep) throw new Error('the library on disk differs from the items written');
  return { root: path.resolve(root), dirs, columns };
}

/** The library's rows in a studio database, as a start of the studio leaves them. */
export async function writeLibraryDatabase(root: string, file: string, items: readonly LibraryItem[]): Promise<void> {
  const { dirs, columns } = await indexOf(root, items);
  const db = openDatabase({ file, domains: [libraryMigrations] });
  try {
    await new LibraryTable(db.forDomain('library')).apply({ root: path.resolve(root), dirs, importedFrom: null }, { removeAll: true, add: columns });
  } finally {
    db.close();
  }
}

/** The index file the previous release wrote for the library (what the first start imports). */
export async function writeLibraryIndex(root: string, indexFile: string, items: readonly LibraryItem[]): Promise<void> {
  await writeIndex(nodeDisk, indexFile, await indexOf(root, items));
}
