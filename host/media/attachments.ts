/**
 * Reference images the creator attached (drop, picker, paste), held by the host in the app's
 * data folder so a draft's attachments survive a restart. The host, not the renderer, turns them
 * into data URIs, after checking them by content (spec 2.15: jpeg or png, at most 10 MB).
 * A picture (up to 20 MB) and the index are written off the host's loop, the picture on disk before
 * the index names it (docs/robust-host.md, "Data files written off the loop").
 * The index only sums up the pictures on disk: one that cannot be read is kept aside, said, and
 * rebuilt from them, and no picture is removed because of it (docs/security.md, "Files that fail
 * to load").
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { copyFile, link, open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_PREFIX, type AttachmentView } from '@shared/contract/media.js';
import { REFERENCE_IMAGE_MAX_BYTES } from '@shared/gateway/catalog.js';
import { atomicText, CoalescedFile } from '../coalesced-file.js';
import { openStoreFile } from '../unreadable-file.js';
import { nodeDisk } from '../library/disk.js';
import { coreError, dataWriteError } from '../errors.js';
import { msg } from '@shared/messages/index.js';
import { sniff, SNIFF_BYTES } from '@media/sniff.js';

/** An attachment's id is the host's own UUID; anything else read from a sidecar names no file. */
const ATTACHMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// An index naming anything but such an id (a path out of the folder) is no index the host wrote.
const Stored = z.array(z.object({ id: z.string().regex(ATTACHMENT_ID), name: z.string(), mime: z.string(), bytes: z.number(), width: z.number().optional(), height: z.number().optional(), addedAt: z.number() }));
type Stored = z.infer<typeof Stored>[number];

/** Attachments nobody used for a week are cleared at start. */
const KEEP_MS = 7 * 24 * 3600 * 1000;
const KeptMeta = z.object({ name: z.string(), mime: z.string() });
const MB = 1024 * 1024;

export class AttachmentStore {
  private readonly items = new Map<string, Stored>();
  private readonly indexFile: string;
  private readonly index: CoalescedFile;

  /** The pictures on disk an unreadable or missing index is rebuilt from; every change waits for it. */
  private readonly ready: Promise<void>;

  constructor(
    private readonly dir: string,
    private readonly now: () => number,
    private readonly log: (line: string) => void = () => undefined,
    onUnreadable: (backup: string | null) => void = () => undefined,
  ) {
    mkdirSync(dir, { recursive: true });
    this.indexFile = join(dir, 'attachments.json');
    this.index = new CoalescedFile({
      write: atomicText(this.indexFile, () => JSON.stringify([...this.items.values()])),
      failure: (err) => dataWriteError(msg('jobs.dataWrite.attachment'), err, dir),
      log: (line) => log(`attachments: ${line}`),
    });
    // A write the last run was killed in left its temp file beside the index (removed here too).
    const opened = openStoreFile(this.indexFile, (v) => Stored.parse(v), { what: 'attachment index', log: (line) => log(`attachments: ${line}`), onUnreadable });
    if (opened.value === undefined) {
      // Gone or unreadable: every picture on disk stays, named again once it is typed (open).
      this.ready = this.rebuild(readdirSync(dir).filter((f) => f.endsWith('.bin') && ATTACHMENT_ID.test(f.slice(0, -4))).map((f) => f.slice(0, -4)));
      return;
    }
    for (const a of opened.value) {
      if (this.now() - a.addedAt < KEEP_MS && existsSync(this.path(a.id))) this.items.set(a.id, a);
    }
    // Only an index read whole says which pictures are no longer wanted (a week old, or a draft's
    // add that a kill cut before the index named it).
    for (const f of readdirSync(dir)) if (f.endsWith('.bin') && !this.items.has(f.slice(0, -4))) rmSync(join(dir, f), { force: true });
    this.ready = Promise.resolve();
    this.index.later();
  }

  /** Resolves once the index holds every picture it is rebuilt from (a start awaits it). */
  open(): Promise<void> {
    return this.ready;
  }

  /**
   * Names the pictures on disk again, typed by their first bytes as when they were added; their
   * week starts anew and their names are the kept ones, or "image". Off the host's loop: a few
   * kilobytes read of each. A file that is no picture is left where it is, unnamed.
   */
  private async rebuild(ids: string[]): Promise<void> {
    for (const id of ids) {
      try {
        const handle = await open(this.path(id), 'r');
        let head: Buffer;
        let size: number;
        try {
          size = (await handle.stat()).size;
          const { buffer, bytesRead } = await handle.read(Buffer.alloc(Math.min(SNIFF_BYTES, size)), 0, Math.min(SNIFF_BYTES, size), 0);
          head = buffer.subarray(0, bytesRead);
        } finally {
          await handle.close();
        }
        const type = await sniff(head);
        if (!type || type.kind !== 'image' || size > ATTACHMENT_MAX_BYTES) {
          this.log(`attachments: ${id}.bin is no picture the studio attaches; it is left as it is.`);
          continue;
        }
        const name = (await this.keptName(id)) ?? `image${type.ext}`;
        this.items.set(id, { id, name, mime: type.mime, bytes: size, width: type.width, height: type.height, addedAt: this.now() });
      } catch (err) {
        this.log(`attachments: ${id}.bin could not be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); it is left as it is.`);
      }
    }
    if (ids.length > 0) this.log(`attachments: the index was rebuilt from ${this.items.size} of ${ids.length} pictures on disk.`);
    this.index.later();
  }

  private path(id: string): string {
    return join(this.dir, `${id}.bin`);
  }

  async add(name: string, data: Uint8Array): Promise<AttachmentView> {
    await this.ready;
    const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const type = await sniff(bytes);
    if (!type || type.kind !== 'image') throw coreError('invalid_input', msg('jobs.attachments.notAnImage', { name }), 'data');
    const item: Stored = { id: randomUUID(), name: name || 'image', mime: type.mime, bytes: bytes.length, width: type.width, height: type.height, addedAt: this.now() };
    // On disk before the index names it: a restart then finds the whole picture or no entry.
    try {
      await nodeDisk.writeDurable(this.path(item.id), bytes);
    } catch (err) {
      await rm(this.path(item.id), { force: true });
      throw dataWriteError(msg('jobs.dataWrite.attachment'), err, this.dir);
    }
    this.items.set(item.id, item);
    try {
      await this.index.flush();
    } catch (err) {
      this.items.delete(item.id);
      await rm(this.path(item.id), { force: true });
      throw err;
    }
    return view(item);
  }

  async remove(id: string): Promise<void> {
    await this.ready;
    if (!this.items.delete(id)) return;
    // Out of the index first: a kill between the two leaves a stray file the next start removes.
    await this.index.save();
    await rm(this.path(id), { force: true });
  }

  /**
   * Keeps the pictures a job is sent with, past the week-long clean-up and the draft letting go
   * of them, so a Gallery remix can bring them back (docs/library-files.md, "References of a
   * saved item"). A hard link where the disk allows it (no second copy), the picture before its
   * note: a kept copy without its note is never offered.
   */
  async keep(ids: readonly string[]): Promise<void> {
    const kept = join(this.dir, 'kept');
    for (const id of ids) {
      const item = this.items.get(id);
      if (!item || !ATTACHMENT_ID.test(id) || existsSync(join(kept, `${id}.json`))) continue;
      mkdirSync(kept, { recursive: true });
      const file = join(kept, `${id}.bin`);
      await rm(file, { force: true });
      await link(this.path(id), file).catch(() => copyFile(this.path(id), file));
      await nodeDisk.writeDurable(join(kept, `${id}.json`), JSON.stringify({ name: item.name, mime: item.mime }));
    }
  }

  /** The name a kept picture was attached under, if the host still keeps it. */
  async keptName(id: string): Promise<string | undefined> {
    if (!ATTACHMENT_ID.test(id)) return undefined;
    try {
      const parsed = KeptMeta.safeParse(JSON.parse(await readFile(join(this.dir, 'kept', `${id}.json`), 'utf8')));
      return parsed.success ? parsed.data.name : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * A picture a job was sent with, as a new attachment for a new draft (the draft may drop it
   * without touching the kept copy), from the draft's copy while it lasts or the kept one; none
   * when the host holds neither.
   */
  async revive(id: string): Promise<AttachmentView | undefined> {
    if (!ATTACHMENT_ID.test(id)) return undefined;
    const live = this.items.get(id);
    const name = live?.name ?? (await this.keptName(id));
    if (name === undefined) return undefined;
    const sources = [...(live ? [this.path(id)] : []), join(this.dir, 'kept', `${id}.bin`)];
    for (const source of sources) {
      const data = await readFile(source).catch(() => undefined);
      if (data && data.length <= ATTACHMENT_MAX_BYTES) return this.add(name, data);
    }
    return undefined;
  }

  /** Writes the index if a change still waits for it. */
  async close(): Promise<void> {
    await this.ready;
    return this.index.settle();
  }

  get(id: string): { view: AttachmentView; data: Buffer } {
    const item = this.items.get(id);
    if (!item || !existsSync(this.path(id))) throw coreError('not_found', msg('jobs.attachments.gone'), 'attachments');
    return { view: view(item), data: readFileSync(this.path(id)) };
  }

  /** A reference image for the gateway: checked like the gateway would (jpeg or png, ≤ 10 MB). */
  dataUri(id: string, param: string): string {
    const { view: v, data } = this.get(id);
    if (!['image/png', 'image/jpeg'].includes(v.mime)) throw coreError('invalid_input', msg('jobs.attachments.wrongFormat', { name: v.name, format: v.mime.replace('image/', '').toUpperCase() }), param);
    if (data.length > REFERENCE_IMAGE_MAX_BYTES) throw coreError('invalid_input', msg('jobs.attachments.tooLarge', { name: v.name, size: (data.length / MB).toFixed(1) }), param);
    return `data:${v.mime};base64,${data.toString('base64')}`;
  }

  /** Replaces every `attachment:<id>` in a list of image references with its data URI. */
  resolveRefs(refs: unknown, param: string): unknown {
    if (!Array.isArray(refs)) return refs;
    return refs.map((r, i) => (typeof r === 'string' && r.startsWith(ATTACHMENT_PREFIX) ? this.dataUri(r.slice(ATTACHMENT_PREFIX.length), `${param}.${i}`) : r));
  }
}

const view = ({ id, name, mime, bytes, width, height }: Stored): AttachmentView => ({ id, name, mime, bytes, width, height });
