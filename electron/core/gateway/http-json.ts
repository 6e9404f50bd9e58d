/**
 * The gateway client's light transport for small JSON answers (status polls, balances, model
 * lists): node:http(s) over keep-alive sockets, the whole body read into one string.
 *
 * Why not `fetch`: with hundreds of jobs in flight the poller makes about 50 requests a second,
 * and Node's fetch (WHATWG Request/Response objects, web streams for every body, an
 * `AbortSignal.timeout` timer that stays armed for its full 30 s after the answer came back) cost
 * more host CPU than the whole polling budget (polling benchmark). This path does the same job
 * with one timer per call, cleared on the answer. `fetch` remains the transport of `send()`
 * (streams, uploads, anything a caller reads as a `Response`) and of every injected `fetch`.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { transportFor } from './http-agents.js';
import { tooLarge } from './limits.js';

export interface JsonRequest {
  method: 'GET';
  headers: Record<string, string>;
  /** Cancels the call; the error thrown then is `{ name: 'AbortError' }`. */
  signal?: AbortSignal;
  /** Milliseconds for the whole exchange, headers and body. */
  timeoutMs: number;
  /** The largest body taken, counted as received and again after decompression (limits.ts). */
  maxBytes: number;
}

export interface JsonAnswer {
  status: number;
  /** Lower-case header names, as node:http gives them. */
  header(name: string): string | null;
  text: string;
}

/** What `fetch` would have followed: the caller redoes these calls with `fetch` itself. */
export class RedirectSeen extends Error {}

/** The call took longer than its `timeoutMs`. */
export class TimeoutSeen extends Error {}

// What fetch sends besides the caller's headers, so a gateway (or its proxy) sees the same request.
const FETCH_LIKE = { 'Accept-Language': '*', 'User-Agent': 'node', 'Accept-Encoding': 'gzip, deflate' };

type Inflate = (b: Buffer, o: zlib.ZlibOptions) => Promise<Buffer>;
const gunzip = promisify(zlib.gunzip) as Inflate;
const zInflate = promisify(zlib.inflate) as Inflate;
const inflateRaw = promisify(zlib.inflateRaw) as Inflate;
const brotli = promisify(zlib.brotliDecompress) as (b: Buffer, o: zlib.BrotliOptions) => Promise<Buffer>;
// `maxOutputLength` stops a small compressed body that inflates to gigabytes (a "zip bomb").
const inflaters: Record<string, Inflate> = {
  gzip: gunzip,
  'x-gzip': gunzip,
  br: (b, o) => brotli(b, { maxOutputLength: o.maxOutputLength }),
  // `deflate` is zlib-wrapped by the RFC, raw in some servers: fetch accepts both.
  deflate: (b, o) => zInflate(b, o).catch((err: unknown) => {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw err;
    return inflateRaw(b, o);
  }),
};

// fetch's text() drops a UTF-8 byte order mark, which JSON.parse would choke on.
const textOf = (body: Buffer) => {
  const text = body.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
};

const abortError = () => Object.assign(new Error('This operation was aborted'), { name: 'AbortError' });

/** Whether a failed exchange may be tried once more on a fresh socket (see `requestJson`). */
const staleSocket = (err: unknown, reused: boolean, answered: boolean) =>
  reused && !answered && ['ECONNRESET', 'EPIPE', 'ECONNABORTED'].includes((err as NodeJS.ErrnoException)?.code ?? '');

function exchange(url: URL, r: JsonRequest, deadline: number): Promise<JsonAnswer> {
  return new Promise((resolve, reject) => {
    const { lib, agent } = transportFor(url);
    const req = lib.request(url, { method: r.method, headers: { ...FETCH_LIKE, ...r.headers }, agent });
    let answered = false;
    let settled = false;
    const finish = (err: unknown, answer?: JsonAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      r.signal?.removeEventListener('abort', onAbort);
      if (err) {
        req.destroy();
        // Node's docs advise one retry when a kept-alive socket turns out to be closed already.
        (err as { retryOnFreshSocket?: boolean }).retryOnFreshSocket = staleSocket(err, req.reusedSocket, answered);
        reject(err);
      } else resolve(answer!);
    };
    const onAbort = () => finish(abortError());
    const timer = setTimeout(() => finish(new TimeoutSeen('timed out')), Math.max(0, deadline - Date.now()));
    timer.unref();
    r.signal?.addEventListener('abort', onAbort, { once: true });
    req.once('error', (err) => finish(err));
    req.once('response', (res) => {
      answered = true;
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        return finish(new RedirectSeen(res.headers.location));
      }
      const chunks: Buffer[] = [];
      let received = 0;
      res.on('data', (c: Buffer) => {
        received += c.length;
        if (received > r.maxBytes) finish(tooLarge(r.maxBytes, 'answer'));
        else chunks.push(c);
      });
      res.once('error', (err) => finish(err));
      res.once('close', () => {
        if (!res.complete) finish(Object.assign(new Error('The connection closed before the answer was complete.'), { code: 'ECONNRESET' }));
      });
      res.once('end', () => {
        const headers = res.headers;
        const answer = (text: string): JsonAnswer => ({
          status,
          header: (name) => {
            const v = headers[name];
            return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
          },
          text,
        });
        const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
        const encoding = headers['content-encoding']?.trim().toLowerCase();
        const inflate = encoding ? inflaters[encoding] : undefined;
        if (!inflate) return finish(undefined, answer(textOf(body)));
        inflate(body, { maxOutputLength: r.maxBytes }).then(
          (plain) => finish(undefined, answer(textOf(plain))),
          (err: unknown) => finish((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? tooLarge(r.maxBytes, 'answer') : err),
        );
      });
    });
    req.end();
  });
}

/**
 * One GET with its whole answer, any status. Throws the transport's error (with `code` such as
 * ECONNREFUSED, as failureFromNetwork reads it), an AbortError, TimeoutSeen, RedirectSeen, or
 * a GatewayFailure for a body over `maxBytes`.
 */
export async function requestJson(url: string, r: JsonRequest): Promise<JsonAnswer> {
  if (r.signal?.aborted) throw abortError();
  const target = new URL(url);
  const deadline = Date.now() + r.timeoutMs;
  // Several pooled sockets may have been closed by the server at once: each try takes another.
  for (let tries = 1; ; tries++) {
    try {
      return await exchange(target, r, deadline);
    } catch (err) {
      if (!(err as { retryOnFreshSocket?: boolean }).retryOnFreshSocket || tries >= 4) throw err;
    }
  }
}
