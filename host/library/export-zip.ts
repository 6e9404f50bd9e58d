/**
 * Writes an export's zip (docs/library-files.md, "The zip") with yazl, streamed: each item's file
 * is opened only when the zip reaches it and copied through in chunks, the manifests are
 * generated row by row (export-manifest.ts), and the zip goes straight to disk. Media is stored,
 * not deflated (PNG, JPEG and MP4 are compressed already); the manifests are deflated.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { fsyncFile } from './disk.js';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { csvManifest, jsonManifest, type ManifestEntry } from './export-manifest.js';

export interface ZipEntry extends ManifestEntry {
  /** The item's file on disk. */
  abs: string;
}

export interface ZipOptions {
  entries: readonly ZipEntry[];
  /** A new file (never over an existing one); left half-written on failure, for the caller to remove. */
  target: string;
  now: number;
  /** After each item's file went into the zip. */
  onProgress?(done: number, total: number): void;
}

/** Which item's file could not be read: the caller names it to the creator. */
export class ZipSourceError extends Error {
  constructor(readonly entry: ZipEntry, override readonly cause: unknown) {
    super(`could not read ${entry.abs}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'ZipSourceError';
  }
}

/** Writes the zip and fsyncs it; resolves to its size in bytes. */
export async function writeZip({ entries, target, now, onProgress }: ZipOptions): Promise<number> {
  const zip = new yazl.ZipFile();
  let done = 0;
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.file, { mtime: new Date(entry.item.createdAt), compress: false }, (cb) => {
      const stream = createReadStream(entry.abs);
      // yazl reports a source's error on the zip; it is wrapped here to say which item it was.
      stream.once('error', (err) => zip.emit('error', new ZipSourceError(entry, err)));
      stream.once('end', () => onProgress?.(++done, entries.length));
      cb(null, stream);
    });
  }
  zip.addReadStreamLazy('manifest.json', { mtime: new Date(now), compress: true }, (cb) => cb(null, jsonManifest(entries, now)));
  zip.addReadStreamLazy('manifest.csv', { mtime: new Date(now), compress: true }, (cb) => cb(null, csvManifest(entries)));
  zip.end();

  // Listened to for good: yazl may report one failure more than once, and an 'error' without a
  // listener would end the process.
  const failed = new Promise<never>((_, reject) => zip.on('error', reject));
  failed.catch(() => undefined);
  const out = createWriteStream(target, { flags: 'wx' });
  let bytes = 0;
  zip.outputStream.on('data', (chunk: Buffer) => (bytes += chunk.length));
  try {
    await Promise.race([pipeline(zip.outputStream, out), failed]);
  } catch (err) {
    // The first ZipSourceError is the one to report: the stream errors that follow are its echo.
    zip.outputStream.unpipe(out);
    out.destroy();
    throw err;
  }
  await fsyncFile(target);
  return bytes;
}
