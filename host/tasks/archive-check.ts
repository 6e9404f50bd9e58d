/**
 * The task archive's check at start (docs/robust-host.md, "Older tasks"): a reader skips lines it
 * cannot use, so a damaged archive (cut in the middle, garbage written into it, bytes that are not
 * UTF-8) would otherwise show fewer older jobs and say nothing. Lines no reader can use are
 * counted; the store then keeps the original aside, says so, and puts in its place an archive of
 * the readable records (job-store.ts). The file may hold 100 MB: it is read in chunks, a line
 * longer than a record can be is never held whole, and nothing runs long on the host's loop.
 */
import { open, rm, type FileHandle } from 'node:fs/promises';
import { tempFor } from '../atomic-file.js';
import { MAX_LINE, parseLine, writeLines } from './archive-file.js';

/** Small reads, so that parsing one chunk's records holds the loop for milliseconds only. */
const CHUNK = 64 * 1024;
const NL = 0x0a;
/** Stands for a line longer than MAX_LINE, whose bytes were let go as they came. */
const OVERLONG = Symbol('overlong');

/** The file's lines, first to last (the last one even without its newline), each at most MAX_LINE. */
async function* boundedLines(handle: FileHandle): AsyncGenerator<Buffer | typeof OVERLONG> {
  let rest = Buffer.alloc(0);
  let overlong = false;
  const chunk = Buffer.allocUnsafe(CHUNK);
  for (let position = 0; ; ) {
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
    if (bytesRead === 0) break;
    position += bytesRead;
    const data = Buffer.concat([rest, chunk.subarray(0, bytesRead)]);
    let from = 0;
    for (let nl = data.indexOf(NL); nl !== -1; nl = data.indexOf(NL, from)) {
      yield overlong ? OVERLONG : data.subarray(from, nl);
      overlong = false;
      from = nl + 1;
    }
    rest = data.subarray(from);
    if (rest.length > MAX_LINE) {
      overlong = true;
      rest = Buffer.alloc(0);
    }
  }
  if (overlong) yield OVERLONG;
  else if (rest.length > 0) yield rest;
}

/** Blank lines are what the studio's own appends leave between batches (task-archive.ts). */
const isBlank = (line: Buffer) => line.every((b) => b === 0x20 || b === 0x09 || b === 0x0d);

/** How many lines of the archive no reader can use; 0 when there is no archive. */
export async function damagedLines(file: string): Promise<number> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  try {
    let damaged = 0;
    for await (const line of boundedLines(handle)) if (line === OVERLONG || (!isBlank(line) && !parseLine(line))) damaged += 1;
    return damaged;
  } finally {
    await handle.close();
  }
}

/** The archive's lines that hold a record, in their order. */
async function* readableLines(handle: FileHandle): AsyncGenerator<Buffer> {
  for await (const line of boundedLines(handle)) if (line !== OVERLONG && parseLine(line)) yield line;
}

/**
 * A private temp copy of the archive holding its readable records only, in their order, on disk
 * (fsync); the caller keeps the original aside and renames the copy into its place.
 */
export async function readableCopy(file: string): Promise<string> {
  const tmp = tempFor(file);
  const handle = await open(file, 'r');
  try {
    const out = await open(tmp, 'wx', 0o600);
    try {
      await writeLines(out, readableLines(handle));
    } finally {
      await out.close();
    }
    return tmp;
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  } finally {
    await handle.close();
  }
}

