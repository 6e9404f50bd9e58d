/**
 * Writes a download's body into its `.part` file: the chunks as they came, gathered into one
 * positional `writev` per megabyte, one write at a time.
 *
 * Why not `pipeline(body, createWriteStream(...))`: the socket hands over 64 KB chunks, and a
 * write stream turns each into its own write request (16 KB high-water mark by default) with
 * stream bookkeeping around it; with a 256 MB file that cost as much CPU as the transfer itself
 * (download benchmark). Gathered writes cost a fraction, and copy nothing. Memory stays bounded:
 * with a few megabytes waiting for the disk the body is paused, so TCP flow control slows the
 * sender.
 */
import { open, type FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';

export const BATCH_BYTES = 1024 * 1024;
/** Bytes received but not yet on disk above which the body is paused. */
const MAX_WAITING = 4 * BATCH_BYTES;

async function writeAll(file: FileHandle, chunks: Buffer[], position: number): Promise<void> {
  // A regular file may take fewer bytes than offered (a disk filling up): write the rest.
  for (let at = position; chunks.length;) {
    const { bytesWritten } = await file.writev(chunks, at);
    if (bytesWritten === 0) throw Object.assign(new Error('no space left on the disk'), { code: 'ENOSPC' });
    at += bytesWritten;
    let skip = bytesWritten;
    while (chunks.length && skip >= chunks[0].length) skip -= chunks.shift()!.length;
    if (skip > 0) chunks[0] = chunks[0].subarray(skip);
  }
}

/**
 * Writes `body` at byte `from` of `path` (0: the file is created or emptied; more: a resume, the
 * bytes before it are kept and anything after it dropped). Resolves when every byte is on disk;
 * rejects with the body's error (a cut: what arrived before it is written first, so a resume can
 * take over) or the disk's (the body is then destroyed). `onBytes` sees each chunk as it arrives.
 *
 * The body is read from the call on, while the file opens: a stream that breaks drops what it
 * still holds unread, so bytes that came just before a cut would otherwise be lost.
 */
export async function writeBody(body: Readable, path: string, from: number, onBytes: (n: number) => void): Promise<void> {
  /** Kept to be closed whatever happens. */
  let file: FileHandle | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      /** The file is open and cut back to `from`: writes may start. */
      let ready = false;
      let batch: Buffer[] = [];
      let batchBytes = 0;
      const sealed: { chunks: Buffer[]; bytes: number }[] = [];
      /** Received, not yet on disk. */
      let waiting = 0;
      let position = from;
      let writing = false;
      let failed = false;
      /** The body sends nothing more: it ended, or broke with `bodyError`. */
      let done = false;
      let bodyError: unknown;

      const fail = (err: unknown) => {
        failed = true;
        body.destroy();
        reject(err);
      };
      const seal = () => {
        if (batchBytes === 0) return;
        sealed.push({ chunks: batch, bytes: batchBytes });
        batch = [];
        batchBytes = 0;
      };
      const pump = () => {
        if (!ready || writing || failed) return;
        const next = sealed.shift();
        if (!next) {
          if (!done) return;
          if (bodyError === undefined) resolve();
          else reject(bodyError);
          return;
        }
        writing = true;
        writeAll(file!, next.chunks, position).then(() => {
          position += next.bytes;
          waiting -= next.bytes;
          writing = false;
          if (!done && body.isPaused() && waiting < MAX_WAITING) body.resume();
          pump();
        }, fail);
      };
      // Bytes that arrived before a cut are written too: the file stays a clean prefix of the
      // original, and the resume asks for the rest.
      const finish = (err?: unknown) => {
        if (done) return;
        done = true;
        bodyError = err;
        seal();
        pump();
      };

      open(path, from > 0 ? 'r+' : 'w')
        .then(async (opened) => {
          file = opened;
          if (from > 0) await opened.truncate(from);
          ready = true;
          pump();
        })
        .catch(fail);
      if (body.destroyed && !body.readableEnded) return finish(cutError());
      body.on('data', (chunk: Buffer) => {
        onBytes(chunk.length);
        batch.push(chunk);
        batchBytes += chunk.length;
        waiting += chunk.length;
        if (batchBytes >= BATCH_BYTES) seal();
        if (waiting >= MAX_WAITING) body.pause();
        pump();
      });
      body.once('end', () => finish());
      body.once('error', (err) => finish(err));
      // A stream closed without its end (nor an error) was cut too.
      body.once('close', () => finish(body.readableEnded ? undefined : cutError()));
    });
  } finally {
    await file?.close();
  }
}

const cutError = () => Object.assign(new Error('The connection closed early.'), { code: 'ECONNRESET' });
