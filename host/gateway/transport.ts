/**
 * The host's one HTTP path (docs/architecture.md, "The gateway transport"): every gateway call
 * (JSON GETs and POSTs, uploads, streamed replies, speech) and every result download goes out
 * through `open` here, on undici's `request` over one keep-alive pool for the whole host.
 *
 * What it does on top of undici, in one place:
 * - redirects, followed hop by hop under the one rule of redirects.ts (undici follows none);
 * - Content-Encoding, decoded here (undici's `request` does not), and every body counted after
 *   decoding against its cap (limits.ts): a small gzip that inflates to gigabytes ends as
 *   `tooLarge`, with the connection closed, long before it could fill the host's memory;
 * - one timer per call, cleared when the call is over: a limit until the answer's headers
 *   (streams, downloads) or until its whole body (JSON answers), and the caller's AbortSignal.
 *
 * Why undici's `request` and not `fetch`: with hundreds of jobs in flight the poller makes about
 * 50 requests a second, and fetch's WHATWG objects, web streams for every body and an
 * `AbortSignal.timeout` left armed for 30 s after each answer cost more host CPU than the whole
 * polling budget (docs/performance.md). `request` hands over a Node stream, as the disk wants it.
 */
import { Duplex, pipeline, Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';
import { Agent, FormData as UndiciFormData, request, type Dispatcher } from 'undici';
import { msg } from '@shared/messages/index.js';
import { GatewayFailure } from './failure.js';
import { tooLarge, type Oversized } from './limits.js';
import { nextHop, REDIRECTS, type Hop } from './redirects.js';
import { isPrivateAddress, PrivateAddressRefused, publicLookup } from './private-address.js';

/**
 * The host's connection pool. Free sockets are dropped after 4 s idle, or sooner when the
 * server's Keep-Alive hint says so; undici checks an idle socket for a close already on its way
 * before it reuses one. Its own header and body timers are off: each call has ours.
 */
export const pool = new Agent({ keepAliveTimeout: 4_000, headersTimeout: 0, bodyTimeout: 0 });
/**
 * The pool for links a gateway gave that lead off its own origin: its connections are made only
 * to public addresses, checked in the connection's own lookup (private-address.ts).
 */
const publicPool = new Agent({ keepAliveTimeout: 4_000, headersTimeout: 0, bodyTimeout: 0, connect: { lookup: publicLookup } as object });

export interface Outgoing {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string | FormData;
  /** Cancels the call, body included; what is thrown then is the signal's reason. */
  signal?: AbortSignal;
  /** Milliseconds the call may take; what is thrown then is a `TimedOut`. None: no limit of ours. */
  timeoutMs?: number;
  /** Until what the limit runs: the answer's headers (the default) or the end of its body. */
  deadline?: 'headers' | 'body';
  /** The largest body taken, counted after decoding; past it the body fails with `tooLarge`. */
  maxBytes: number;
  what: Oversized;
  /** `identity` asks for the bytes as stored (downloads); a body compressed anyway is decoded. */
  encoding?: 'any' | 'identity';
  /**
   * A link the gateway gave (a result file): every hop off these origins (the profile's own
   * gateway) must lead to a public address, or the call fails with `PrivateAddressRefused`.
   */
  publicUnlessFrom?: readonly string[];
}

export interface Incoming {
  status: number;
  /** A header of the answer (any case), its values joined as fetch joins them. */
  header(name: string): string | null;
  /** The body, decoded and counted; destroying it closes the connection. */
  body: Readable;
  /** The body was decoded from a Content-Encoding: its length is not the announced one. */
  decoded: boolean;
}

/** The call took longer than its `timeoutMs`. */
export class TimedOut extends Error {
  override name = 'TimeoutError';
}

/** A redirect not followed (redirects.ts): `cause` is nextHop's error, `status` the redirect's. */
export class RedirectStopped extends Error {
  constructor(readonly status: number, override readonly cause: unknown) {
    super((cause as Error).message);
  }
}

// What fetch sends besides the caller's headers, so a gateway (or its proxy) sees the same request.
const FETCH_LIKE = { 'Accept-Language': '*', 'User-Agent': 'node' };
const ENCODINGS = { any: 'gzip, deflate, br', identity: 'identity' };

/** A write onto a kept-alive socket the server had just closed: tried again on another one. */
const STALE = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/** Opens one call: resolves once the final answer's headers are in, whatever its status. */
export async function open(o: Outgoing): Promise<Incoming> {
  if (o.signal?.aborted) throw o.signal.reason;
  const ac = new AbortController();
  const onAbort = () => ac.abort(o.signal!.reason);
  o.signal?.addEventListener('abort', onAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  if (o.timeoutMs !== undefined) {
    timer = setTimeout(() => ac.abort(new TimedOut('The call took longer than its time limit.')), o.timeoutMs);
    timer.unref();
  }
  const settle = () => {
    clearTimeout(timer);
    o.signal?.removeEventListener('abort', onAbort);
  };
  let res: Dispatcher.ResponseData;
  try {
    res = await follow(o, ac.signal);
  } catch (err) {
    settle();
    throw err;
  }
  if (o.deadline !== 'body') clearTimeout(timer);
  const headers = res.headers;
  const header = (name: string): string | null => {
    const v = headers[name.toLowerCase()];
    return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
  };
  const { body, decoded } = decode(res.body, header('content-encoding'), o.maxBytes, o.what);
  body.once('close', settle);
  // A body its reader gives up on (destroyed unread) errors with nobody left to listen.
  body.on('error', () => undefined);
  return { status: res.statusCode, header, body, decoded };
}

/** Sends the request, and its redirects one hop at a time (redirects.ts). */
async function follow(o: Outgoing, signal: AbortSignal): Promise<Dispatcher.ResponseData> {
  const headers = { ...FETCH_LIKE, 'Accept-Encoding': ENCODINGS[o.encoding ?? 'any'], ...o.headers };
  const body = typeof o.body === 'string' ? o.body : o.body && multipart(o.body);
  let hop: Hop = { url: new URL(o.url), method: o.method, headers, keepBody: o.body !== undefined, hops: 0 };
  for (let fresh = 0; ;) {
    if (hop.url.protocol !== 'http:' && hop.url.protocol !== 'https:') {
      // A link a gateway gave (a result, a redirect) may name any scheme; only the web's are opened.
      throw new GatewayFailure('invalid_request', msg('gateway.network.onlyHttp', { protocol: hop.url.protocol }), false);
    }
    const dispatcher = dispatcherFor(o, hop.url);
    let res: Dispatcher.ResponseData;
    try {
      res = await request(hop.url, { dispatcher, method: hop.method as Dispatcher.HttpMethod, headers: hop.headers, body: hop.keepBody ? body : undefined, signal });
    } catch (err) {
      // Several pooled sockets may have been closed by the server at once: each try takes another.
      const code = (err as NodeJS.ErrnoException).code ?? '';
      if (!hop.keepBody && !signal.aborted && STALE.has(code) && ++fresh < 4) continue;
      throw err;
    }
    const location = res.headers.location;
    if (!REDIRECTS.has(res.statusCode) || typeof location !== 'string') return res;
    // The redirect's own body is not read: its socket goes back to the pool.
    await res.body.dump().catch(() => undefined);
    try {
      hop = nextHop(hop, res.statusCode, location);
    } catch (err) {
      throw new RedirectStopped(res.statusCode, err);
    }
  }
}

/**
 * The pool a hop goes out on. An IP written in the link is checked here, as a lookup never sees
 * it; a name is checked by the public pool's lookup, on the addresses really connected to.
 */
function dispatcherFor(o: Outgoing, url: URL): Dispatcher {
  if (!o.publicUnlessFrom || o.publicUnlessFrom.includes(url.origin)) return pool;
  if (isPrivateAddress(url.hostname)) throw new PrivateAddressRefused(url.hostname);
  return publicPool;
}

/**
 * A form as undici encodes it: Node's own FormData (its bundled undici's) is not one this undici
 * can read, so its fields are copied over; files and blobs stay blobs, read as the body is sent.
 */
function multipart(form: FormData): UndiciFormData {
  const copy = new UndiciFormData();
  for (const [name, value] of form) {
    if (typeof value === 'string') copy.append(name, value);
    else copy.append(name, value, value.name);
  }
  return copy;
}

/** Whether a `deflate` body starts with the zlib header the RFC asks for (some servers send it raw). */
const zlibWrapped = (b: Buffer) => b.length < 2 || ((b[0] & 0x0f) === 8 && ((b[0] << 8) | b[1]) % 31 === 0);

/** `deflate` either way, as fetch takes it: the first bytes tell which. */
function inflateEither(): Duplex {
  return Duplex.from(async function* (source: AsyncIterable<Buffer>) {
    const chunks = source[Symbol.asyncIterator]();
    const first = await chunks.next();
    if (first.done) return;
    const inflate = zlibWrapped(first.value) ? zlib.createInflate() : zlib.createInflateRaw();
    const all = async function* () {
      yield first.value;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
    };
    yield* pipeline(Readable.from(all()), inflate, () => undefined) as AsyncIterable<Buffer>;
  });
}

const DECODERS: Record<string, () => Duplex> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  deflate: inflateEither,
  br: () => zlib.createBrotliDecompress(),
};

/** Counts a body as it passes; past `maxBytes` it fails with `tooLarge` (and the source is closed). */
function capped(maxBytes: number, what: Oversized): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(tooLarge(maxBytes, what));
      else done(null, chunk);
    },
  });
}

/**
 * The body as its reader takes it: decoded when it came encoded, counted when it has a cap. The
 * decoder writes only as fast as the counter passes bytes on, so it stops at the cap.
 */
function decode(raw: Readable, encoding: string | null, maxBytes: number, what: Oversized): { body: Readable; decoded: boolean } {
  const decoder = DECODERS[(encoding ?? '').trim().toLowerCase()];
  const stages: (Readable | Duplex)[] = [raw];
  if (decoder) stages.push(decoder());
  if (Number.isFinite(maxBytes)) stages.push(capped(maxBytes, what));
  if (stages.length === 1) return { body: raw, decoded: false };
  // A cut connection or a decoding error reaches the reader as an error, never as an early end.
  const body = pipeline(stages as unknown as [Readable, ...Duplex[]], () => undefined) as unknown as Readable;
  return { body, decoded: decoder !== undefined };
}

/** The whole body as text; a UTF-8 byte order mark is dropped, as fetch's text() does. */
export async function readText(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  const text = (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** At most `maxBytes` of a body as text (the rest is not read, the body closed): a failure's message. */
export async function headOfBody(body: Readable, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let seen = 0;
  try {
    for await (const chunk of body) {
      chunks.push(chunk as Buffer);
      seen += (chunk as Buffer).length;
      if (seen >= maxBytes) break;
    }
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8');
}
