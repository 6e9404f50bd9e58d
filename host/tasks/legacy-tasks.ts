/**
 * The import of an older release's task files into the studio database (docs/data.md, "The
 * tasks"): the task list `jobs.json` (one JSON document) and the archive `jobs-archive.jsonl`
 * (one record a line, newest at the end, up to 100 MB). The studio no longer writes either.
 *
 * Nothing is lost: each file's rows are written, read back (every id), and only then is the file
 * renamed `<file>.imported`; a later start removes it. A start killed midway finds the file under
 * its name and imports it again (rows are keyed by the job's id, so nothing is doubled). A list
 * that cannot be read whole is kept aside for the creator, as before (docs/security.md, "Files that
 * fail to load"); so is an archive holding lines no reader can use, once its readable records are in.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { syncDir } from '../atomic-file.js';
import { keepUnreadable, readDataFile } from '../unreadable-file.js';
import type { JobRecord } from './job-record.js';
import { parseRecord, type TasksTable } from './tasks-table.js';

export const LIST_FILE = 'jobs.json';
export const ARCHIVE_FILE = 'jobs-archive.jsonl';

const StoreFile = z.object({ version: z.literal(1), jobs: z.array(z.unknown()) });

interface Import {
  table: TasksTable;
  dir: string;
  log(line: string): void;
  /**
   * The rows go to a database in memory this session (db/database.ts): the old files are read but
   * neither renamed nor removed, so the next start imports them again into the file.
   */
  inMemory?: boolean;
}

const why = (err: unknown) => (err as NodeJS.ErrnoException).code ?? (err as Error).message;

/** A later start: the files an earlier one imported (and renamed) have served their purpose. */
export function removeImported(d: Import): void {
  if (d.inMemory) return;
  for (const [file, keptAs] of d.table.imports()) {
    if (keptAs === null) continue;
    try {
      rmSync(join(d.dir, keptAs), { force: true });
      d.table.forgetImport(file);
      d.log(`tasks: removed ${keptAs}, the database holds its jobs`);
    } catch (err) {
      d.log(`tasks: could not remove ${keptAs} (${why(err)})`);
    }
  }
}

/** Renames an imported file `<file>.imported` and records it, to be removed at a later start. */
function setImported(d: Import, file: string): void {
  if (d.inMemory) return;
  const keptAs = `${file}.imported`;
  try {
    renameSync(join(d.dir, file), join(d.dir, keptAs));
    syncDir(d.dir);
    d.table.setImport(file, keptAs);
  } catch (err) {
    // The rows are in: the next start renames it (the import is recorded), never imports it again.
    d.log(`tasks: could not rename ${file} after its import (${why(err)})`);
  }
}

/**
 * Imports `jobs.json`, read whole as the old store read it (a list the archive keeps near a
 * thousand jobs); `onUnreadable` hears the backup's name of a list that could not be read whole.
 */
export function importOldList(d: Import & { onUnreadable(backup: string | null): void }): void {
  const path = join(d.dir, LIST_FILE);
  if (!existsSync(path)) return;
  // Its rows were committed by an earlier start, killed before the rename.
  if (d.table.imports().has(LIST_FILE)) return setImported(d, LIST_FILE);
  let doc: z.infer<typeof StoreFile>;
  try {
    doc = StoreFile.parse(readDataFile(path)?.value);
  } catch (err) {
    d.log(`The task list could not be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).name}).`);
    d.onUnreadable(keepAside(d, path, 'move'));
    return;
  }
  const jobs: JobRecord[] = [];
  let skipped = 0;
  for (const raw of doc.jobs) {
    const r = parseRecord(JSON.stringify(raw));
    if (r) jobs.push(r);
    else skipped += 1;
  }
  if (skipped > 0) {
    d.log(`Skipped ${skipped} unreadable job record(s) of ${LIST_FILE}.`);
    // The copy keeps the records no reader could use; the readable ones are imported.
    d.onUnreadable(keepAside(d, path, 'copy'));
  }
  d.table.importing(LIST_FILE, () => d.table.writeList(jobs.map((j) => [j, JSON.stringify(j)] as const), []));
  if (!d.table.holdsAll(jobs.map((j) => j.id))) {
    d.log(`tasks: the database does not hold every job of ${LIST_FILE} after the import`);
    return;
  }
  d.log(`tasks: imported ${jobs.length} job(s) from ${LIST_FILE}`);
  setImported(d, LIST_FILE);
}

function keepAside(d: Import, path: string, how: 'move' | 'copy'): string | null {
  try {
    const backup = keepUnreadable(path, how);
    d.log(`The task list was kept as ${backup}.`);
    return backup;
  } catch (err) {
    d.log(`The task list could not be kept aside (${why(err)}).`);
    return null;
  }
}

/** Lines written per transaction, with the loop given back between them. */
const PAGE = 2_000;
const CHUNK = 64 * 1024;
/** A line longer than this is no record the studio wrote (about a kilobyte each): skipped unread. */
const MAX_LINE = 1024 * 1024;
const NL = 0x0a;
const OVERLONG = Symbol('overlong');

/** The file's lines, first to last (the last even without its newline), none held past MAX_LINE. */
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

/** Blank lines are what the old appends left between batches. */
const isBlank = (line: Buffer) => line.every((b) => b === 0x20 || b === 0x09 || b === 0x0d);

/**
 * Imports `jobs-archive.jsonl` a page at a time, each line at its place in the archive (a record
 * appended twice keeps its newer place). `onUnreadable` hears the backup's name of an archive
 * holding lines no reader can use (a cut last line, damage), kept aside instead of removed later.
 */
export async function importOldArchive(d: Import & { onUnreadable(backup: string | null): void }): Promise<void> {
  const path = join(d.dir, ARCHIVE_FILE);
  if (!existsSync(path)) return;
  if (d.table.imports().has(ARCHIVE_FILE)) return setImported(d, ARCHIVE_FILE);
  const ids = new Set<string>();
  let damaged = 0;
  const handle = await open(path, 'r');
  try {
    let page: { place: number; job: JobRecord; text: string }[] = [];
    let place = 0;
    for await (const line of boundedLines(handle)) {
      if (line !== OVERLONG && isBlank(line)) continue;
      const job = line === OVERLONG ? undefined : parseRecord(line.toString('utf8'));
      if (!job) {
        damaged += 1;
        continue;
      }
      place += 1;
      ids.add(job.id);
      page.push({ place, job, text: JSON.stringify(job) });
      if (page.length === PAGE) {
        d.table.putArchived(page);
        page = [];
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
    d.table.importing(ARCHIVE_FILE, () => d.table.putArchived(page));
  } finally {
    await handle.close();
  }
  if (!(await holdsAllPaged(d.table, [...ids]))) {
    d.table.forgetImport(ARCHIVE_FILE);
    d.log(`tasks: the database does not hold every job of ${ARCHIVE_FILE} after the import; it is imported again next start`);
    return;
  }
  d.log(`tasks: imported ${ids.size} archived job(s) from ${ARCHIVE_FILE}`);
  if (damaged === 0) return setImported(d, ARCHIVE_FILE);
  d.log(`${damaged} line(s) of ${ARCHIVE_FILE} could not be read.`);
  let backup: string | null = null;
  // Either way the next start finds no import recorded: kept aside, or imported again and kept aside then.
  d.table.forgetImport(ARCHIVE_FILE);
  try {
    backup = keepUnreadable(path, 'move');
    d.log(`${ARCHIVE_FILE} was kept as ${backup}; its readable records are in the database.`);
  } catch (err) {
    d.log(`${ARCHIVE_FILE} could not be kept aside (${why(err)}); it is left as it is.`);
  }
  d.onUnreadable(backup);
}

async function holdsAllPaged(table: TasksTable, ids: readonly string[]): Promise<boolean> {
  for (let from = 0; from < ids.length; from += PAGE) {
    if (!table.holdsAll(ids.slice(from, from + PAGE))) return false;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return true;
}
