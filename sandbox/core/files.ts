/**
 * Generated media and their time-limited public links (spec §1: links stay valid 24 hours).
 * Files are streamed from disk with Range support by `send`; nothing is buffered whole. A link
 * that died is replaced on the next task query by a fresh one to the same stored file
 * (docs/gateway-rules.md, "Result links").
 */
import { closeSync, mkdirSync, openSync, readSync, writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import send from 'send';
import type { Clock } from './clock.js';
import { GatewayError } from './http.js';
import type { DownloadRule } from './faults.js';
import { cutAfter, paceWrites, sendEndless, sendGzipBomb, sendReplaced, stallAfter } from './fault-bodies.js';
import { zeroBomb3G } from './gzip-bomb.js';

const READ_BYTES = 1024 * 1024;
const OWN_LINK = /^https?:\/\/[^/]+\/files\/([a-f0-9]+)\/[^/?#]+$/;

export interface FileRecord {
  id: string;
  name: string;
  contentType: string;
  size: number;
  createdAt: number;
  expiresAt: number;
  /**
   * The stored file under media/, for a fresh link minted to another record's bytes. Records
   * without it (every one saved before fresh links existed) are stored as `<id>-<name>`.
   */
  file?: string;
}

export class FileStore {
  private readonly byId = new Map<string, FileRecord>();
  /** The newest fresh link minted for each stored file, so repeated queries agree on one. */
  private readonly freshest = new Map<string, FileRecord>();
  readonly dir: string;

  constructor(
    root: string,
    private readonly clock: Clock,
    private readonly ttlSeconds: number,
    saved: FileRecord[] | undefined,
    private readonly onChange: () => void,
  ) {
    this.dir = join(root, 'media');
    mkdirSync(this.dir, { recursive: true });
    for (const f of saved ?? []) this.byId.set(f.id, f);
    for (const f of this.byId.values()) if (f.file && f.createdAt >= (this.freshest.get(f.file)?.createdAt ?? -Infinity)) this.freshest.set(f.file, f);
  }

  list(): FileRecord[] {
    return [...this.byId.values()];
  }

  /** Stores bytes and mints a link that expires after the TTL on the simulated clock. */
  put(bytes: Buffer, name: string, contentType: string): FileRecord {
    const id = randomBytes(12).toString('hex');
    const path = join(this.dir, `${id}-${name}`);
    writeFileSync(`${path}.tmp`, bytes);
    renameSync(`${path}.tmp`, path);
    const now = this.clock.now();
    const rec: FileRecord = { id, name, contentType, size: bytes.length, createdAt: now, expiresAt: now + this.ttlSeconds * 1000 };
    this.byId.set(id, rec);
    this.onChange();
    return rec;
  }

  url(baseUrl: string, rec: FileRecord): string {
    return `${baseUrl}/files/${rec.id}/${encodeURIComponent(rec.name)}`;
  }

  /** Resolves one of our own links (e.g. a reference image or an image_url pointing at the sandbox). */
  resolveOwnUrl(baseUrl: string, url: string): FileRecord | undefined {
    const prefix = `${baseUrl}/files/`;
    if (!url.startsWith(prefix)) return undefined;
    const rec = this.byId.get(url.slice(prefix.length).split('/')[0]);
    return rec && rec.expiresAt > this.clock.now() ? rec : undefined;
  }

  pathOf(rec: FileRecord): string {
    return join(this.dir, storedName(rec));
  }

  /**
   * A result link as a task query answers it now. Links of ours that expired, or that name
   * another base URL (a restart on another port), come back as a fresh link on the current
   * base: a new id for the same stored file with a full TTL; reused while it lives, so that
   * repeated queries agree. Live links on this base, and anything else, are returned as given.
   */
  freshLink(baseUrl: string, url: string): string {
    const id = OWN_LINK.exec(url)?.[1];
    const rec = id ? this.byId.get(id) : undefined;
    if (!rec) return url;
    const now = this.clock.now();
    if (rec.expiresAt > now && url.startsWith(`${baseUrl}/files/`)) return url;
    const file = storedName(rec);
    const latest = this.freshest.get(file);
    if (latest && latest.expiresAt > now) return this.url(baseUrl, latest);
    // A fresh link dead for a whole TTL is forgotten (404) rather than kept forever in state.json.
    if (latest && latest.expiresAt + this.ttlSeconds * 1000 < now) this.byId.delete(latest.id);
    const fresh: FileRecord = { ...rec, id: randomBytes(12).toString('hex'), createdAt: now, expiresAt: now + this.ttlSeconds * 1000, file };
    this.byId.set(fresh.id, fresh);
    this.freshest.set(file, fresh);
    this.onChange();
    return this.url(baseUrl, fresh);
  }

  expireAll(): number {
    const now = this.clock.now();
    for (const rec of this.byId.values()) rec.expiresAt = Math.min(rec.expiresAt, now - 1);
    this.onChange();
    return this.byId.size;
  }

  /** The first bytes of a stored file (at most 64 KB, read at once: the endless fault's start). */
  private head(rec: FileRecord): Buffer {
    const fd = openSync(this.pathOf(rec), 'r');
    try {
      const buf = Buffer.alloc(Math.min(rec.size, 64 * 1024));
      return buf.subarray(0, readSync(fd, buf, 0, buf.length, 0));
    } finally {
      closeSync(fd);
    }
  }

  /** Serves a link, broken as `fault` says (the `faults/download` admin route) if given. */
  serve(req: IncomingMessage, res: ServerResponse, id: string, fault?: DownloadRule): void {
    const rec = this.byId.get(id);
    if (!rec) throw new GatewayError(404, 'No such file: the link is wrong or was never issued');
    if (rec.expiresAt <= this.clock.now()) {
      throw new GatewayError(410, 'This link has expired: generated links stay valid 24 hours, save files before then');
    }
    if (fault?.mode === 'endless') return void sendEndless(res, rec.contentType, this.head(rec), req.method === 'HEAD');
    if (fault?.mode === 'gzip-bomb') return sendGzipBomb(res, rec.contentType, zeroBomb3G(), req.method === 'HEAD');
    if (fault?.mode === 'replace') {
      sendReplaced(res, this.pathOf(rec), rec.contentType, fault.kind).catch(() => res.destroy());
      return;
    }
    // send hands its options on to fs.createReadStream: reading 1 MB at a time instead of 64 KB
    // took the sandbox's CPU per 256 MB file from ~0.3–1.2 s to ~0.2–0.7 s (curl as the client),
    // which matters when the sandbox shares the machine with the studio downloading from it.
    const options = { root: this.dir, dotfiles: 'deny', index: false, cacheControl: false, etag: true, lastModified: true, highWaterMark: READ_BYTES } as const;
    const stream = send(req, storedName(rec), options);
    stream.on('headers', (r: ServerResponse) => r.setHeader('Content-Type', rec.contentType));
    if (fault?.mode === 'cut') cutAfter(res, fault.afterBytes);
    if (fault?.mode === 'stall') stallAfter(res, fault.afterBytes);
    if (fault?.mode === 'slow') paceWrites(res, fault.bytesPerSecond);
    stream.on('error', (err: { status?: number }) => {
      if (!res.headersSent) res.writeHead(err.status ?? 500).end();
      else res.destroy();
    });
    stream.pipe(res);
  }
}

const storedName = (rec: FileRecord) => rec.file ?? `${rec.id}-${rec.name}`;
