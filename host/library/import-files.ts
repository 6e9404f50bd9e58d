/**
 * Files a creator brings in from outside, each saved as a library item (docs/library-files.md,
 * "Bringing files in"). What the bytes are decides (sniffed, never the name); the prompt and
 * settings written inside by the studio or another image tool are read (import-metadata.ts) so
 * the item is searchable and remixable; the save is the library's own (thumbnail, tagged copy,
 * sidecar). The same bytes brought in twice are added once: each import keeps its SHA-256 in
 * its settings, and the hashes of the items already imported are gathered once, a page at a time.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sniff, SNIFF_BYTES, type Sniffed } from '@media/sniff.js';
import type { ImportOutcome } from '@shared/contract/library.js';
import { msg } from '@shared/messages/index.js';
import type { CurrentLibrary } from './current-library.js';
import { DamagedFile, readEmbedded } from './import-metadata.js';
import type { ReadMeta } from './import-parsers.js';
import { whatBytesAre } from './not-media.js';

/** Bytes hashed between two turns of the event loop: about a millisecond of native SHA-256. */
const HASH_SLICE_BYTES = 2 * 1024 * 1024;
/** Items read per page when the imported hashes are gathered. */
const SCAN_PAGE = 500;
/** The marker every imported item carries in its settings. */
export const IMPORTED = 'imported';

const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

async function sha256(bytes: Buffer): Promise<string> {
  const hash = createHash('sha256');
  for (let at = 0; at < bytes.length; at += HASH_SLICE_BYTES) {
    hash.update(bytes.subarray(at, at + HASH_SLICE_BYTES));
    if (at + HASH_SLICE_BYTES < bytes.length) await pause();
  }
  return hash.digest('hex');
}

export interface ImporterOptions {
  library: CurrentLibrary;
  /** Where a file's bytes wait until the library moves them into place (the data folder). */
  tempDir: string;
  now: () => number;
  log: (line: string) => void;
}

export class Importer {
  /** SHA-256 → item id of every imported item, for the library root it was gathered from. */
  private hashes: { root: string; ids: Map<string, string> } | undefined;
  /** Imports run one at a time, so the same file dropped twice at once is still added once. */
  private queue: Promise<unknown>;

  constructor(private readonly opts: ImporterOptions) {
    // Files a kill left waiting there belong to no import now: cleared before the first one.
    this.queue = rm(opts.tempDir, { recursive: true, force: true }).catch((err: unknown) => opts.log(`library: could not clear ${opts.tempDir} (${String(err)})`));
  }

  importFile(name: string, data: Uint8Array): Promise<ImportOutcome> {
    const run = this.queue.then(() => this.importOne(name.slice(0, 255) || 'file', Buffer.from(data.buffer, data.byteOffset, data.byteLength)));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async importOne(name: string, bytes: Buffer): Promise<ImportOutcome> {
    const head = bytes.subarray(0, SNIFF_BYTES);
    const type = await sniff(head);
    if (!type) return { outcome: 'skipped', name, reason: msg('jobs.library.importNotMedia', { name, what: whatBytesAre(head) }) };
    let read: ReadMeta | undefined;
    try {
      read = readEmbedded(bytes, type);
    } catch (err) {
      if (!(err instanceof DamagedFile)) throw err;
      return { outcome: 'skipped', name, reason: msg('jobs.library.importDamaged', { name }) };
    }
    const hash = await sha256(bytes);
    const ids = await this.imported();
    const before = ids.get(hash);
    if (before && this.opts.library.current.get(before)) {
      return { outcome: 'skipped', name, reason: msg('jobs.library.importDuplicate', { name }), duplicateOf: before };
    }
    const source = await this.park(bytes, type);
    try {
      const item = await this.opts.library.saver.add({ source, name, meta: this.metaOf(read, type, hash) });
      ids.set(hash, item.id);
      return { outcome: 'added', name, item };
    } finally {
      // Moved into the library, or copied and removed there: gone either way but on a failure.
      await unlink(source).catch(() => undefined);
    }
  }

  /** The item's record: the model (or the tool) named inside, its prompt and settings, and the marker. */
  private metaOf(read: ReadMeta | undefined, type: Sniffed, hash: string) {
    return {
      kind: type.kind,
      mime: type.mime,
      prompt: read?.prompt ?? '',
      model: read?.model || read?.tool || IMPORTED,
      params: { ...read?.params, ...(read?.tool ? { tool: read.tool } : {}), source: IMPORTED, sha256: hash },
      createdAt: read?.createdAt ?? this.opts.now(),
    };
  }

  /** The bytes written to a file of their own, which the library's save moves into place. */
  private async park(bytes: Buffer, type: Sniffed): Promise<string> {
    await mkdir(this.opts.tempDir, { recursive: true });
    const file = path.join(this.opts.tempDir, `${randomUUID()}${type.ext}`);
    await writeFile(file, bytes);
    return file;
  }

  /** The hashes of the current library's imported items, gathered a page per turn of the loop. */
  private async imported(): Promise<Map<string, string>> {
    const root = this.opts.library.root;
    if (this.hashes?.root === root) return this.hashes.ids;
    const ids = new Map<string, string>();
    const library = this.opts.library.current;
    for (let offset = 0; ; offset += SCAN_PAGE) {
      const { items, total } = library.list({ offset, limit: SCAN_PAGE });
      for (const item of items) {
        if (item.params.source === IMPORTED && typeof item.params.sha256 === 'string') ids.set(item.params.sha256, item.id);
      }
      if (offset + SCAN_PAGE >= total || items.length === 0) break;
      await pause();
    }
    this.hashes = { root, ids };
    return ids;
  }
}
