/** Real media and temp folders for the library's tests (not used at runtime). */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import jpeg from 'jpeg-js';
import pngjs from 'pngjs';
import { Library, type LibraryOptions } from '../library.js';
import type { LibraryItemMeta } from '../library-item.js';

export interface TempDirs {
  base: string;
  root: string;
  /** The studio database the library's rows are in. */
  database: string;
  /** Where the previous release kept its index file (imported on open when there is one). */
  indexFile: string;
  incoming: string;
  /** Libraries opened on these folders; closed before the folders go, so no index write races rm. */
  opened: Library[];
  cleanup(): Promise<void>;
}

export async function tempDirs(): Promise<TempDirs> {
  const base = await mkdtemp(path.join(os.tmpdir(), 'studio-library-'));
  const opened: Library[] = [];
  return {
    base,
    opened,
    root: path.join(base, 'Library'),
    database: path.join(base, 'data', 'studio.db'),
    indexFile: path.join(base, 'data', 'library-index.json'),
    incoming: base,
    cleanup: async () => {
      await Promise.all(opened.map((lib) => lib.close()));
      await rm(base, { recursive: true, force: true });
    },
  };
}

/**
 * Pictures get thumbnails (sharp); videos get no poster unless `ffmpeg: true` is passed (thumbnail.test.ts covers both).
 * Files are saved byte for byte unless `metadata: true` is passed (embed-metadata.test.ts).
 */
export function openLibrary(dirs: TempDirs, extra: Partial<LibraryOptions> = {}, lines: string[] = []): Library {
  const lib = new Library({ root: dirs.root, db: dirs.database, legacyIndex: dirs.indexFile, log: (l) => lines.push(l), ffmpeg: false, metadata: false, ...extra });
  dirs.opened.push(lib);
  return lib;
}

/** A gradient with a seed-dependent tint, so that two files of the same size differ. */
export function pngBytes(width: number, height: number, seed = 0, alpha = false): Buffer {
  const png = new pngjs.PNG({ width, height });
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    const y = Math.floor(i / width);
    png.data.set([(x * 255) / width, (y * 255) / height, (seed * 37) % 256, alpha && x < width / 2 ? 0 : 255], i * 4);
  }
  // Colour type 2 (RGB) unless transparency is wanted, as real generators write them.
  return pngjs.PNG.sync.write(png, { colorType: alpha ? 6 : 2 });
}

export function jpegBytes(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4, 200);
  return Buffer.from(jpeg.encode({ data, width, height }, 80).data);
}

/** An MPEG-1 layer III frame header after an ID3v2 tag: enough for typing, not for playback. */
export function mp3Bytes(): Buffer {
  return Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'), Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(400)]);
}

let counter = 0;
export async function incomingFile(dirs: TempDirs, bytes: Buffer): Promise<string> {
  const file = path.join(dirs.incoming, `download-${++counter}.part`);
  await writeFile(file, bytes);
  return file;
}

export function meta(over: Partial<LibraryItemMeta> = {}): LibraryItemMeta {
  return { kind: 'image', prompt: 'A fox in snow', model: 'seedream-4-5', params: { size: '1024x1024' }, createdAt: 1_750_000_000_000, ...over };
}
