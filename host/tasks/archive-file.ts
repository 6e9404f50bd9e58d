/**
 * Reading and pruning the task archive (`jobs-archive.jsonl`, task-archive.ts): one record a line,
 * newest at the end, up to about a kilobyte a job, so 100 MB for a creator with 100,000 past jobs.
 * Nothing here reads the whole file at once or on the host's loop: a page is read from the end
 * backwards in chunks until it is full, and a removal streams the file into a temp copy without
 * the record (docs/robust-host.md, "Older tasks").
 * Blank, cut or unreadable lines are skipped by the reader and kept by the pruner: they are what a
 * kill mid-append leaves, and nothing the studio did not write is thrown away.
 */
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { syncDirAsync, tempFor } from '../atomic-file.js';
import { JobRecord } from './job-record.js';
import { keptRecord } from './gateway-words.js';

/** How much is read at a time. */
const CHUNK = 64 * 1024;
/** A line longer than this is no record the studio wrote (a record is about 1 kB): it is skipped unread. */
export const MAX_LINE = 1024 * 1024;
const NL = 0x0a;

export interface ArchivePage {
  /** Newest first. */
  records: JobRecord[];
  /** Where the next, older page starts (its `before`); absent at the archive's beginning. */
  next?: number;
}

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** A line as a reader takes it: a record, or undefined for a blank, cut, overlong or foreign line. */
export function parseLine(line: Buffer): JobRecord | undefined {
  if (line.length === 0 || line.length > MAX_LINE) return undefined;
  try {
    const r = JobRecord.safeParse(JSON.parse(line.toString('utf8')));
    // An older studio archived a gateway's words uncut: a page is cut to what a record keeps now.
    return r.success ? keptRecord(r.data) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Up to `limit` records that end before byte `before` (the whole file when absent), newest first,
 * without those `skip` names (jobs back in the list, states not asked for). A record appended twice
 * (a job that moved on while it was being moved) is given once, at its newer place, within a page.
 */
export async function readArchivePage(file: string, o: { before?: number; limit: number; skip?: (r: JobRecord) => boolean }): Promise<ArchivePage> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (err) {
    if (missing(err)) return { records: [] };
    throw err;
  }
  try {
    const size = (await handle.stat()).size;
    const records: JobRecord[] = [];
    const seen = new Set<string>();
    let pos = Math.min(o.before ?? size, size);
    // The bytes after `pos` whose line began in an earlier chunk; `tooLong` once they outgrow MAX_LINE.
    let rest = Buffer.alloc(0);
    let tooLong = false;
    while (pos > 0) {
      const start = Math.max(0, pos - CHUNK);
      const chunk = Buffer.alloc(pos - start);
      await readFully(handle, chunk, start);
      const data = tooLong ? chunk : Buffer.concat([chunk, rest]);
      let end = data.length;
      for (;;) {
        // (lastIndexOf counts a negative offset from the end: at 0 there is nothing left to search.)
        const nl = end > 0 ? data.lastIndexOf(NL, end - 1) : -1;
        if (nl === -1 && start > 0) break;
        const lineStart = nl + 1;
        if (!tooLong) {
          const record = parseLine(data.subarray(lineStart, end));
          // The newest record of a job decides, even when it is one left out.
          const fresh = record !== undefined && !seen.has(record.id);
          if (fresh) seen.add(record.id);
          if (fresh && !o.skip?.(record)) {
            records.push(record);
            if (records.length === o.limit) return { records, next: start + lineStart > 0 ? start + lineStart : undefined };
          }
        }
        tooLong = false;
        end = nl;
        if (nl === -1) break;
      }
      rest = data.subarray(0, Math.max(end, 0));
      if (rest.length > MAX_LINE) {
        tooLong = true;
        rest = Buffer.alloc(0);
      }
      pos = start;
    }
    return { records };
  } finally {
    await handle.close();
  }
}

async function readFully(handle: FileHandle, into: Buffer, position: number): Promise<void> {
  let done = 0;
  while (done < into.length) {
    const { bytesRead } = await handle.read(into, done, into.length - done, position + done);
    if (bytesRead === 0) throw new Error('the archive became shorter while it was read');
    done += bytesRead;
  }
}

/** The file's lines, first to last, the last one given even without its newline. */
async function* forwardLines(handle: FileHandle): AsyncGenerator<Buffer> {
  let rest = Buffer.alloc(0);
  // Read into one buffer: every piece handed on is cut from a copy (concat), never from it.
  const chunk = Buffer.allocUnsafe(CHUNK * 16);
  for (let position = 0; ; ) {
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
    if (bytesRead === 0) break;
    position += bytesRead;
    const data = Buffer.concat([rest, chunk.subarray(0, bytesRead)]);
    let from = 0;
    for (let nl = data.indexOf(NL); nl !== -1; nl = data.indexOf(NL, from)) {
      yield data.subarray(from, nl);
      from = nl + 1;
    }
    rest = data.subarray(from);
  }
  if (rest.length > 0) yield rest;
}

/** Whether any line names one of `needles` (a look before a rewrite: no parsing, nothing written). */
async function holdsAny(handle: FileHandle, needles: readonly Buffer[]): Promise<boolean> {
  for await (const line of forwardLines(handle)) if (needles.some((n) => line.includes(n))) return true;
  return false;
}

/**
 * Removes every record of these jobs from the archive, and resolves with the ids it found. The
 * file is replaced whole and atomically (a private temp copy, fsync, rename), so a kill leaves the
 * old archive or the new one; it is left untouched when it names none of them. The caller makes
 * sure no append runs meanwhile (job-store.ts).
 */
export async function dropFromArchive(file: string, ids: ReadonlySet<string>): Promise<Set<string>> {
  const dropped = new Set<string>();
  if (ids.size === 0) return dropped;
  // A record's id is written as a JSON string; a line naming one of them is parsed to be sure.
  const needles = [...ids].map((id) => Buffer.from(JSON.stringify(id)));
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (err) {
    if (missing(err)) return dropped;
    throw err;
  }
  const tmp = tempFor(file);
  try {
    if (!(await holdsAny(handle, needles))) return dropped;
    const out = await open(tmp, 'wx', 0o600);
    try {
      await writeLines(out, keptLines(forwardLines(handle), needles, ids, dropped));
    } finally {
      await out.close();
    }
    if (dropped.size === 0) {
      await rm(tmp, { force: true });
      return dropped;
    }
    await rename(tmp, file);
    await syncDirAsync(dirname(file));
    return dropped;
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  } finally {
    await handle.close();
  }
}

/** The lines that are not a record of `ids`; the ids of those left out go to `dropped`. */
async function* keptLines(lines: AsyncIterable<Buffer>, needles: readonly Buffer[], ids: ReadonlySet<string>, dropped: Set<string>): AsyncGenerator<Buffer> {
  for await (const line of lines) {
    if (needles.some((n) => line.includes(n))) {
      const record = parseLine(line);
      if (record && ids.has(record.id)) {
        dropped.add(record.id);
        continue;
      }
    }
    yield line;
  }
}

const NEWLINE = Buffer.from('\n');

/** Writes `lines` to `out`, each with its newline, in large batches, then puts them on disk (fsync). */
export async function writeLines(out: FileHandle, lines: AsyncIterable<Buffer>): Promise<void> {
  let batch: Buffer[] = [];
  let size = 0;
  for await (const line of lines) {
    batch.push(line, NEWLINE);
    size += line.length + 1;
    if (size >= CHUNK * 16) {
      await out.writev(batch);
      batch = [];
      size = 0;
    }
  }
  if (batch.length) await out.writev(batch);
  await out.sync();
}
