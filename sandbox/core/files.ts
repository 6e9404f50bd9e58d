/**
 * Generated media and their time-limited public links (spec §1: links stay valid 24 hours).
 * Files are streamed from disk with Range support by `send`; nothing is buffered whole.
 */
import { mkdirSync, writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import send from 'send';
import type { Clock } from './clock.js';
import { GatewayError } from './http.js';

const READ_BYTES = 1024 * 1024;

export interface FileRecord {
  id: string;
  name: string;
  contentType: string;
  size: number;
  createdAt: number;
  expiresAt: number;
}

export class FileStore {
  private readonly byId = new Map<string, FileRecord>();
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
    return join(this.dir, `${rec.id}-${rec.name}`);
  }

  expireAll(): number {
    const now = this.clock.now();
    for (const rec of this.byId.values()) rec.expiresAt = Math.min(rec.expiresAt, now - 1);
    this.onChange();
    return this.byId.size;
  }

  /** Serves a link; `cutAfterBytes` drops the connection midway (a fault for download tests). */
  serve(req: IncomingMessage, res: ServerResponse, id: string, cutAfterBytes?: number): void {
    const rec = this.byId.get(id);
    if (!rec) throw new GatewayError(404, 'No such file: the link is wrong or was never issued');
    if (rec.expiresAt <= this.clock.now()) {
      throw new GatewayError(410, 'This link has expired: generated links stay valid 24 hours, save files before then');
    }
    // send hands its options on to fs.createReadStream: reading 1 MB at a time instead of 64 KB
    // took the sandbox's CPU per 256 MB file from ~0.3–1.2 s to ~0.2–0.7 s (curl as the client),
    // which matters when the sandbox shares the machine with the studio downloading from it.
    const options = { root: this.dir, dotfiles: 'deny', index: false, cacheControl: false, etag: true, lastModified: true, highWaterMark: READ_BYTES } as const;
    const stream = send(req, `${rec.id}-${rec.name}`, options);
    stream.on('headers', (r: ServerResponse) => r.setHeader('Content-Type', rec.contentType));
    if (cutAfterBytes !== undefined) cutAfter(res, cutAfterBytes);
    stream.on('error', (err: { status?: number }) => {
      if (!res.headersSent) res.writeHead(err.status ?? 500).end();
      else res.destroy();
    });
    stream.pipe(res);
  }
}

/** Sends exactly `limit` body bytes, then drops the connection, as a broken network would. */
function cutAfter(res: ServerResponse, limit: number): void {
  const write = res.write.bind(res) as (chunk: Buffer, cb?: () => void) => boolean;
  let sent = 0;
  res.write = ((chunk: Buffer) => {
    const room = limit - sent;
    if (room <= 0) return false;
    if (chunk.length < room) {
      sent += chunk.length;
      return write(chunk);
    }
    sent = limit;
    write(chunk.subarray(0, room), () => res.destroy());
    return false;
  }) as typeof res.write;
}
