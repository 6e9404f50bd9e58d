/**
 * Tags in an MP4 or MOV: the native ffmpeg copies every stream as it is (`-c copy`, no
 * re-encode) into a new file whose `title`, `description` and `comment` hold the prompt and the
 * `parameters` text (file-metadata.ts). The texts go through an FFMETADATA file, not the command
 * line, which caps one argument at 128 KB. The header is checked first, as for posters, so a
 * forged file never reaches ffmpeg; a run that fails or times out leaves the file unchanged.
 */
import { rm, writeFile } from 'node:fs/promises';
import { installedFfmpegPath, runFfmpegProcess } from '@media/ffmpeg-process.js';
import { probeMp4 } from '@media/mp4-probe.js';
import { sniff, SNIFF_BYTES } from '@media/sniff.js';
import { nodeDisk } from './disk.js';
import { clipUtf8, type FileMetadata } from './file-metadata.js';

/** Copying streams is disk-bound: a minute covers any generated clip on a slow disk. */
export const TAG_TIMEOUT_MS = 60_000;
/** A title is a line, not a page. */
const TITLE_BYTES = 500;
const MUXER: Record<string, string> = { 'video/mp4': 'mp4', 'video/quicktime': 'mov' };

/** FFMETADATA escapes `=`, `;`, `#`, `\` and line breaks with a backslash (ffmpeg-formats, "Metadata"). */
const escape = (text: string) => text.replace(/[=;#\\\n]/g, (c) => `\\${c}`);

export function ffmetadata(meta: FileMetadata): string {
  return [
    ';FFMETADATA1',
    `title=${escape(clipUtf8(meta.description.replace(/\n/g, ' '), TITLE_BYTES))}`,
    `description=${escape(meta.description)}`,
    `comment=${escape(meta.parameters)}`,
    '',
  ].join('\n');
}

export function tagArgs(source: string, demuxer: string, metaFile: string, target: string, muxer: string): string[] {
  return [
    '-nostdin', '-hide_banner', '-v', 'error',
    // Only plain files: no network protocols, and no data references to other files.
    '-protocol_whitelist', 'file',
    '-f', demuxer, '-i', `file:${source}`,
    '-f', 'ffmetadata', '-i', `file:${metaFile}`,
    '-map', '0', '-map_metadata', '1', '-c', 'copy',
    // The index first, so the browser shell's player can start before the whole file arrives.
    '-movflags', '+faststart',
    // Never over an existing file: the target is a fresh name the library claimed for this save.
    '-n', '-f', muxer, `file:${target}`,
  ];
}

export interface TagOptions {
  ffmpegPath?: string;
  timeoutMs?: number;
}

/**
 * Writes a tagged copy of the video at `source` to `target`; returns why not when it could not
 * (the caller then saves `source` as it is). `target` is removed again on failure.
 */
export async function tagVideo(source: string, mime: string, meta: FileMetadata, target: string, opts: TagOptions = {}): Promise<string | undefined> {
  const muxer = MUXER[mime];
  if (!muxer) return `no tags for ${mime}`;
  const probe = await probeMp4(source);
  if (!probe.ok) return `unreadable video header: ${probe.reason}`;
  const ffmpegPath = opts.ffmpegPath ?? (await installedFfmpegPath());
  if (!ffmpegPath) return 'no ffmpeg for this platform';
  const metaFile = `${target}.ffmeta`;
  try {
    await writeFile(metaFile, ffmetadata(meta), { flag: 'wx' });
    const run = await runFfmpegProcess({ ffmpegPath, args: tagArgs(source, 'mov', metaFile, target, muxer), timeoutMs: opts.timeoutMs ?? TAG_TIMEOUT_MS, maxOutputBytes: 1024 * 1024 });
    if (!run.ok) throw new Error(`ffmpeg ${run.reason}: ${run.detail}`);
    // Checked rather than trusted: the copy must still be the same kind of video.
    const out = await sniff(await nodeDisk.readHead(target, SNIFF_BYTES));
    if (out?.mime !== mime) throw new Error('ffmpeg wrote something else');
    return undefined;
  } catch (err) {
    await rm(target, { force: true });
    return err instanceof Error ? err.message : String(err);
  } finally {
    await rm(metaFile, { force: true });
  }
}
