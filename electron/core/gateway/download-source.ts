/**
 * Opens a result link for download.ts: the status, the headers and the body as a Node stream.
 *
 * Without an injected `fetch` this is node:http(s) over the shared keep-alive pools: fetch hands
 * the body over as a web stream, and converting it back into a Node stream for the disk cost a
 * large share of a download's CPU and memory (download benchmark). An injected `fetch` (tests,
 * tools) is still honoured, through the same interface.
 */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { transportFor } from './http-agents.js';
import { nextHop, REDIRECTS, withoutKey, type Hop } from './redirects.js';

export interface OpenedBody {
  status: number;
  header(name: string): string | null;
  body: Readable;
  /** The body arrives decoded from a Content-Encoding: its length is not the announced one. */
  decoded: boolean;
}

const DECODERS: Record<string, () => NodeJS.ReadWriteStream> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

function get(url: URL, headers: Record<string, string>, signal?: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const { lib, agent } = transportFor(url);
    // A file is saved byte for byte: `identity` keeps Content-Length and Range about the file itself.
    lib.get(url, { agent, signal, headers: { 'User-Agent': 'node', 'Accept-Encoding': 'identity', ...headers } }, resolve).once('error', reject);
  });
}

function headerOf(res: IncomingMessage) {
  return (name: string): string | null => {
    const v = res.headers[name.toLowerCase()];
    return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
  };
}

/**
 * A result link needs no key (download.ts): none is attached to it, nor to any hop it redirects
 * to, whatever a caller passes (redirects.ts, docs/security.md).
 */
export async function openWithHttp(link: string, headers: Record<string, string>, signal?: AbortSignal): Promise<OpenedBody> {
  let hop: Hop = { url: new URL(link), method: 'GET', headers: withoutKey(headers), keepBody: false, hops: 0 };
  for (;;) {
    const res = await get(hop.url, hop.headers, signal);
    const location = res.headers.location;
    if (REDIRECTS.has(res.statusCode ?? 0) && location) {
      res.resume(); // drain the redirect's own body so its socket goes back to the pool
      hop = nextHop(hop, res.statusCode!, location);
      continue;
    }
    const encoding = (res.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
    const decoder = DECODERS[encoding];
    let body: Readable = res;
    if (decoder) {
      const decoding = decoder();
      // A cut connection must reach the reader as an error, not as an early end.
      res.once('error', (err) => (decoding as unknown as Readable).destroy(err));
      body = res.pipe(decoding) as unknown as Readable;
    }
    return { status: res.statusCode ?? 0, header: headerOf(res), body, decoded: decoder !== undefined };
  }
}

export async function openWithFetch(fetchImpl: typeof fetch, link: string, headers: Record<string, string>, signal?: AbortSignal): Promise<OpenedBody> {
  // Without a key in its headers, fetch may follow the link's redirects itself.
  const res = await fetchImpl(link, { headers: withoutKey(headers), signal });
  const body = res.body ? Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>) : Readable.from([]);
  // fetch decodes by itself; what it reports as the length is the encoded one.
  const encoding = (res.headers.get('content-encoding') ?? 'identity').trim().toLowerCase();
  return { status: res.status, header: (name) => res.headers.get(name), body, decoded: encoding !== 'identity' };
}
