/**
 * The steps of a save that put files in the library (library.ts has their order and why): the
 * thumbnail, the copy with the prompt and settings inside, and the file placed under a free name.
 * Each pushes how to undo it, so a failure before the commit leaves nothing behind.
 */
import path from 'node:path';
import { msg } from '@shared/messages/index.js';
import { sniff, SNIFF_BYTES, type Sniffed } from '@media/sniff.js';
import { whatBytesAre } from './not-media.js';
import { probeMp4, type Mp4Header } from '@media/mp4-probe.js';
import type { LibraryItemMeta } from './library-item.js';
import { discard, errno, explain, LibraryError, withText, writeAtomic, type DiskOps } from './disk.js';
import { candidateName } from './names.js';
import { makeThumbnail } from './thumbnail.js';
import type { PosterOptions } from './poster.js';
import { embedMetadata } from './embed-metadata.js';

export type Undo = () => Promise<unknown>;

export interface SaveContext {
  root: string;
  disk: DiskOps;
  log: (line: string) => void;
  /** False: files are saved exactly as they came (embed-metadata.ts). */
  metadata: boolean;
  ffmpeg: boolean;
  thumbnails: PosterOptions;
  /** Absolute path of a library-relative one, refusing anything outside the root. */
  resolve(rel: string): string;
}

/**
 * Puts the file under the first free name. The name is claimed with an exclusive create, so two
 * saves can never pick the same one, and the file then replaces only our own empty placeholder.
 */
export async function placeFile(ctx: SaveContext, source: string, dir: string, stem: string, ext: string, id: string, undo: Undo[]): Promise<{ name: string; copied: boolean }> {
  for (let n = 1; n <= 10_000; n++) {
    const name = candidateName(stem, ext, n);
    const target = path.join(dir, name);
    try {
      await ctx.disk.claim(target);
    } catch (err) {
      if (errno(err) === 'EEXIST') continue;
      throw err;
    }
    // A sidecar left behind by a file deleted by hand would otherwise describe this new file.
    if (await ctx.disk.exists(`${target}.json`)) {
      await discard(ctx.disk, [target]);
      continue;
    }
    undo.push(() => ctx.disk.unlink(target));
    let copied = false;
    try {
      await ctx.disk.rename(source, target);
      // Moved: undoing must give the caller its file back, not delete it.
      undo[undo.length - 1] = () => ctx.disk.rename(target, source);
    } catch (err) {
      // Another disk (EXDEV), or a source folder we may read but not change: copy instead.
      if (!['EXDEV', 'EPERM', 'EACCES'].includes(errno(err) ?? '')) throw err;
      const temp = path.join(dir, `.${id}.part`);
      undo.push(() => ctx.disk.unlink(temp));
      await ctx.disk.copyDurable(source, temp);
      await ctx.disk.rename(temp, target);
      copied = true;
    }
    // No directory fsync here: the sidecar's atomic write syncs this same folder right after.
    return { name, copied };
  }
  throw withText(msg('jobs.library.tooManyNames'));
}

/**
 * Best effort: a copy of the incoming file with its prompt and settings inside, hidden beside
 * the target until placed; when that cannot be written the file is saved as it came.
 */
export async function taggedCopy(ctx: SaveContext, source: string, type: Sniffed, meta: LibraryItemMeta, dir: string, id: string, undo: Undo[]): Promise<string> {
  if (!ctx.metadata) return source;
  const temp = path.join(dir, `.${id}.meta.part`);
  const done = await embedMetadata(source, type, meta, temp, { disk: ctx.disk, ffmpeg: ctx.ffmpeg, video: { ffmpegPath: ctx.thumbnails.ffmpegPath } });
  if (!done.ok) {
    ctx.log(`library: saved without metadata inside (${done.reason})`);
    return source;
  }
  undo.push(() => ctx.disk.unlink(temp));
  return temp;
}

/**
 * Best effort: a file that cannot be decoded is still saved, just without a thumbnail. The file
 * is handed over by its path: libvips and the ffmpeg process read it themselves, off this thread.
 */
export async function saveThumbnail(ctx: SaveContext, abs: string, name: string, id: string, type: Sniffed, undo: Undo[]): Promise<string | undefined> {
  if (type.kind === 'audio') return undefined;
  try {
    const made = await makeThumbnail(abs, type, { ...ctx.thumbnails, posters: ctx.ffmpeg });
    if (!made) return undefined;
    if (!made.ok) {
      ctx.log(`library: no thumbnail for ${name}: ${made.reason}`);
      return undefined;
    }
    const thumb = made.thumb;
    const rel = `.thumbs/${id}${thumb.ext}`;
    const dir = path.join(ctx.root, '.thumbs');
    await ctx.disk.mkdir(dir);
    await writeAtomic(ctx.disk, dir, ctx.resolve(rel), thumb.data, `.${id}.tmp`);
    undo.push(() => ctx.disk.unlink(ctx.resolve(rel)));
    return rel;
  } catch (err) {
    ctx.log(`library: no thumbnail for ${name}: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
}

/** The header of a saved video, or nothing when it cannot be read (the file is kept either way). */
export async function videoHeader(file: string): Promise<Mp4Header | undefined> {
  const probe = await probeMp4(file).catch(() => undefined);
  return probe?.ok ? probe.header : undefined;
}

/** Absolute path of a library-relative path, refusing anything that would leave the root. */
export function insideRoot(root: string, rel: string): string {
  const abs = path.resolve(root, ...rel.split('/'));
  const back = path.relative(root, abs);
  if (!back || back.startsWith('..') || path.isAbsolute(back)) throw withText(msg('jobs.library.notInside', { path: rel }));
  return abs;
}

/**
 * What the incoming file's bytes are. They decide, never the name, the link or the answer's
 * Content-Type: a web page or any other file sent in place of a result is refused, not kept as a
 * picture under an extension taken from the prompt (docs/library-files.md, "What is saved").
 */
export async function sniffSource(disk: DiskOps, source: string, root: string): Promise<Sniffed> {
  let head: Buffer;
  try {
    head = await disk.readHead(source, SNIFF_BYTES);
  } catch (err) {
    if (errno(err) === 'ENOENT') throw new LibraryError('source_missing', msg('jobs.library.sourceGone'), { cause: err });
    throw explain(err, root);
  }
  const type = await sniff(head);
  if (!type) throw new LibraryError('not_media', msg('jobs.library.notMedia', { what: whatBytesAre(head) }));
  return type;
}
