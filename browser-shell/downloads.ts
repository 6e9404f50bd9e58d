/**
 * The browser shell's download links (docs/library-files.md, "The download link"; docs/security.md):
 * how a file leaves the studio through the browser. The core offers a file (one item's, or an
 * export's zip it wrote into the data folder) and gets back `/download/<token>`, which:
 * - works once: the first request takes the link, whatever happens next;
 * - expires after `LINK_TTL_MS`, unused;
 * - is answered only on the shell's authenticated origin, to the signed-in page (server.ts checks
 *   the session cookie, the tab's media secret and that the request is not cross-site);
 * - names no path: the token is 256 random bits, the file is the one the core offered.
 * A temporary file (a zip) is removed once sent, once its link expired, and when the shell closes.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import contentDisposition from 'content-disposition';
import type { DownloadOffer } from '@host/ports.js';
import { withoutHiddenCharacters } from '@shared/text/hidden-characters.js';

export const DOWNLOAD_PREFIX = '/download/';
/** Long enough for the page to follow the link it just got, short enough that a leaked one is dead. */
export const LINK_TTL_MS = 2 * 60_000;
/** Links waiting at once; the oldest is dropped first. */
const MAX_LINKS = 64;

interface Link {
  offer: DownloadOffer;
  expiresAt: number;
}

export class DownloadLinks {
  private readonly links = new Map<string, Link>();
  private readonly now: () => number;

  constructor(options: { now?: () => number } = {}) {
    this.now = options.now ?? Date.now;
  }

  /** A fresh one-time link for `offer`: a path on the shell's origin. */
  offer(offer: DownloadOffer): string {
    this.sweep();
    const token = randomBytes(32).toString('base64url');
    this.links.set(token, { offer, expiresAt: this.now() + LINK_TTL_MS });
    if (this.links.size > MAX_LINKS) this.drop(this.links.keys().next().value!);
    // A zip no one fetches is removed when its link dies, not at the next start only.
    setTimeout(() => this.sweep(), LINK_TTL_MS + 1_000).unref();
    return `${DOWNLOAD_PREFIX}${token}`;
  }

  /** Spends a link: its offer, or undefined when the token is unknown, used or expired. */
  take(token: string): DownloadOffer | undefined {
    this.sweep();
    const link = this.links.get(token);
    if (!link) return undefined;
    this.links.delete(token);
    return link.offer;
  }

  /** Forgets expired links and removes their temporary files. */
  sweep(): void {
    const now = this.now();
    for (const [token, link] of this.links) if (link.expiresAt <= now) this.drop(token);
  }

  /** The shell closes: every link dies, and every temporary file goes. */
  close(): void {
    for (const token of [...this.links.keys()]) this.drop(token);
  }

  private drop(token: string): void {
    const link = this.links.get(token);
    this.links.delete(token);
    if (link?.offer.temporary) void rm(link.offer.path, { force: true }).catch(() => undefined);
  }
}

/**
 * The name the browser saves under: the core's names are clean already (names.ts), and this holds
 * whatever offered it: no bidi override, zero-width or control character reaches the download bar
 * (docs/house-rules.md, "What reaches a terminal, a dialog or a file name").
 */
const downloadName = (name: string) => withoutHiddenCharacters(name).replace(/\s+/g, ' ').trim() || 'download';

/** Sends an offered file as an attachment under its name; a temporary one is removed afterwards. */
export async function sendDownload(res: ServerResponse, offer: DownloadOffer): Promise<void> {
  const done = () => {
    if (offer.temporary) void rm(offer.path, { force: true }).catch(() => undefined);
  };
  const size = await stat(offer.path).then((s) => (s.isFile() ? s.size : undefined), () => undefined);
  if (size === undefined) {
    done();
    res.writeHead(410, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    return void res.end('This file is no longer there. Save or export it again from the Gallery.');
  }
  res.writeHead(200, {
    'Content-Type': offer.type,
    'Content-Length': size,
    // RFC 6266: an ASCII fallback plus the UTF-8 name (filename*), so any prompt's name survives.
    'Content-Disposition': contentDisposition(downloadName(offer.name), { type: 'attachment' }),
    'Cache-Control': 'no-store',
  });
  createReadStream(offer.path)
    .on('error', () => res.destroy())
    .on('close', done)
    .pipe(res);
}
