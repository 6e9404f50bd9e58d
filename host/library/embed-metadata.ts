/**
 * The step of a save that writes the prompt and settings into the file itself (docs/library-files.md,
 * "Metadata inside the files"). It makes a tagged copy beside the library's target and never
 * changes the incoming file, so whatever goes wrong (a damaged PNG, a full disk, ffmpeg missing)
 * the save goes on with the file exactly as it came: metadata is welcome, never required.
 */
import { open } from 'node:fs/promises';
import { sniff, type Sniffed } from '@media/sniff.js';
import type { DiskOps } from './disk.js';
import { fileMetadata, SOFTWARE } from './file-metadata.js';
import { jpegExifPieces } from './jpeg-exif.js';
import type { LibraryItemMeta } from './library-item.js';
import { tagVideo, type TagOptions } from './mp4-tags.js';
import { pngTextPieces } from './png-text.js';

/** Pictures are rewritten in memory; one larger than this is saved as it came. */
export const MAX_TAGGED_IMAGE_BYTES = 128 * 1024 * 1024;
/** The keyword of the PNG chunk that holds the whole record as JSON. */
export const PNG_JSON_KEYWORD = 'gateway-studio';

export interface EmbedOptions {
  disk: DiskOps;
  /** False: videos are saved untagged (no native ffmpeg is run). */
  ffmpeg: boolean;
  video?: TagOptions;
}

export type Embedded = { ok: true } | { ok: false; reason: string };

async function fsync(path: string): Promise<void> {
  const fh = await open(path, 'r+');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

async function tagImage(bytes: Buffer, type: Sniffed, meta: LibraryItemMeta): Promise<Buffer[]> {
  const words = fileMetadata({ ...meta, width: type.width ?? meta.width, height: type.height ?? meta.height });
  // Pieces of the new file, written one after another: a large picture is never copied on the loop.
  const pieces = type.mime === 'image/png'
    ? await pngTextPieces(bytes, [
      { keyword: 'parameters', text: words.parameters },
      { keyword: 'Description', text: words.description },
      { keyword: 'Software', text: SOFTWARE },
      { keyword: PNG_JSON_KEYWORD, text: words.json },
    ])
    : jpegExifPieces(bytes, words);
  // Checked rather than trusted: the tagged file must still be the same picture to a reader.
  const check = await sniff(headOf(pieces, 64 * 1024));
  if (check?.mime !== type.mime || check.width !== type.width || check.height !== type.height) throw new Error('the tagged copy does not read as the same picture');
  return pieces;
}

/** The first `bytes` of the file that `pieces` make. */
function headOf(pieces: readonly Buffer[], bytes: number): Buffer {
  const head: Buffer[] = [];
  let left = bytes;
  for (const piece of pieces) {
    if (left <= 0) break;
    head.push(piece.subarray(0, left));
    left -= piece.length;
  }
  return Buffer.concat(head);
}

/**
 * Writes `source` with its metadata to `target` (a new, hidden name in the library folder) and
 * fsyncs it; on failure `target` does not exist and the reason is returned.
 */
export async function embedMetadata(source: string, type: Sniffed, meta: LibraryItemMeta, target: string, opts: EmbedOptions): Promise<Embedded> {
  const fail = async (err: unknown): Promise<Embedded> => {
    await opts.disk.unlink(target).catch(() => undefined);
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  };
  try {
    if (type.mime === 'image/png' || type.mime === 'image/jpeg') {
      if ((await opts.disk.size(source)) > MAX_TAGGED_IMAGE_BYTES) return { ok: false, reason: 'too large to tag in memory' };
      await opts.disk.writeDurable(target, await tagImage(await opts.disk.readFile(source), type, meta));
      return { ok: true };
    }
    if (type.kind === 'video' && opts.ffmpeg) {
      const why = await tagVideo(source, type.mime, fileMetadata(meta), target, opts.video);
      if (why) return { ok: false, reason: why };
      await fsync(target);
      return { ok: true };
    }
    return { ok: false, reason: `no metadata for ${type.mime}` };
  } catch (err) {
    return fail(err);
  }
}
