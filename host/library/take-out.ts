/**
 * Taking files out of the library (docs/library-files.md): one item's file, or a selection as a
 * zip. Where they go depends on the shell, through its ports: the desktop asks in a native Save
 * dialog and writes there (never a half-written file under the chosen name: a hidden temp beside
 * it, renamed when whole); the browser shell gets a one-time download link on its own origin,
 * for the library file itself or for a zip written into the data folder first. Failures say what
 * happened (a full disk, a folder the studio may not write, an item's file gone) and leave nothing.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { copyFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { EXPORT_MAX_ITEMS, type TakeOutcome } from '@shared/contract/library.js';
import type { LanguageSetting } from '@shared/languages.js';
import { msg, type Message } from '@shared/messages/index.js';
import { coreError } from '../errors.js';
import { GatewayFailure } from '../gateway/failure.js';
import type { CorePorts, SaveRequest } from '../ports.js';
import { errno } from './disk.js';
import { promptFileName, zipNames } from './export-names.js';
import { writeZip, ZipSourceError, type ZipEntry } from './export-zip.js';
import type { Library } from './library.js';
import type { LibraryItem } from './library-item.js';

export interface TakeOutDeps {
  ports: Pick<CorePorts, 'dataDir' | 'chooseSavePath' | 'offerDownload' | 'startDrag'>;
  library(): Library;
  language(): LanguageSetting;
  onProgress(exportId: string, done: number, total: number): void;
  now(): number;
  log(line: string): void;
  /** Stands in for the zip writer, so tests can make the disk fail on demand (as DiskOps does for saves). */
  writeZip?: typeof writeZip;
}

/** Progress is told at most this often (and at the end): enough for a bar, not a flood of events. */
const PROGRESS_EVERY_MS = 100;
const short = (prompt: string) => (prompt.length > 60 ? `${prompt.slice(0, 60)}…` : prompt) || '—';

/** What a write into `folder` that the disk refused means to the creator. */
export function writeFailure(err: unknown, folder: string, what: 'export' | 'save'): GatewayFailure {
  const code = errno(err);
  const text: Message = code === 'ENOSPC' || code === 'EDQUOT'
    ? msg(`files.${what}.diskFull`, { folder })
    : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
      ? msg(`files.${what}.noPermission`, { folder })
      : msg(`files.${what}.failed`, { folder, reason: err instanceof Error ? err.message : String(err) });
  return new GatewayFailure('internal', text, code === 'ENOSPC' || code === 'EDQUOT');
}

export class TakeOut {
  private exporting = false;

  constructor(private readonly d: TakeOutDeps) {
    // Zips a previous run offered and nobody took: their links died with that run.
    try {
      for (const name of readdirSync(exportsDir(d.ports))) rmSync(join(exportsDir(d.ports), name), { force: true, recursive: true });
    } catch {
      // No folder yet, or one we cannot list: made (or reported) when an export needs it.
    }
  }

  private item(id: string): LibraryItem {
    const found = this.d.library().get(id);
    if (!found) throw coreError('not_found', msg('app.settings.itemGone'));
    return found;
  }

  /** The item's file on disk, or a clear error when it is gone from the library folder. */
  private async fileOf(item: LibraryItem): Promise<string> {
    const abs = this.d.library().resolve(item.file);
    const isFile = await stat(abs).then((s) => s.isFile(), () => false);
    if (!isFile) throw coreError('not_found', msg('files.export.fileGone', { name: short(item.prompt) }));
    return abs;
  }

  /** One item's file: Save as… on the desktop, a download link in the browser shell. */
  async saveFile(id: string): Promise<TakeOutcome> {
    const item = this.item(id);
    const abs = await this.fileOf(item);
    const name = promptFileName(item);
    const { chooseSavePath, offerDownload } = this.d.ports;
    if (chooseSavePath) {
      const target = await chooseSavePath({ defaultName: name, kind: item.kind, language: this.d.language() });
      if (!target) return { outcome: 'cancelled' };
      await writeThenRename(this.d.log, target, 'save', (temp) => copyFile(abs, temp));
      return { outcome: 'saved', name: basename(target), bytes: item.bytes, count: 1 };
    }
    if (offerDownload) {
      const url = offerDownload({ path: abs, name, type: item.mime, temporary: false });
      return { outcome: 'download', url, name, bytes: item.bytes, count: 1 };
    }
    throw coreError('invalid_request', msg('files.unavailable'));
  }

  /** Items as one zip with their manifests. One export at a time: each takes a core's worth of disk work. */
  async exportZip(ids: string[], exportId: string = randomUUID()): Promise<TakeOutcome> {
    if (ids.length === 0) throw coreError('invalid_input', msg('files.export.nothing'));
    if (ids.length > EXPORT_MAX_ITEMS) throw coreError('invalid_input', msg('files.export.tooMany', { max: EXPORT_MAX_ITEMS }));
    if (this.exporting) throw coreError('conflict', msg('files.export.busy'));
    this.exporting = true;
    try {
      return await this.exportNow([...new Set(ids)], exportId);
    } finally {
      this.exporting = false;
    }
  }

  private async exportNow(ids: string[], exportId: string): Promise<TakeOutcome> {
    const items = ids.map((id) => this.d.library().get(id));
    if (items.some((i) => !i)) throw coreError('not_found', msg('files.export.itemGone'));
    const found = items as LibraryItem[];
    const abs: string[] = [];
    for (const item of found) abs.push(await this.fileOf(item));
    const names = zipNames(found);
    const entries: ZipEntry[] = found.map((item, i) => ({ item, file: names[i], abs: abs[i] }));
    const now = this.d.now();
    const name = `gateway-studio-export-${new Date(now).toISOString().slice(0, 16).replace(/[T:]/g, '-')}.zip`;
    let last = 0;
    const write = (temp: string) => (this.d.writeZip ?? writeZip)({
      entries, target: temp, now,
      onProgress: (done, total) => {
        if (done < total && this.d.now() - last < PROGRESS_EVERY_MS) return;
        last = this.d.now();
        this.d.onProgress(exportId, done, total);
      },
    });
    this.d.onProgress(exportId, 0, entries.length);
    return writeOut(this.d, { defaultName: name, kind: 'zip', type: 'application/zip', count: entries.length, what: 'export', write });
  }

  /** Desktop only: the item's file dragged out of the window. */
  async startDrag(id: string): Promise<void> {
    const item = this.item(id);
    if (!this.d.ports.startDrag) throw coreError('invalid_request', msg('files.dragDesktopOnly'));
    this.d.ports.startDrag(await this.fileOf(item), item.thumb ? this.d.library().resolve(item.thumb) : undefined);
  }
}

/** Where the browser shell's offered zips wait for their download (emptied at start by TakeOut). */
const exportsDir = (ports: Pick<CorePorts, 'dataDir'>) => join(ports.dataDir, 'exports');

export interface WriteOutDeps {
  ports: Pick<CorePorts, 'dataDir' | 'chooseSavePath' | 'offerDownload'>;
  language(): LanguageSetting;
  log(line: string): void;
}

export interface WriteOut {
  defaultName: string;
  kind: SaveRequest['kind'];
  /** The file's MIME type, for the download link. */
  type: string;
  /** How many items it holds (the outcome's count). */
  count: number;
  what: 'export' | 'save';
  /** Writes the whole file at `target` (a new file), resolving to its size in bytes. */
  write(target: string): Promise<number>;
}

/**
 * A file made for the creator to take out (a zip of items, a contact sheet): where they choose
 * in the desktop's Save dialog, or a one-time link in the browser shell to a temporary file in the
 * data folder. Written whole under a hidden name first, so no half-written file is ever offered.
 */
export async function writeOut(d: WriteOutDeps, o: WriteOut): Promise<TakeOutcome> {
  const { chooseSavePath, offerDownload } = d.ports;
  if (chooseSavePath) {
    const target = await chooseSavePath({ defaultName: o.defaultName, kind: o.kind, language: d.language() });
    if (!target) return { outcome: 'cancelled' };
    const bytes = await writeThenRename(d.log, target, o.what, o.write);
    return { outcome: 'saved', name: basename(target), bytes, count: o.count };
  }
  if (offerDownload) {
    const folder = exportsDir(d.ports);
    try {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
    } catch (err) {
      throw writeFailure(err, folder, o.what);
    }
    const path = join(folder, `${randomUUID()}${extname(o.defaultName)}`);
    const bytes = await writeThenRename(d.log, path, o.what, o.write);
    const url = offerDownload({ path, name: o.defaultName, type: o.type, temporary: true });
    return { outcome: 'download', url, name: o.defaultName, bytes, count: o.count };
  }
  throw coreError('invalid_request', msg('files.unavailable'));
}

/**
 * Writes through a hidden temp beside `target` and renames it into place once whole (replacing
 * a file the creator chose to overwrite in the dialog); on failure the temp is removed.
 */
async function writeThenRename<T>(log: (line: string) => void, target: string, what: 'export' | 'save', write: (temp: string) => Promise<T>): Promise<T> {
  const folder = dirname(target);
  const temp = join(folder, `.${basename(target)}.${randomUUID().slice(0, 8)}.part`);
  try {
    const result = await write(temp);
    await rename(temp, target);
    return result;
  } catch (err) {
    await rm(temp, { force: true }).catch(() => undefined);
    if (err instanceof ZipSourceError) {
      log(`library: export stopped: ${err.message}`);
      throw coreError('not_found', msg('files.export.fileGone', { name: short(err.entry.item.prompt) }));
    }
    if (err instanceof GatewayFailure) throw err;
    throw writeFailure(err, folder, what);
  }
}
