/**
 * The browser shell's HTTP bridge: the same contract as the desktop IPC, carried over
 * `POST /api/call/<method>` and an SSE event stream, plus the built renderer as static files.
 *
 * Safe on a shared machine (docs/security.md): it listens on 127.0.0.1 only; requests with a
 * foreign Host (DNS rebinding) or a foreign Origin (another local site) are refused before
 * anything else runs; every request needs the session cookie, and every call also the session
 * secret only the signed-in page holds (session.ts), except the icon at `/favicon.ico`, which
 * browsers fetch without cookies. No CORS headers are ever sent, so browsers block cross-origin reads.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { ATTACHMENT_MAX_BYTES, isMethodName, UPLOAD_IMPORT_MAX_BYTES, type Result, type StudioHost } from '@shared/contract/index.js';
import { errorData } from '@shared/contract/result.js';
import { msg } from '@shared/messages/index.js';
import { CONTENT_SECURITY_POLICY } from '@shared/csp.js';
import type { MediaLookup } from '@host/library/media-file.js';
import { MEDIA_PREFIX, serveMediaRoute } from './media-route.js';
import { DOWNLOAD_PREFIX, sendDownload, type DownloadLinks } from './downloads.js';
import { FRAGMENT_KEY, MEDIA_PARAM, SESSION_HEADER, SESSION_PARAM, sameSecret, ShellSessions, type Session } from './session.js';
const MAX_BODY_BYTES = 5 * 1024 * 1024;
const HEARTBEAT_MS = 25_000;
/** After a restart the page comes back at once: the shortest wait the page's stream accepts (event-stream.ts). */
const RENEW_RETRY_MS = 1_000;
const SIGNED_OUT = 'This tab is not signed in to the studio. Open the newest link printed in the terminal where the studio runs.';

export interface BrowserShellServerOptions {
  host: StudioHost;
  rendererDir: string;
  /** The file a `/media/` path names: only what the library knows (the core's `mediaFile`). */
  mediaFile?: MediaLookup;
  /** The one-time links the core offers files through (`/download/<token>`, downloads.ts). */
  downloads?: DownloadLinks;
  /** The page's icon, answered at `/favicon.ico`; without it that path is a 404. */
  favicon?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Tests pass a known first link token; a launch draws a fresh one. */
  token?: string;
  /** A launch link was spent: the shell offers a fresh one (they work once). */
  onSignIn?: () => void;
  /** Only tests shorten it. */
  heartbeatMs?: number;
  /** The sessions' clock (session.ts): tests move it; a launch uses real time. */
  now?: () => number;
}

export interface BrowserShellServer {
  /** `http://127.0.0.1:PORT/?token=…`: the link printed at start; it signs one browser tab in, once. */
  url: string;
  origin: string;
  port: number;
  /** A fresh one-time sign-in link, for another tab or browser. */
  newLink(): string;
  /**
   * The host behind the server was started again (main.ts, a restart): the event streams end
   * and the next ones name a new run, so each page reconnects soon and reads again what the host
   * owns (renderer/src/api/connection.ts). Sessions stay: nobody signs in again.
   */
  renew(): void;
  close(): Promise<void>;
}

function cookieValue(req: IncomingMessage, name: string): string | undefined {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function baseHeaders(res: ServerResponse) {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}

function sendText(res: ServerResponse, status: number, text: string) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(text);
}

function sendResult(res: ServerResponse, status: number, result: Result<unknown>) {
  const body = JSON.stringify(result);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(body);
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.map': 'application/json', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp',
  '.ico': 'image/x-icon', '.woff': 'font/woff', '.woff2': 'font/woff2', '.ttf': 'font/ttf', '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8', '.webmanifest': 'application/manifest+json',
};

async function isFile(path: string) {
  return stat(path).then((s) => s.isFile(), () => false);
}

/** Serves the built renderer, never anything outside it (symlinks included). */
async function serveStatic(req: IncomingMessage, res: ServerResponse, rendererDir: string, pathname: string) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    return sendText(res, 405, 'Method not allowed.');
  }
  let rel: string;
  try {
    rel = decodeURIComponent(pathname);
  } catch {
    return sendText(res, 400, 'Bad path.');
  }
  if (rel.includes('\0')) return sendText(res, 400, 'Bad path.');
  const root = await realpath(rendererDir).catch(() => undefined);
  const index = root && join(root, 'index.html');
  if (!root || !index || !(await isFile(index))) return sendText(res, 503, 'The studio is not built yet: run `npx vite build`.');
  const inside = (p: string) => p === root || p.startsWith(root + sep);
  const target = resolve(root, '.' + rel);
  // Encoded dots and slashes (%2e%2e%2f) survive URL parsing; refuse rather than fall back.
  if (!inside(target)) return sendText(res, 403, 'Forbidden path.');
  let file = (await stat(target).then((s) => s.isDirectory(), () => false)) ? join(target, 'index.html') : target;
  if (!(await isFile(file))) {
    // Client-side routes (no extension) get the app; a missing asset is a plain 404, not HTML.
    if (extname(rel) !== '') return sendText(res, 404, 'Not found.');
    file = index;
  }
  const real = await realpath(file);
  if (!inside(real)) return sendText(res, 403, 'Forbidden path.');
  const size = (await stat(real)).size;
  const immutable = real.startsWith(join(root, 'assets') + sep) && real !== index;
  res.writeHead(200, {
    'Content-Type': CONTENT_TYPES[extname(real).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': size,
    // index.html names the current hashed bundles, so it must never be cached; the bundles may.
    'Cache-Control': immutable ? 'private, max-age=31536000, immutable' : 'no-store',
  });
  if (req.method === 'HEAD') return res.end();
  createReadStream(real).on('error', () => res.destroy()).pipe(res);
}

/**
 * The app icon, the one thing answered without a session: browsers fetch `/favicon.ico` without
 * cookies (the HTML spec's default icon, "rel=icon": https://html.spec.whatwg.org/multipage/links.html#rel-icon).
 * It is one fixed file, named by the shell, never by the request, so no path reaches the disk here.
 */
async function serveFavicon(req: IncomingMessage, res: ServerResponse, file: string | undefined) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    return sendText(res, 405, 'Method not allowed.');
  }
  const body = file && (await readFile(file).catch(() => undefined));
  if (!body) return sendText(res, 404, 'Not found.');
  res.writeHead(200, {
    'Content-Type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': body.byteLength,
    // Not immutable: a new icon should show within a day, without a hashed name to change.
    'Cache-Control': 'public, max-age=86400',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * The whole body, or undefined when it is over `limit`. An over-long body is not cut off by
 * closing the socket (the sender would see a dropped connection, not the 413 that says why): its
 * announced length is refused before reading, and a body without one is read on and dropped, up
 * to a bound, so the answer can be read. Past that bound the connection is closed after it.
 */
function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer | undefined> {
  const announced = Number(req.headers['content-length']);
  if (Number.isFinite(announced) && announced > limit) {
    req.resume(); // drain what the client sends anyway; the answer closes the connection
    return Promise.resolve(undefined);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= limit) chunks.push(c);
      else if (size > limit * 4) req.destroy(); // an endless body: enough
    });
    req.on('end', () => resolve(size > limit ? undefined : Buffer.concat(chunks)));
    req.on('error', reject);
    req.on('close', () => resolve(size > limit ? undefined : Buffer.concat(chunks)));
  });
}

/** The 413, then the connection closes: whatever more the sender had is not read. */
function tooLarge(res: ServerResponse, send: () => void): void {
  res.setHeader('Connection', 'close');
  send();
}

export async function createBrowserShellServer(options: BrowserShellServerOptions): Promise<BrowserShellServer> {
  const sessions = new ShellSessions(() => port, options.token, options.now);
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  let bootId = randomUUID();
  const streams = new Set<(retryMs?: number) => void>();
  let port = 0;

  async function handleCall(req: IncomingMessage, res: ServerResponse, method: string) {
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      return sendText(res, 405, 'Calls are POST requests.');
    }
    // A JSON content type cannot be sent cross-origin without a preflight, which we refuse.
    const type = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json') return sendText(res, 415, 'Calls take Content-Type: application/json.');
    if (!isMethodName(method)) return sendText(res, 404, `There is no call named "${method}".`);
    const body = await readBody(req);
    if (body === undefined) return tooLarge(res, () => sendText(res, 413, 'That request is too large.'));
    const text = body.toString('utf8');
    let input: unknown;
    try {
      input = text.trim() === '' ? {} : JSON.parse(text);
    } catch {
      return sendResult(res, 400, { ok: false, error: errorData('invalid_input', msg('app.calls.notJson'), false) });
    }
    sendResult(res, 200, await dispatch(method, input));
  }

  async function dispatch(method: string, input: unknown): Promise<Result<unknown>> {
    try {
      return await options.host.dispatch(method, input);
    } catch {
      // The core turns every failure into data; this only guards against a bug there.
      return { ok: false, error: errorData('internal', msg('app.calls.unexpectedProblem'), true) };
    }
  }

  /** `attachments.add`, or `library.importFile`, `chat.importJson` or `chat.addDocument` as `X-Studio-Call` names: raw bytes, never base64 in JSON. */
  async function handleUpload(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      return sendText(res, 405, 'Uploads are POST requests.');
    }
    // Like JSON, this content type cannot be sent cross-origin without a refused preflight.
    const type = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/octet-stream') return sendText(res, 415, 'Uploads take Content-Type: application/octet-stream.');
    const named = req.headers['x-studio-call'];
    const importing = named === 'library.importFile' || named === 'chat.importJson' ? named : undefined;
    const body = await readBody(req, importing ? UPLOAD_IMPORT_MAX_BYTES : ATTACHMENT_MAX_BYTES);
    if (body === undefined) return tooLarge(res, () => sendResult(res, 413, { ok: false, error: errorData('invalid_input', importing ? msg('jobs.library.importTooLarge', { mb: UPLOAD_IMPORT_MAX_BYTES / 1048576 }) : msg('app.calls.fileTooLarge'), false) }));
    let name = 'image';
    try {
      name = decodeURIComponent(String(req.headers['x-file-name'] ?? 'image')).slice(0, 255);
    } catch { /* a malformed name is not worth refusing the file for */ }
    const data = new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
    sendResult(res, 200, await dispatch(importing ?? (named === 'chat.addDocument' ? 'chat.addDocument' : 'attachments.add'), { name, data }));
  }

  function handleEvents(req: IncomingMessage, res: ServerResponse, session: Session) {
    if (req.method !== 'GET') {
      res.setHeader('Allow', 'GET');
      return sendText(res, 405, 'The event stream is a GET request.');
    }
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    res.socket?.setNoDelay(true);
    // The first bytes flush the headers, so the page knows at once that the host answers. The
    // hello names this run of the host (a page that reconnects to a new one knows it restarted)
    // and how often it beats, so the page can tell a frozen host from a quiet one.
    res.write(': connected\n\n');
    res.write(`event: hello\ndata: ${JSON.stringify({ bootId, heartbeatMs })}\n\n`);
    // The session lives while this stream is open (session.ts): the tab is there.
    sessions.streamOpened(session);
    const unsubscribe = options.host.subscribe((event, payload) => {
      res.write(`data: ${JSON.stringify({ event, payload })}\n\n`);
    });
    // Comments keep idle proxies and the browser from dropping a quiet stream.
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), heartbeatMs);
    const stop = (retryMs?: number) => {
      if (!streams.delete(stop)) return;
      clearInterval(heartbeat);
      unsubscribe();
      sessions.streamClosed(session);
      // A stream ended on purpose says how soon to come back (the SSE `retry` field).
      if (retryMs !== undefined) res.write(`retry: ${retryMs}\n\n`);
      res.end();
    };
    streams.add(stop);
    req.on('close', () => stop());
    res.on('error', () => stop());
  }

  const holds = (expected: string, given: string | string[] | null | undefined) => typeof given === 'string' && sameSecret(expected, given);

  async function handle(req: IncomingMessage, res: ServerResponse) {
    baseHeaders(res);
    // DNS rebinding: a foreign name resolving to 127.0.0.1 still carries its own Host.
    const hostHeader = req.headers.host ?? '';
    if (hostHeader !== `127.0.0.1:${port}` && hostHeader !== `localhost:${port}`) return sendText(res, 403, 'Forbidden host.');
    // Browsers set Origin on cross-origin requests (and on every POST); only our own may talk to us.
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== `http://${hostHeader}`) return sendText(res, 403, 'Forbidden origin.');

    const url = new URL(req.url ?? '/', `http://${hostHeader}`);
    // Before the link: fetching the icon never spends a sign-in, whatever its query says.
    if (url.pathname === '/favicon.ico') return serveFavicon(req, res, options.favicon);
    const given = url.searchParams.get('token');
    if (given !== null && (req.method === 'GET' || req.method === 'HEAD')) {
      const session = sessions.redeem(given);
      if (!session) return sendText(res, 403, 'This link has been used or is not valid. Open the newest link printed in the terminal where the studio runs.');
      options.onSignIn?.();
      // The cookie leaves the URL (history, Referer); the page's secret rides in the fragment,
      // which no browser sends to any server, and the page moves it into its tab's storage.
      res.writeHead(303, {
        Location: `${url.pathname}#${FRAGMENT_KEY}=${session.api}.${session.media}`,
        'Set-Cookie': `${sessions.cookieName}=${session.cookie}; HttpOnly; SameSite=Strict; Path=/`,
        'Cache-Control': 'no-store',
      });
      return res.end();
    }
    const session = sessions.byCookie(cookieValue(req, sessions.cookieName));
    if (!session) return sendText(res, 403, 'Open the studio with the link printed in the terminal where it was started.');

    if (url.pathname.startsWith('/api/')) {
      // Fetch metadata, where the browser sends it: the API answers same-origin requests only.
      const site = req.headers['sec-fetch-site'];
      if (site !== undefined && site !== 'same-origin') return sendText(res, 403, 'Forbidden origin.');
      if (url.pathname === '/api/events') {
        if (!holds(session.api, url.searchParams.get(SESSION_PARAM))) return sendText(res, 403, SIGNED_OUT);
        return handleEvents(req, res, session);
      }
      // Browsers send Origin with every POST; a request without one is not from our page.
      if (req.method === 'POST' && origin === undefined) return sendText(res, 403, 'Forbidden origin.');
      if (!holds(session.api, req.headers[SESSION_HEADER])) return sendText(res, 403, SIGNED_OUT);
      sessions.touch(session);
      if (url.pathname.startsWith('/api/call/')) return handleCall(req, res, url.pathname.slice('/api/call/'.length));
      if (url.pathname === '/api/upload') return handleUpload(req, res);
      return sendText(res, 404, 'Not found.');
    }
    if (url.pathname.startsWith(MEDIA_PREFIX) && options.mediaFile) {
      if (!holds(session.media, url.searchParams.get(MEDIA_PARAM))) return sendText(res, 403, SIGNED_OUT);
      sessions.touch(session);
      // The raw path (still percent-encoded) is what the confinement check must see.
      return serveMediaRoute(req, res, options.mediaFile, (req.url ?? '').split('?')[0]);
    }
    if (url.pathname.startsWith(DOWNLOAD_PREFIX) && options.downloads) {
      // Checked before the link is spent, so a refused request cannot use it up.
      if (req.method !== 'GET') {
        res.setHeader('Allow', 'GET');
        return sendText(res, 405, 'Downloads are GET requests.');
      }
      // A page on another local port is same-site (ports do not count) and is sent the cookie.
      const site = req.headers['sec-fetch-site'];
      if (site !== undefined && site !== 'same-origin') return sendText(res, 403, 'Forbidden origin.');
      if (!holds(session.media, url.searchParams.get(MEDIA_PARAM))) return sendText(res, 403, SIGNED_OUT);
      sessions.touch(session);
      const offer = options.downloads.take(url.pathname.slice(DOWNLOAD_PREFIX.length));
      if (!offer) return sendText(res, 410, 'This download link has been used or has expired. Save or export the file again from the Gallery.');
      return sendDownload(res, offer);
    }
    return serveStatic(req, res, options.rendererDir, url.pathname);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendText(res, 500, 'The studio hit an unexpected problem.');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;

  let closing: Promise<void> | undefined;
  return {
    url: `${origin}/?token=${sessions.firstLink}`,
    origin,
    port,
    newLink: () => `${origin}/?token=${sessions.mintLink()}`,
    renew() {
      bootId = randomUUID();
      for (const stop of [...streams]) stop(RENEW_RETRY_MS);
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const stop of [...streams]) stop();
        server.close(() => resolve());
        // Idle keep-alive sockets would otherwise hold close() open for seconds.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
